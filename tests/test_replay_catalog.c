/* The replay catalog (tests/replays): whole bot games kept as recordings, each with the final
 * state it must reach (NAME.expect: "outcome turn deepest score state_hash"). Every recording
 * is replayed with every checksum checked; the first one out of step fails the test, naming
 * the file and the command and turn.
 *
 * When the rules or the generator change on purpose the recordings no longer replay (their
 * header is refused, or they go out of step): `cmake --build build --target regen`
 * (tools/regen.sh) records them again, choosing seeds that give a won and a lost game, with
 *   MOUSEKING_UPDATE_REPLAYS=1 ctest --test-dir build -R test_replay_catalog
 * which plays the bot's game of each file's seed (seed-S.mkrec) as `mouseking autoplay
 * --record` does and rewrites the recording and its .expect. Games played in the window cannot
 * be played again by a program, so none is kept in the catalog: those in tests/replays/older
 * are version fixtures, which must be refused naming both versions and are never replayed. */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/autoplay_cmd.h"
#include "store/journal.h"
#include "test_rules.h"

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static const char *outcome_name(GameOutcome o)
{
    return o == GAME_WON ? "won" : o == GAME_DIED ? "died" : "playing";
}

static void final_line(const Game *g, char *out, size_t size)
{
    snprintf(out, size, "%s %" PRIu32 " %d %" PRId64 " %016" PRIx64 "\n", outcome_name(g->outcome),
             g->turn, g->deepest, game_score(g), game_state_hash(g));
}

/* Replays the recording whole, every checksum checked; true with its end in `line` (and its
 * sizes in `said`). `quiet`: no message when it does not replay. */
static bool replay_to_end(const char *path, bool quiet, char line[200], char said[100],
                          GameOutcome *outcome)
{
    char err[1600];
    Journal j;
    if (!journal_read(path, shipped_rules(), &j, err, sizeof err)) {
        if (!quiet)
            fprintf(stderr, "%s\n", err);
        return false;
    }
    static Game g;
    bool ok = false;
    if (j.torn)
        snprintf(err, sizeof err, "torn after byte %zu", j.good_bytes);
    else if (journal_start_game(&j, shipped_rules(), &g, err, sizeof err)) {
        ok = journal_replay(&j, &g, 0, j.count, err, sizeof err);
        final_line(&g, line, 200);
        *outcome = g.outcome;
        snprintf(said, 100, "%zu commands, %zu checksums", j.count, j.check_count);
        game_free(&g);
    }
    if (!ok && !quiet)
        fprintf(stderr, "%s: %s\n", path, err);
    journal_free(&j);
    return ok;
}

static bool read_line(const char *path, char want[200])
{
    want[0] = '\0';
    FILE *f = fopen(path, "r");
    bool ok = f && fgets(want, 200, f);
    if (f)
        fclose(f);
    return ok;
}

/* Plays the recording; 0 when it replays and ends as expected. Updating, a bot game that no
 * longer does is recorded again (one that still does is kept, so the catalog moves least) and
 * the .expect written anew; a game played in the window (window-*.mkrec) cannot be played again
 * by a program, so only its .expect is, if it still replays (one out of step keeps its .expect:
 * it still fails). */
static int check_one(const char *dir, const char *name, bool update, int *won, int *died)
{
    char path[1200], expect_path[1200], line[200] = "", want[200], said[100], err[1600];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    snprintf(expect_path, sizeof expect_path, "%.*s.expect", (int)(strlen(path) - 6), path);
    unsigned long long seed;
    bool bot_game = sscanf(name, "seed-%llu.mkrec", &seed) == 1;
    GameOutcome outcome = GAME_PLAYING;
    bool replays = replay_to_end(path, update && bot_game, line, said, &outcome);
    bool good = replays && read_line(expect_path, want) && strcmp(want, line) == 0;
    if (update && bot_game && !good) {
        AutoplayResult r;
        if (!autoplay_game_recorded(shipped_rules(), seed, AUTOPLAY_MAX_TURNS, path, NULL, &r, err,
                                    sizeof err)) {
            fprintf(stderr, "%s\n", err);
            return 1;
        }
        replays = replay_to_end(path, false, line, said, &outcome);
    }
    *won += outcome == GAME_WON;
    *died += outcome == GAME_DIED;
    if (!replays)
        return 1;
    if (update && !good) {
        FILE *f = fopen(expect_path, "w");
        if (!f || fputs(line, f) < 0 || fclose(f) != 0) {
            fprintf(stderr, "%s: cannot write\n", expect_path);
            return 1;
        }
    } else if (!good) {
        if (!want[0])
            fprintf(stderr, "%s: missing or empty\n", expect_path);
        else
            fprintf(stderr, "%s: the replay ended as\n  %s  not as expected:\n  %s", path, line,
                    want);
        return 1;
    }
    printf("%s: %s, %s", name, said, line);
    return 0;
}

/* Recordings of an older game (tests/replays/older: games played in the window before the
 * rules or the generator changed) must be refused at once, with a message that names both
 * versions, never replayed wrong. */
static int check_older(const char *dir, int *count)
{
    char older[1100];
    snprintf(older, sizeof older, "%s/older", dir);
    DIR *d = opendir(older);
    if (!d)
        return 0;
    int failed = 0;
    for (struct dirent *e; (e = readdir(d));) {
        size_t len = strlen(e->d_name);
        if (len <= 6 || strcmp(e->d_name + len - 6, ".mkrec") != 0)
            continue;
        char path[1200], err[1600] = "";
        snprintf(path, sizeof path, "%s/%s", older, e->d_name);
        Journal j;
        if (journal_read(path, shipped_rules(), &j, err, sizeof err)) {
            fprintf(stderr, "%s: an older recording was accepted\n", path);
            journal_free(&j);
            failed = 1;
        } else if (!strstr(err, "made with") || !strstr(err, "this game has") ||
                   strchr(err, '\n')) {
            fprintf(stderr, "%s: refused without naming both versions: %s\n", path, err);
            failed = 1;
        } else {
            printf("older/%s refused: %s\n", e->d_name, err);
            (*count)++;
        }
    }
    closedir(d);
    return failed;
}

int main(void)
{
    const char *dir = REPLAY_DIR;
    const char *env = getenv("MOUSEKING_UPDATE_REPLAYS");
    bool update = env && *env && strcmp(env, "0") != 0;
    DIR *d = opendir(dir);
    if (!d) {
        fprintf(stderr, "%s: cannot open\n", dir);
        return 1;
    }
    char *names[256];
    int n = 0;
    for (struct dirent *e; (e = readdir(d)) && n < 256;) {
        size_t len = strlen(e->d_name);
        if (len > 6 && strcmp(e->d_name + len - 6, ".mkrec") == 0)
            names[n++] = strdup(e->d_name);
    }
    closedir(d);
    qsort(names, (size_t)n, sizeof *names, by_name);
    int failed = 0, won = 0, died = 0;
    for (int i = 0; i < n && !failed; i++)
        failed = check_one(dir, names[i], update, &won, &died);
    for (int i = 0; i < n; i++)
        free(names[i]);
    if (!failed && n < 4) {
        fprintf(stderr, "%s: %d recordings, the catalog should hold at least 4\n", dir, n);
        return 1;
    }
    if (!failed && (!won || !died)) { /* tools/regen.sh picks seeds that give both */
        fprintf(stderr, "%s: no recording of a %s game\n", dir, won ? "lost" : "won");
        return 1;
    }
    int older = 0;
    failed = failed || check_older(dir, &older);
    return failed;
}
