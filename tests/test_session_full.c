/* A full disk during play does not end the recording (store/session.c, journal_write.c). A child
 * process plays the bot's game recording it as the window does (a snapshot on every floor
 * change and every SNAPSHOT_EVERY commands); from command FULL_FROM to FULL_UNTIL every write
 * of the recording fails with ENOSPC (a test seam in place of write(2)), the first one after
 * writing half of what it was given, so a torn line is left in the file. Then the disk has
 * room again, and the child plays on and is killed with SIGKILL. The recording on disk must
 * replay to the game of every command applied, and Continue (save_start, session_resume) must
 * bring back every one of them, as a game rebuilt from the commands the child kept in memory
 * shared with this test.
 *
 * And a folder that cannot be written: Continue (game_start without may_write) replays the
 * recording's tail in memory, touches no file, and says the game is not saved. */
#define _GNU_SOURCE /* MAP_ANONYMOUS */
#include "test_support.h"

#include <errno.h>
#include <inttypes.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bot/bot.h"
#include "store/game_end.h"
#include "store/journal.h"
#include "store/save.h"
#include "store/session.h"
#include "test_dir.h"
#include "test_rules.h"

enum {
    SEED = 11,
    CMDS = 1500,
    CMDS_MAX = 4000,
    FULL_FROM = 200,
    FULL_UNTIL = 700,
    SNAPSHOT_EVERY = 100
};

typedef struct Shared {
    volatile int done;         /* the child played its commands and waits to be killed */
    volatile int full;         /* the disk is full: the recording's writes fail */
    volatile int torn;         /* the first failing write wrote half */
    volatile int stalled_seen; /* the session held the recording in memory at some point */
    volatile uint64_t applied; /* commands applied */
    Command cmds[CMDS_MAX];    /* the commands, by their number */
} Shared;

static Shared *shared;
static char save_path[1200], journal_path[1200];

static long full_disk_write(int fd, const void *data, size_t len)
{
    if (!shared->full)
        return (long)write(fd, data, len);
    if (!shared->torn && len > 1) {
        shared->torn = 1;
        return (long)write(fd, data, len / 2);
    }
    errno = ENOSPC;
    return -1;
}

static void record(void *ctx, const Command *cmd, const Game *after)
{
    Session *s = ctx;
    shared->cmds[after->commands - 1] = *cmd;
    shared->full = after->commands >= FULL_FROM && after->commands < FULL_UNTIL;
    session_record(s, after, cmd, after->commands * 50); /* a command every 50 ms */
    shared->applied = after->commands;
    if (s->stalled)
        shared->stalled_seen = 1;
    bool snapshot =
        (after->events & GAME_EVENT_FLOOR_CHANGED) || after->commands % SNAPSHOT_EVERY == 0;
    if (snapshot && after->outcome == GAME_PLAYING && !session_save(s, after))
        _exit(6);
}

/* Recorded, without a snapshot after the first. */
static void record_only(void *ctx, const Command *cmd, const Game *after)
{
    shared->cmds[after->commands - 1] = *cmd;
    session_record(ctx, after, cmd, 0);
}

static _Noreturn void child(void)
{
    static Game g;
    static Bot bot;
    Session s;
    char err[1400];
    journal_test_write = full_disk_write;
    if (!game_init(&g, SEED, test_rules()) || !session_begin(&s, &g, save_path, journal_path) ||
        !save_write(&g, save_path, err, sizeof err))
        _exit(3);
    bot_init(&bot);
    bot.on_command = record;
    bot.on_command_ctx = &s;
    while (g.commands < CMDS && g.outcome == GAME_PLAYING && bot_play_turn(&bot, &g))
        ;
    if (g.commands < FULL_UNTIL + SESSION_RETRY_EVERY)
        _exit(4); /* the game must go on past the full disk */
    shared->done = 1;
    for (;;)
        pause();
}

/* The game of the first n commands, from the seed. */
static void rebuild(Game *g, uint64_t n)
{
    assert_true(game_init(g, SEED, test_rules()));
    for (uint64_t i = 0; i < n; i++)
        game_apply(g, &shared->cmds[i]);
}

static void a_full_disk_then_free_space_loses_nothing(void **state)
{
    (void)state;
    char dir[256], err[1400];
    assert_true(test_dir_create(dir, sizeof dir, "full"));
    snprintf(save_path, sizeof save_path, "%s/save.json", dir);
    snprintf(journal_path, sizeof journal_path, "%s/game.mkrec", dir);
    shared = mmap(NULL, sizeof *shared, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    assert_true(shared != MAP_FAILED);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0)
        child();
    int status = 0;
    for (int i = 0; i < 50000 && !shared->done && waitpid(pid, &status, WNOHANG) == 0; i++)
        usleep(200);
    if (!shared->done)
        fail_msg("the child stopped at command %" PRIu64 " (exit %d)", shared->applied,
                 WIFEXITED(status) ? WEXITSTATUS(status) : -1);
    kill(pid, SIGKILL);
    waitpid(pid, &status, 0);
    uint64_t applied = shared->applied;
    static Game want, replayed, got;
    rebuild(&want, applied);
    /* The file on disk replays, every checksum checked, to the game played. */
    Journal j;
    assert_true(journal_read(journal_path, test_rules(), &j, err, sizeof err));
    assert_false(j.torn);
    assert_int_equal(j.count, applied);
    assert_true(journal_start_game(&j, test_rules(), &replayed, err, sizeof err));
    if (!journal_replay(&j, &replayed, 0, j.count, err, sizeof err))
        fail_msg("the recording does not replay: %s", err);
    assert_true(game_state_hash(&replayed) == game_state_hash(&want));
    journal_free(&j);
    /* Continue brings back every command. */
    SaveStart *start = calloc(1, sizeof *start);
    assert_non_null(start);
    save_start(&got, save_path, test_rules(), true, start);
    assert_true(start->continue_main);
    Session s;
    SessionResume res;
    session_resume(&s, &got, test_rules(), save_path, journal_path, true, &res);
    if (res.refused)
        fail_msg("Continue refused the recording: %s", res.message);
    assert_int_equal(got.commands, applied);
    assert_true(game_state_hash(&got) == game_state_hash(&want));
    printf("%" PRIu64 " commands, the disk full from %d to %d: all %" PRIu64 " recovered\n",
           applied, FULL_FROM, FULL_UNTIL, got.commands);
    assert_true(shared->torn);         /* a line was torn by the full disk, */
    assert_true(shared->stalled_seen); /* and the recording waited in memory */
    session_close(&s);
    free(start);
    game_free(&got);
    game_free(&want);
    game_free(&replayed);
    munmap(shared, sizeof *shared);
    test_dir_delete(dir);
}

static char *read_all(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    char *text = malloc(1 << 20);
    assert_non_null(text);
    *len = fread(text, 1, 1 << 20, f);
    fclose(f);
    return text;
}

static void a_read_only_folder_continues_from_the_recording_in_memory(void **state)
{
    (void)state;
    char dir[256], err[1400];
    assert_true(test_dir_create(dir, sizeof dir, "ro"));
    GameFiles files = {.may_write = false};
    snprintf(files.dir, sizeof files.dir, "%s", dir);
    snprintf(files.save, sizeof files.save, "%s/save.json", dir);
    snprintf(files.journal, sizeof files.journal, "%s/game.mkrec", dir);
    snprintf(files.scores, sizeof files.scores, "%s/highscores.json", dir);
    shared = calloc(1, sizeof *shared);
    assert_non_null(shared);
    static Game g, want;
    static Bot bot;
    Session s;
    assert_true(game_init(&g, SEED, test_rules()));
    assert_true(session_begin(&s, &g, files.save, files.journal));
    assert_true(save_write(&g, files.save, err, sizeof err));
    bot_init(&bot);
    bot.on_command = record_only;
    bot.on_command_ctx = &s;
    while (g.commands < 150 && bot_play_turn(&bot, &g))
        ;
    uint64_t played = g.commands;
    session_close(&s);
    game_free(&g);
    FILE *f = fopen(files.journal, "ab");
    assert_non_null(f);
    fputs("m 1", f); /* a torn line: a folder that cannot be written keeps it */
    fclose(f);
    size_t before_len, after_len;
    char *before = read_all(files.journal, &before_len);
    Highscores scores;
    highscores_init(&scores);
    GameStart *start = calloc(1, sizeof *start);
    assert_non_null(start);
    game_start(&g, &s, test_rules(), &files, &scores, start);
    assert_true(start->playable);
    assert_int_equal(g.commands, played);
    assert_int_equal(start->resume.replayed, played);
    assert_non_null(strstr(start->resume.message, "Recovered"));
    assert_non_null(strstr(start->notice, "cannot be written"));
    assert_false(s.recording);
    char *after = read_all(files.journal, &after_len);
    assert_int_equal(after_len, before_len); /* nothing cut, moved or written */
    assert_memory_equal(after, before, before_len);
    rebuild(&want, played);
    assert_true(game_state_hash(&g) == game_state_hash(&want));
    session_close(&s);
    free(before);
    free(after);
    free(start);
    game_free(&g);
    game_free(&want);
    free(shared);
    test_dir_delete(dir);
}

/* A new game of SEED in a new folder `dir` (save_path and journal_path set to it), saved at
 * once and recorded by s, played by the bot to `commands` commands. */
static void play_recorded(char *dir, size_t dir_size, const char *tag, Game *g, Session *s,
                          uint64_t commands)
{
    static Bot bot;
    char err[1400];
    assert_true(test_dir_create(dir, dir_size, tag));
    snprintf(save_path, sizeof save_path, "%s/save.json", dir);
    snprintf(journal_path, sizeof journal_path, "%s/game.mkrec", dir);
    assert_true(game_init(g, SEED, test_rules()));
    assert_true(session_begin(s, g, save_path, journal_path));
    assert_true(save_write(g, save_path, err, sizeof err));
    bot_init(&bot);
    bot.on_command = record_only;
    bot.on_command_ctx = s;
    while (g->commands < commands && bot_play_turn(&bot, g))
        ;
}

/* Reads the recording, replays it whole from the seed and compares with g; fails naming why. */
static void assert_verifies_as(const char *path, const Game *g)
{
    char err[1400];
    Journal j;
    static Game replayed;
    if (!journal_read(path, test_rules(), &j, err, sizeof err) ||
        !journal_closed(&j, path, err, sizeof err) ||
        !journal_start_game(&j, test_rules(), &replayed, err, sizeof err) ||
        !journal_replay(&j, &replayed, 0, j.count, err, sizeof err))
        fail_msg("%s", err);
    assert_true(game_state_hash(&replayed) == game_state_hash(g));
    journal_free(&j);
    game_free(&replayed);
}

/* A game saved and left (Quit on the title) leaves a recording that verifies whole: the save
 * puts a checksum after the commands it holds, so none is left unchecked. */
static void a_saved_game_leaves_a_recording_that_verifies(void **state)
{
    (void)state;
    char dir[256];
    shared = calloc(1, sizeof *shared);
    assert_non_null(shared);
    static Game g;
    Session s;
    play_recorded(dir, sizeof dir, "quit", &g, &s, 150);
    assert_true(g.commands % JOURNAL_CHECK_EVERY != 0); /* else the writer checks anyway */
    assert_true(session_save(&s, &g));
    session_close(&s);
    assert_verifies_as(journal_path, &g);
    game_free(&g);
    free(shared);
    test_dir_delete(dir);
}

/* Cuts the file just after its n-th command's line. */
static void cut_after_command(const char *path, size_t n)
{
    size_t len;
    char *text = read_all(path, &len);
    size_t at = 0, seen = 0;
    for (size_t line = 0; at < len && seen < n; line++) {
        char *end = memchr(text + at, '\n', len - at);
        assert_non_null(end);
        if (line > 0 && text[at] != '#')
            seen++;
        at = (size_t)(end - text) + 1;
    }
    assert_int_equal(seen, n);
    assert_int_equal(truncate(path, (off_t)at), 0);
    free(text);
}

/* A crash between the 64th command and its checksum leaves the file ending in that command.
 * Continue appends the checksum due there before the game goes on, so the recording stays
 * whole and a later crash does not find a command where that checksum must be. */
static void a_checksum_cut_by_a_crash_is_written_on_continue(void **state)
{
    (void)state;
    char dir[256], err[1400];
    shared = calloc(1, sizeof *shared);
    assert_non_null(shared);
    static Game g;
    static Bot bot;
    Session s;
    play_recorded(dir, sizeof dir, "due", &g, &s, 100);
    session_close(&s);
    game_free(&g);
    cut_after_command(journal_path, JOURNAL_CHECK_EVERY);
    assert_int_equal(save_load(&g, save_path, test_rules(), err, sizeof err), SAVE_LOAD_OK);
    SessionResume out;
    session_resume(&s, &g, test_rules(), save_path, journal_path, true, &out);
    assert_false(out.refused);
    assert_int_equal(g.commands, JOURNAL_CHECK_EVERY);
    bot_init(&bot);
    bot.on_command = record_only;
    bot.on_command_ctx = &s;
    while (g.commands < JOURNAL_CHECK_EVERY + 20 && bot_play_turn(&bot, &g))
        ;
    assert_true(session_save(&s, &g));
    session_close(&s);
    assert_verifies_as(journal_path, &g);
    game_free(&g);
    free(shared);
    test_dir_delete(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_full_disk_then_free_space_loses_nothing),
        cmocka_unit_test(a_read_only_folder_continues_from_the_recording_in_memory),
        cmocka_unit_test(a_saved_game_leaves_a_recording_that_verifies),
        cmocka_unit_test(a_checksum_cut_by_a_crash_is_written_on_continue),
    };
    return RUN_TESTS(tests);
}
