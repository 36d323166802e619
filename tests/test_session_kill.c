/* kill -9 at any moment loses nothing that reached the journal: a scripted game is played by a
 * child process that records it as the window does (store/session.c: every command written out
 * as it is applied, synced every 2 s, a snapshot on every floor change and every few dozen
 * commands), and is killed with SIGKILL at random moments, many of them inside a write of the
 * journal or of the snapshot. After each kill the game is continued as the title's Continue
 * does (save_start, then session_resume), and the game it gives must be exactly the game of
 * the commands the child had applied, up to the point recovered: compared by state hash and
 * by the save's bytes with a game rebuilt from those commands, which the child keeps in
 * memory shared with this test, apart from any file. The next child continues that game, so
 * one game is killed again and again. The loss (commands, turns and milliseconds applied but
 * not recovered) is printed, worst case included. */
#define _GNU_SOURCE /* usleep, MAP_ANONYMOUS, getdelim */
#include "test_support.h"

#include <fcntl.h>
#include <inttypes.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "core/rng.h"
#include "store/save.h"
#include "store/session.h"
#include "test_dir.h"
#include "test_rules.h"

enum { KILLS = 60, CMDS_MAX = 200000, SNAPSHOT_EVERY = 16, SEED = 4244 };

typedef struct Shared {
    volatile int ready;          /* the child has resumed and plays */
    volatile int in_write;       /* 1 in a journal write, 2 in a snapshot */
    volatile uint64_t applied;   /* commands applied so far, in the game's own count */
    Command cmds[CMDS_MAX];      /* the commands, by their number */
    uint32_t turn[CMDS_MAX + 1]; /* the turn after each */
    uint64_t ms[CMDS_MAX + 1];   /* when each was applied */
} Shared;

static Shared *shared;
static char save_path[1200], journal_path[1200];

static uint64_t now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000u + (uint64_t)t.tv_nsec / 1000000u;
}

/* A mouse beside the player: a step into it (an attack). */
static Command bite_back(const Game *g)
{
    const Entity *p = g->player;
    for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++) {
            const Entity *e = floor_entity_at(g->floors[g->current], p->x + dx, p->y + dy, 0);
            if ((dx || dy) && e && e->kind == KIND_MONSTER)
                return command_move(dx, dy);
        }
    return command_of(CMD_NONE);
}

/* The script: explore; when exploring ends, climb if the stairs are known, else wander a
 * step and search; a mouse beside her is fought first, so that the game lasts the 60 kills. The
 * choice is a hash of the command's number, so any run continues the same way from the same
 * point. */
static Command scripted(const Game *g)
{
    uint64_t h = rng_mix64(g->commands * 0x9e3779b97f4a7c15ull + SEED);
    if (g->activity != ACTIVITY_NONE)
        return command_of(CMD_CONTINUE);
    Command fight = bite_back(g); /* not always: a bite across a doorway's corner is refused */
    if (fight.type != CMD_NONE && h % 4)
        return fight;
    switch (h % 8) {
    case 0: return command_of(CMD_SEARCH);
    case 1:
    case 2: return command_move((int)(h >> 8) % 3 - 1, (int)(h >> 16) % 3 - 1);
    case 3: return command_travel_stairs(+1);
    default: return command_of(CMD_EXPLORE);
    }
}

/* Continue as the title does: the snapshot, then the journal's tail. */
static bool resume(Game *g, Session *s, SessionResume *res)
{
    SaveStart *start = calloc(1, sizeof *start);
    assert_non_null(start);
    save_start(g, save_path, test_rules(), true, start);
    bool ok = start->continue_main;
    free(start);
    if (ok)
        session_resume(s, g, test_rules(), save_path, journal_path, true, res);
    return ok;
}

static _Noreturn void child(void)
{
    static Game g;
    Session s;
    SessionResume res;
    char err[1400];
    if (!resume(&g, &s, &res)) {
        if (!game_init(&g, SEED, test_rules()) || !session_begin(&s, &g, save_path, journal_path) ||
            !save_write(&g, save_path, err, sizeof err))
            _exit(3);
    } else if (res.refused) {
        _exit(4); /* a kill must never make the journal unusable */
    }
    shared->applied = g.commands;
    shared->ready = 1;
    while (g.outcome == GAME_PLAYING && g.commands < CMDS_MAX) {
        Command cmd = scripted(&g);
        shared->cmds[g.commands] = cmd;
        game_apply(&g, &cmd);
        shared->turn[g.commands] = g.turn;
        shared->ms[g.commands] = now_ms();
        shared->applied = g.commands;
        shared->in_write = 1;
        session_record(&s, &g, &cmd, now_ms());
        shared->in_write = 0;
        if (!s.recording)
            _exit(5);
        if ((g.events & GAME_EVENT_FLOOR_CHANGED) || g.commands % SNAPSHOT_EVERY == 0) {
            shared->in_write = 2;
            if (!session_save(&s, &g))
                _exit(6);
            shared->in_write = 0;
        }
        usleep(200); /* a fast player: 5,000 commands a second at most */
    }
    session_close(&s);
    shared->ready = 2;
    for (;;)
        pause();
}

static void pause_a_little(void)
{
    usleep(40);
}

/* The game of the first n commands, from the seed. */
static void rebuild(Game *g, uint64_t n)
{
    assert_true(game_init(g, SEED, test_rules()));
    for (uint64_t i = 0; i < n; i++)
        game_apply(g, &shared->cmds[i]);
    assert_int_equal(g->commands, n);
}

static void kill_minus_nine_loses_nothing_that_was_written(void **state)
{
    (void)state;
    char dir[256];
    assert_true(test_dir_create(dir, sizeof dir, "kill"));
    snprintf(save_path, sizeof save_path, "%s/save.json", dir);
    snprintf(journal_path, sizeof journal_path, "%s/game.mkrec", dir);
    shared = mmap(NULL, sizeof *shared, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    assert_true(shared != MAP_FAILED);
    uint64_t rng = 12345;
    int inside[3] = {0}, worst_cmds = 0, kills = 0;
    uint32_t worst_turns = 0;
    uint64_t worst_ms = 0, total_lost = 0;
    for (int k = 0; k < KILLS; k++) {
        shared->ready = 0;
        shared->in_write = 0;
        /* Every other child writes its journal a byte at a time: killed mid-line. */
        journal_test_between_writes = k % 2 ? pause_a_little : NULL;
        pid_t pid = fork();
        assert_true(pid >= 0);
        if (pid == 0)
            child();
        for (int i = 0; i < 5000 && !shared->ready; i++)
            usleep(200);
        if (shared->ready != 1) {
            int status = 0;
            kill(pid, SIGKILL);
            waitpid(pid, &status, 0);
            fail_msg("kill %d: the child could not continue the game (exit %d)", k,
                     WIFEXITED(status) ? WEXITSTATUS(status) : -1);
        }
        rng = rng_mix64(rng + (uint64_t)k);
        usleep((useconds_t)(2000 + rng % 60000)); /* 2 to 62 ms of play */
        kill(pid, SIGKILL);
        int status = 0;
        waitpid(pid, &status, 0);
        assert_true(WIFSIGNALED(status));
        int where = shared->in_write;
        uint64_t applied = shared->applied;
        inside[where]++;
        kills++;

        static Game got, want;
        Session s;
        SessionResume res;
        if (!resume(&got, &s, &res))
            fail_msg("kill %d (%s): no game to continue", k,
                     where == 2   ? "in a snapshot"
                     : where == 1 ? "in a journal write"
                                  : "playing");
        if (res.refused)
            fail_msg("kill %d: the recording was refused: %s", k, res.message);
        assert_true(got.commands <= applied);
        rebuild(&want, got.commands);
        if (game_state_hash(&got) != game_state_hash(&want))
            fail_msg("kill %d: the continued game at command %" PRIu64 " is not the game played", k,
                     got.commands);
        want.played_ms = got.played_ms; /* the child counts none; Continue adds what it finds */
        char *a = save_to_json(&got), *b = save_to_json(&want);
        assert_non_null(a);
        assert_non_null(b);
        assert_string_equal(a, b);
        free(a);
        free(b);
        int lost = (int)(applied - got.commands);
        uint32_t lost_turns = shared->turn[applied] - got.turn;
        uint64_t lost_ms = lost ? shared->ms[applied] - shared->ms[got.commands] : 0;
        total_lost += (uint64_t)lost;
        if (lost > worst_cmds)
            worst_cmds = lost;
        if (lost_turns > worst_turns)
            worst_turns = lost_turns;
        if (lost_ms > worst_ms)
            worst_ms = lost_ms;
        session_close(&s);
        game_free(&got);
        game_free(&want);
        if (applied >= CMDS_MAX - 1000)
            break;
    }
    printf("%d kills (%d while playing, %d in a journal write, %d in a snapshot); lost at worst "
           "%d commands, %u turns, %" PRIu64 " ms of play; %" PRIu64 " commands in all\n",
           kills, inside[0], inside[1], inside[2], worst_cmds, worst_turns, worst_ms, total_lost);
    /* Every command is written out as it is applied: a kill loses at most the one it caught
     * between the game and the write. */
    assert_true(worst_cmds <= 1);
    assert_true(inside[1] >= 5);
    assert_true(inside[2] >= 3);
    munmap(shared, sizeof *shared);
    test_dir_delete(dir);
}

/* A game of `n` scripted commands recorded in dir, its snapshot taken at the start. */
static void record_game(const char *dir, int n)
{
    snprintf(save_path, sizeof save_path, "%s/save.json", dir);
    snprintf(journal_path, sizeof journal_path, "%s/game.mkrec", dir);
    static Game g;
    Session s;
    char err[1400];
    assert_true(game_init(&g, SEED, test_rules()));
    assert_true(session_begin(&s, &g, save_path, journal_path));
    assert_true(save_write(&g, save_path, err, sizeof err));
    for (int i = 0; i < n && g.outcome == GAME_PLAYING; i++) {
        Command cmd = scripted(&g);
        shared->cmds[g.commands] = cmd;
        game_apply(&g, &cmd);
        session_record(&s, &g, &cmd, 0);
    }
    session_close(&s);
    game_free(&g);
}

static size_t file_size(const char *path)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fclose(f);
    return (size_t)n;
}

static void a_torn_end_is_cut_and_the_turns_recovered_said(void **state)
{
    (void)state;
    char dir[256];
    assert_true(test_dir_create(dir, sizeof dir, "torn"));
    shared = calloc(1, sizeof *shared);
    record_game(dir, 100);
    size_t whole = file_size(journal_path);
    FILE *f = fopen(journal_path, "ab");
    assert_non_null(f);
    fputs("m 1", f); /* a line a crash cut short */
    fclose(f);
    static Game got, want;
    Session s;
    SessionResume res;
    assert_true(resume(&got, &s, &res));
    assert_false(res.refused);
    assert_true(res.torn);
    assert_int_equal(res.replayed, 100);
    assert_int_equal(got.commands, 100);
    assert_non_null(strstr(res.message, "Recovered"));
    assert_non_null(strstr(res.message, "torn"));
    assert_int_equal(file_size(journal_path), whole); /* cut back to its whole lines */
    rebuild(&want, 100);
    assert_true(game_state_hash(&got) == game_state_hash(&want));
    session_close(&s);
    game_free(&got);
    game_free(&want);
    free(shared);
    test_dir_delete(dir);
}

static void a_recording_out_of_step_is_kept_aside(void **state)
{
    (void)state;
    char dir[256];
    assert_true(test_dir_create(dir, sizeof dir, "step"));
    shared = calloc(1, sizeof *shared);
    record_game(dir, 150);
    /* Commands 70 to 89 become waits: the checksum after command 128 no longer matches. */
    char *text = NULL;
    size_t len = 0;
    FILE *f = fopen(journal_path, "rb");
    assert_non_null(f);
    assert_true(getdelim(&text, &len, '\0', f) > 0);
    fclose(f);
    f = fopen(journal_path, "wb");
    assert_non_null(f);
    int command = -1; /* the header is line -1 */
    for (char *line = text; *line;) {
        char *end = strchr(line, '\n');
        size_t n = end ? (size_t)(end - line) + 1 : strlen(line);
        bool check = line[0] == '#';
        if (!check && command >= 70 && command < 90)
            fputs("w\n", f);
        else
            fwrite(line, 1, n, f);
        command += !check;
        line += n;
    }
    fclose(f);
    free(text);
    static Game got;
    Session s;
    SessionResume res;
    assert_true(resume(&got, &s, &res));
    assert_true(res.refused);
    assert_non_null(strstr(res.message, "out of step"));
    assert_non_null(strstr(res.message, "kept as"));
    assert_false(save_exists(journal_path)); /* moved aside, never replayed wrong */
    assert_int_equal(got.commands, 0);       /* the snapshot as it was, not half replayed */
    assert_false(s.recording);
    game_free(&got);
    free(shared);
    test_dir_delete(dir);
}

/* A game recorded as the window does: 20 commands, a snapshot with 1 s played, then 10 more
 * commands 30 ms apart, and a kill -9 (nothing more written). Continue's game, after the save
 * was made to look `back_ms` older: the time played it has and what it says it recovered. */
static uint64_t played_after_a_kill(const char *dir, int64_t back_ms, uint64_t *elapsed)
{
    snprintf(save_path, sizeof save_path, "%s/save.json", dir);
    snprintf(journal_path, sizeof journal_path, "%s/game.mkrec", dir);
    static Game g, got;
    Session s, again;
    assert_true(game_init(&g, SEED, test_rules()));
    assert_true(session_begin(&s, &g, save_path, journal_path));
    for (int i = 0; i < 30 && g.outcome == GAME_PLAYING; i++) {
        if (i == 20) {
            g.played_ms = 1000;
            assert_true(session_save(&s, &g));
            *elapsed = now_ms();
        }
        if (i > 20)
            usleep(30000);
        Command cmd = scripted(&g);
        game_apply(&g, &cmd);
        session_record(&s, &g, &cmd, now_ms());
    }
    *elapsed = now_ms() - *elapsed;
    close(s.journal.fd); /* killed: no sync, no snapshot */
    free(s.journal.buf); /* and its memory gone with the process */
    game_free(&g);
    struct stat st;
    assert_int_equal(stat(save_path, &st), 0);
    st.st_mtim.tv_sec -= back_ms / 1000;
    assert_int_equal(utimensat(AT_FDCWD, save_path, (struct timespec[]){st.st_atim, st.st_mtim}, 0),
                     0);
    SessionResume res;
    assert_true(resume(&got, &again, &res));
    assert_false(res.refused);
    assert_int_equal(res.replayed, 10);
    assert_true(got.played_ms == 1000 + res.recovered_ms);
    session_close(&again);
    game_free(&got);
    return res.recovered_ms;
}

/* "Time played" after a kill -9: the snapshot has it up to its writing, the recording's last
 * command says how long play went on after; a save much older than its recording's tail (the
 * game closed in between) counts at most 5 s a command replayed. */
static void the_time_played_after_the_snapshot_comes_back(void **state)
{
    (void)state;
    char dir[256];
    assert_true(test_dir_create(dir, sizeof dir, "played"));
    uint64_t elapsed = 0;
    uint64_t got = played_after_a_kill(dir, 0, &elapsed);
    assert_true(elapsed >= 270);
    assert_true(got + 40 >= elapsed && got <= elapsed + 40);
    test_dir_delete(dir);
    assert_true(test_dir_create(dir, sizeof dir, "played_old"));
    got = played_after_a_kill(dir, 86400000, &elapsed);
    assert_int_equal(got, 10 * SESSION_RECOVER_COMMAND_MS);
    test_dir_delete(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(kill_minus_nine_loses_nothing_that_was_written),
        cmocka_unit_test(a_torn_end_is_cut_and_the_turns_recovered_said),
        cmocka_unit_test(a_recording_out_of_step_is_kept_aside),
        cmocka_unit_test(the_time_played_after_the_snapshot_comes_back),
    };
    return RUN_TESTS(tests);
}
