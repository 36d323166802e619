/* The end of a game is kept whole whatever moment a kill hits (store/game_end.c). A child
 * process plays a scripted game to its death, recording it as the window does (a snapshot at
 * the start and on every floor change), and writes the death's end with game_end_finish; a
 * test hook kills it with SIGKILL at one step of that: before the first, or after the morgue,
 * the kept recording, the highscore, the save's removal, game.mkrec's removal or the pruning.
 * For each step the folder is then started as the title does (game_start), twice, and must
 * hold exactly one highscore entry for that game, its morgue and its kept recording (which
 * replays to the death), no save and no game.mkrec, and nothing offered to continue. */
#define _GNU_SOURCE /* MAP_ANONYMOUS */
#include "test_support.h"

#include <inttypes.h>
#include <signal.h>
#include <sys/wait.h>

#include "bot/bot.h"
#include "store/game_end.h"
#include "store/journal.h"
#include "test_dir.h"
#include "test_rules.h"

enum { SEED = 5, CMDS_MAX = 20000 };

static Rules rules; /* the fixture's, with the player at 1 HP: the first bite kills */
static GameFiles files;
static GameEndStep kill_at;

static void set_files(const char *dir)
{
    memset(&files, 0, sizeof files);
    files.may_write = true;
    snprintf(files.dir, sizeof files.dir, "%s", dir);
    snprintf(files.save, sizeof files.save, "%s/save.json", dir);
    snprintf(files.journal, sizeof files.journal, "%s/game.mkrec", dir);
    snprintf(files.scores, sizeof files.scores, "%s/highscores.json", dir);
}

/* The bot's command, recorded as the window records the player's, with a snapshot on every
 * floor change. */
static void record(void *ctx, const Command *cmd, const Game *after)
{
    Session *s = ctx;
    session_record(s, after, cmd, 0);
    if ((after->events & GAME_EVENT_FLOOR_CHANGED) && after->outcome == GAME_PLAYING &&
        !session_save(s, after))
        _exit(4);
}

static void die_here(GameEndStep step)
{
    if (step == kill_at)
        raise(SIGKILL);
}

/* Plays to the death as the window does, then writes its end, killed at step kill_at. */
static _Noreturn void child(void)
{
    static Game g;
    Session s;
    Highscores scores;
    char err[1400];
    if (!highscores_load(&scores, files.scores, err, sizeof err) || !game_init(&g, SEED, &rules) ||
        !session_begin(&s, &g, files.save, files.journal) ||
        !save_write(&g, files.save, err, sizeof err)) {
        fprintf(stderr, "%s\n", err);
        _exit(3);
    }
    static Bot bot;
    bot_init(&bot);
    bot.on_command = record;
    bot.on_command_ctx = &s;
    while (g.commands < CMDS_MAX && bot_play_turn(&bot, &g))
        ;
    if (g.outcome != GAME_DIED) {
        fprintf(stderr, "outcome %d after %" PRIu64 " commands, turn %u, floor %d\n",
                (int)g.outcome, g.commands, (unsigned)g.turn, g.current);
        _exit(5);
    }
    game_end_test_step = die_here;
    GameEnd end;
    game_end_finish(&s, &g, &files, &scores, &end);
    _exit(6); /* never reached: the hook kills at every step, the last one included */
}

static bool exists(const char *path)
{
    struct stat st;
    return lstat(path, &st) == 0;
}

/* The folder as the title finds it: nothing to continue, one entry, every file of the end. */
/* The morgue keeps the worn gear, the pack and a line per floor visited. */
static void morgue_lists_gear_and_floors(const char *path)
{
    static char text[16384];
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    size_t n = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[n] = '\0';
    if (!strstr(text, "\nWorn: ") || !strstr(text, "\nPack (") ||
        !strstr(text, "\nBy floor:\n  Floor 0: "))
        fail_msg("the morgue %s lacks the gear, the pack or the floors:\n%s", path, text);
}

static void check_started(int k, int run)
{
    Highscores scores;
    char err[1400], path[1600];
    assert_true(highscores_load(&scores, files.scores, err, sizeof err));
    static Game g;
    Session s;
    GameStart *start = calloc(1, sizeof *start);
    assert_non_null(start);
    game_start(&g, &s, &rules, &files, &scores, start);
    if (start->playable || start->save.has_recovery)
        fail_msg("kill after step %d, start %d: the dead game is offered to continue (%s)", k, run,
                 start->notice);
    session_close(&s);
    free(start);
    assert_true(highscores_load(&scores, files.scores, err, sizeof err));
    int entries = 0, row = -1;
    for (int i = 0; i < scores.count; i++)
        if (scores.entries[i].seed == SEED)
            entries++, row = i;
    if (entries != 1)
        fail_msg("kill after step %d, start %d: %d highscore entries for the game", k, run,
                 entries);
    const char *rec = scores.entries[row].recording;
    assert_true(strlen(rec) > 6);
    snprintf(path, sizeof path, "%s/recordings/%s", files.dir, rec);
    if (!exists(path))
        fail_msg("kill after step %d: no kept recording %s", k, path);
    Journal j;
    static Game replayed;
    assert_true(journal_read(path, &rules, &j, err, sizeof err));
    assert_true(journal_start_game(&j, &rules, &replayed, err, sizeof err));
    assert_true(journal_replay(&j, &replayed, 0, j.count, err, sizeof err));
    assert_int_equal(replayed.outcome, GAME_DIED);
    game_free(&replayed);
    journal_free(&j);
    snprintf(path + strlen(path) - 6, 8, ".txt");
    if (!exists(path))
        fail_msg("kill after step %d: no morgue %s", k, path);
    morgue_lists_gear_and_floors(path); /* R-SUMMARY-1, R-SUMMARY-2 */
    static const char *const gone[] = {"save.json", "save.json.bak", "save.json.tmp", "game.mkrec"};
    for (size_t i = 0; i < sizeof gone / sizeof *gone; i++) {
        snprintf(path, sizeof path, "%s/%s", files.dir, gone[i]);
        if (exists(path))
            fail_msg("kill after step %d, start %d: %s is still there", k, run, gone[i]);
    }
}

static void remove_all(const char *dir)
{
    char sub[300];
    snprintf(sub, sizeof sub, "%s/recordings", dir);
    test_dir_delete(sub);
    test_dir_delete(dir);
}

static void a_kill_at_each_step_of_a_death_loses_nothing(void **state)
{
    (void)state;
    for (int k = GAME_END_BEGIN; k <= GAME_END_PRUNE; k++) {
        char dir[256];
        assert_true(test_dir_create(dir, sizeof dir, "end"));
        set_files(dir);
        kill_at = (GameEndStep)k;
        pid_t pid = fork();
        assert_true(pid >= 0);
        if (pid == 0)
            child();
        int status = 0;
        waitpid(pid, &status, 0);
        if (!WIFSIGNALED(status))
            fail_msg("step %d: the child did not reach it (exit %d)", k,
                     WIFEXITED(status) ? WEXITSTATUS(status) : -1);
        check_started(k, 1);
        check_started(k, 2); /* a second start finds it done: still one entry */
        remove_all(dir);
    }
}

/* One turn played after the snapshot is "1 turn", not "1 turns". */
static void one_turn_recovered_is_said_in_the_singular(void **state)
{
    (void)state;
    char dir[256], err[1400];
    assert_true(test_dir_create(dir, sizeof dir, "one"));
    set_files(dir);
    static Game g;
    Session s;
    SessionResume res;
    assert_true(game_init(&g, SEED, test_rules()));
    assert_true(session_begin(&s, &g, files.save, files.journal));
    assert_true(save_write(&g, files.save, err, sizeof err));
    Command wait = command_of(CMD_WAIT);
    game_apply(&g, &wait);
    session_record(&s, &g, &wait, 0);
    assert_int_equal(g.turn, 1);
    session_close(&s);
    game_free(&g);
    assert_int_equal(save_load(&g, files.save, test_rules(), err, sizeof err), SAVE_LOAD_OK);
    session_resume(&s, &g, test_rules(), files.save, files.journal, true, &res);
    assert_string_equal(res.message, "Recovered 1 turn from the recording (turn 0 to 1).");
    session_close(&s);
    game_free(&g);
    test_dir_delete(dir);
}

int main(void)
{
    rules = *test_rules();
    rules.player.hp = rules.player.max_hp = 1;
    rules.kinds.kinds[KIND_ID_PLAYER].stats = rules.player;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_kill_at_each_step_of_a_death_loses_nothing),
        cmocka_unit_test(one_turn_recovered_is_said_in_the_singular),
    };
    return RUN_TESTS(tests);
}
