#define _POSIX_C_SOURCE 200809L
#include "cli/bench_cmd.h"

#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/autoplay_cmd.h"
#include "cli/bench_big.h"
#include "cli/bench_bound.h"
#include "cli/bench_mice.h"
#include "cli/bench_sight.h"
#include "cli/load_rules.h"
#include "cli/output.h"
#include "cli/window_cmd.h"
#include "core/errline.h"

#include "bot/bot.h"
#include "core/seeds.h"
#include "core/userfile.h"
#include "entities/entities.h"
#include "gen/gen.h"
#include "store/journal.h"
#include "store/save.h"

/* Each figure is the median of BENCH_RUNS runs, so one noisy run (the other core busy, a
 * page fault storm) does not move it. */
enum { BENCH_RUNS = 7, BENCH_SEEDS = 100 };

/* One run: every floor of BENCH_SEEDS seeds. Returns microseconds per game; *per_floor gets
 * microseconds per floor. */
static double time_generation(EntityFactory *factory, double *per_floor)
{
    double start = bench_now_us();
    for (uint64_t seed = 1; seed <= BENCH_SEEDS; seed++) {
        GameSeeds seeds;
        seeds_derive(&seeds, seed);
        for (int f = 0; f < FLOOR_COUNT; f++) {
            Floor floor;
            if (gen_floor(&floor, f, seeds.floors[f], factory, NULL))
                floor_free(&floor);
        }
    }
    double total = bench_now_us() - start;
    *per_floor = total / (BENCH_SEEDS * FLOOR_COUNT);
    return total / BENCH_SEEDS;
}

/* The bot playing whole games: turns per second of the engine and bot together (the bot's
 * own thinking, explore and travel maps included). One run is BENCH_GAMES games. */
enum { BENCH_GAMES = 3, BENCH_TURN_RUNS = 5 };

static double time_autoplay(const Rules *rules, bool *ok)
{
    long turns = 0;
    double start = bench_now_us();
    for (uint64_t seed = 1; seed <= BENCH_GAMES; seed++) {
        AutoplayResult r;
        char err[256];
        if (!autoplay_game(rules, seed, AUTOPLAY_MAX_TURNS, &r, err, sizeof err)) {
            *ok = false;
            return 0;
        }
        turns += r.turns;
    }
    return (double)turns / ((bench_now_us() - start) / 1e6);
}

/* Saving and loading a game with all 14 floors visited: the bot plays seed 1 until it has
 * climbed to the top (or the game ends), and any floor it did not reach is visited. Save is
 * save_to_json and the file written (userfile_write: fsync, .bak, rename) in a temp folder;
 * json is save_to_json alone (the file system's fsync is most of a save); load is the file
 * read and save_from_json. Medians of BENCH_SAVE_RUNS runs, in milliseconds. */
enum { BENCH_SAVE_RUNS = 15 };

typedef struct SaveFigures {
    BenchSpread save_ms, json_ms, load_ms;
    size_t bytes;
} SaveFigures;

static bool time_save_load(const Rules *rules, SaveFigures *out, char *err, size_t err_size)
{
    Game *game = malloc(sizeof *game);
    Bot *bot = malloc(sizeof *bot);
    char dir[512];
    const char *base = getenv("TMPDIR") && *getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
    snprintf(dir, sizeof dir, "%s/mk_bench_XXXXXX", base);
    if (!game || !bot || !game_init(game, 1, rules)) {
        snprintf(err, err_size, "cannot start a game");
        free(game);
        free(bot);
        return false;
    }
    bot_init(bot);
    for (int t = 0; t < AUTOPLAY_MAX_TURNS && game->deepest < MAX_FLOORS &&
                    game->outcome == GAME_PLAYING && bot_play_turn(bot, game);
         t++) {
    }
    int at = game->current;
    for (int f = 0; f < FLOOR_COUNT; f++)
        if (!game->floors[f])
            game_change_floor(game, f);
    if (game->current != at)
        game_change_floor(game, at);
    free(bot);
    bool ok = mkdtemp(dir) != NULL;
    if (!ok)
        snprintf(err, err_size, "%s: cannot make a temp folder", dir);
    char path[600], bak[620];
    snprintf(path, sizeof path, "%s/save.json", dir);
    snprintf(bak, sizeof bak, "%s.bak", path);
    double save[BENCH_SAVE_RUNS], json[BENCH_SAVE_RUNS], load[BENCH_SAVE_RUNS];
    for (int r = 0; r < BENCH_SAVE_RUNS && ok; r++) {
        double start = bench_now_us();
        char *text = save_to_json(game);
        json[r] = (bench_now_us() - start) / 1000.0;
        out->bytes = text ? strlen(text) : 0;
        free(text);
        start = bench_wall_us(); /* the disk's fsyncs are most of it: waited for, not CPU */
        ok = save_write(game, path, err, err_size);
        save[r] = (bench_wall_us() - start) / 1000.0;
        Game loaded;
        start = bench_now_us();
        ok = ok && save_load(&loaded, path, rules, err, err_size) == SAVE_LOAD_OK;
        load[r] = (bench_now_us() - start) / 1000.0;
        if (ok)
            game_free(&loaded);
    }
    if (ok) {
        out->save_ms = bench_spread(save, BENCH_SAVE_RUNS);
        out->json_ms = bench_spread(json, BENCH_SAVE_RUNS);
        out->load_ms = bench_spread(load, BENCH_SAVE_RUNS);
    }
    unlink(path);
    unlink(bak);
    rmdir(dir);
    game_free(game);
    free(game);
    return ok;
}

/* Recordings. replay_ms: the bot's whole game of seed 6 (a win under today's rules, so it
 * plays to the King; replay_turns long), recorded to a file,
 * then read and replayed whole with every checksum checked (median of BENCH_REPLAY_RUNS).
 * journal_ns_per_turn: the bot's games of seeds 1..BENCH_GAMES played with a JournalWriter
 * onto /dev/null and without, alternately in the same process; the median of the paired
 * differences per turn (journal_add, its checksum lines and the writes), each pair in
 * alternating order. */
enum { BENCH_REPLAY_RUNS = 5, BENCH_REPLAY_SEED = 6, BENCH_JOURNAL_PAIRS = 9 };

typedef struct JournalFigures {
    BenchSpread replay_ms, ns_per_turn, pct;
    double replay_turns;
} JournalFigures;

static bool time_games(const Rules *rules, JournalWriter *w, double *us, long *turns)
{
    *turns = 0;
    double start = bench_now_us();
    for (uint64_t seed = 1; seed <= BENCH_GAMES; seed++) {
        AutoplayResult r;
        char err[256];
        if (!autoplay_game_recorded(rules, seed, AUTOPLAY_MAX_TURNS, NULL, w, &r, err, sizeof err))
            return false;
        if (w && !journal_flush(w, err, sizeof err))
            return false;
        *turns += r.turns;
    }
    *us = bench_now_us() - start;
    return true;
}

/* replay_ms and replay_turns: the game of BENCH_REPLAY_SEED recorded in a temp folder, then
 * read and replayed whole BENCH_REPLAY_RUNS times. */
static bool time_replay(const Rules *rules, JournalFigures *out, char *err, size_t err_size)
{
    char dir[512], path[600];
    const char *base = getenv("TMPDIR") && *getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
    snprintf(dir, sizeof dir, "%s/mk_bench_XXXXXX", base);
    if (!mkdtemp(dir)) {
        snprintf(err, err_size, "%s: cannot make a temp folder", dir);
        return false;
    }
    snprintf(path, sizeof path, "%s/seed-%d.mkrec", dir, BENCH_REPLAY_SEED);
    AutoplayResult r;
    bool ok = autoplay_game_recorded(rules, BENCH_REPLAY_SEED, AUTOPLAY_MAX_TURNS, path, NULL, &r,
                                     err, err_size);
    double replay[BENCH_REPLAY_RUNS];
    Game *g = malloc(sizeof *g);
    ok = ok && g;
    for (int i = 0; i < BENCH_REPLAY_RUNS && ok; i++) {
        double start = bench_now_us();
        Journal j;
        ok = journal_read(path, rules, &j, err, err_size);
        if (!ok)
            break;
        ok = journal_start_game(&j, rules, g, err, err_size) &&
             journal_replay(&j, g, 0, j.count, err, err_size);
        replay[i] = (bench_now_us() - start) / 1000.0;
        out->replay_turns = g->turn;
        journal_free(&j);
        game_free(g);
    }
    free(g);
    unlink(path);
    rmdir(dir);
    if (ok)
        out->replay_ms = bench_spread(replay, BENCH_REPLAY_RUNS);
    return ok;
}

/* journal_ns_per_turn and journal_pct: the bot's games with a JournalWriter onto /dev/null
 * and without, in pairs. */
static bool time_journal_writes(const Rules *rules, JournalFigures *out, char *err, size_t err_size)
{
    JournalWriter w = {.fd = open("/dev/null", O_WRONLY | O_CLOEXEC)};
    snprintf(w.path, sizeof w.path, "/dev/null");
    double diff[BENCH_JOURNAL_PAIRS], pct[BENCH_JOURNAL_PAIRS];
    bool ok = true;
    for (int i = 0; i < BENCH_JOURNAL_PAIRS && ok; i++) {
        double with_us = 0, without_us = 0;
        long turns = 0;
        /* Alternate which goes first, so a host speeding up or slowing down cancels out. */
        if (i % 2)
            ok = w.fd >= 0 && time_games(rules, &w, &with_us, &turns) &&
                 time_games(rules, NULL, &without_us, &turns);
        else
            ok = w.fd >= 0 && time_games(rules, NULL, &without_us, &turns) &&
                 time_games(rules, &w, &with_us, &turns);
        diff[i] = (with_us - without_us) * 1000.0 / (double)turns;
        pct[i] = 100.0 * (with_us - without_us) / without_us;
    }
    journal_close(&w);
    if (!ok) {
        snprintf(err, err_size, "the bot's games could not be recorded");
        return false;
    }
    out->ns_per_turn = bench_spread(diff, BENCH_JOURNAL_PAIRS);
    out->pct = bench_spread(pct, BENCH_JOURNAL_PAIRS);
    return true;
}

static bool time_journal(const Rules *rules, JournalFigures *out, char *err, size_t err_size)
{
    return time_replay(rules, out, err, err_size) && time_journal_writes(rules, out, err, err_size);
}

/* The CPU the figures were taken on: /proc/cpuinfo's first "model name", or "unknown". */
static void cpu_model(char *out, size_t size)
{
    snprintf(out, size, "unknown");
    FILE *f = fopen("/proc/cpuinfo", "r");
    char line[512];
    while (f && fgets(line, sizeof line, f)) {
        char *colon = strchr(line, ':');
        if (strncmp(line, "model name", 10) != 0 || !colon)
            continue;
        colon += strspn(colon, ": \t");
        colon[strcspn(colon, "\n")] = '\0';
        /* Only printable ASCII, and no quote or backslash: it goes into JSON as it is. */
        for (char *c = colon; *c; c++)
            if (*c < ' ' || *c > '~' || *c == '"' || *c == '\\')
                *c = '?';
        snprintf(out, size, "%s", colon);
        break;
    }
    if (f)
        fclose(f);
}

/* The load average over the last minute (/proc/loadavg), or -1. */
static double load_average(void)
{
    double load = -1;
    FILE *f = fopen("/proc/loadavg", "r");
    if (f && fscanf(f, "%lf", &load) != 1)
        load = -1;
    if (f)
        fclose(f);
    return load;
}

/* `cpu MODEL`, then `name value unit` with the extremes of its rounds when it had several;
 * with --json one object, "cpu" first, each such figure with name_min and name_max beside it. */
static void print_figures(const char *cpu, const Figure *figs, int n, bool json, FILE *out)
{
    if (json) {
        fprintf(out, "{\"cpu\":\"%s\"", cpu);
        for (int i = 0; i < n; i++) {
            fprintf(out, ",\"%s\":%.3f", figs[i].name, figs[i].value);
            if (figs[i].rounds > 1)
                fprintf(out, ",\"%s_min\":%.3f,\"%s_max\":%.3f", figs[i].name, figs[i].min,
                        figs[i].name, figs[i].max);
        }
        fputs("}\n", out);
        return;
    }
    fprintf(out, "cpu %s\n", cpu);
    for (int i = 0; i < n; i++) {
        fprintf(out, "%s %.3f %s", figs[i].name, figs[i].value, figs[i].unit);
        if (figs[i].rounds > 1)
            fprintf(out, " (min %.3f, max %.3f of %d rounds)", figs[i].min, figs[i].max,
                    figs[i].rounds);
        fputc('\n', out);
    }
}

/* The engine's figures: generation, sight and paths, turns, saves and recordings. */
static int bench_engine(const Rules *rules, Figure *figs)
{
    char err[1400];
    EntityFactory factory;
    factory_init(&factory, &rules->kinds);
    double game[BENCH_RUNS], floor[BENCH_RUNS];
    for (int r = 0; r < BENCH_RUNS; r++)
        game[r] = time_generation(&factory, &floor[r]);
    int n = 0;
    figs[n++] = figure_of("gen_floor_us", bench_spread(floor, BENCH_RUNS), "us");
    figs[n++] = figure_of("gen_game_us", bench_spread(game, BENCH_RUNS), "us");
    n += bench_sight(&factory, figs + n);
    n += bench_bound(&factory, figs + n);
    n += bench_big(figs + n);
    double tps[BENCH_TURN_RUNS];
    bool ok = true;
    for (int r = 0; r < BENCH_TURN_RUNS; r++)
        tps[r] = time_autoplay(rules, &ok);
    if (ok)
        figs[n++] = figure_of("turns_per_s", bench_spread(tps, BENCH_TURN_RUNS), "turns/s");
    n += bench_mice(rules, figs + n);
    SaveFigures sf;
    if (time_save_load(rules, &sf, err, sizeof err)) {
        figs[n++] = figure_of("save_ms", sf.save_ms, "ms");
        figs[n++] = figure_of("save_json_ms", sf.json_ms, "ms");
        figs[n++] = figure_of("load_ms", sf.load_ms, "ms");
        figs[n++] = figure_one("save_bytes", (double)sf.bytes, "bytes");
    } else {
        errline_say(stderr, "bench: no save_ms: %s", err);
    }
    JournalFigures jf;
    if (time_journal(rules, &jf, err, sizeof err)) {
        figs[n++] = figure_of("replay_ms", jf.replay_ms, "ms");
        figs[n++] = figure_one("replay_turns", jf.replay_turns, "turns");
        figs[n++] = figure_of("journal_ns_per_turn", jf.ns_per_turn, "ns");
        figs[n++] = figure_of("journal_pct", jf.pct, "%");
    } else {
        errline_say(stderr, "bench: no replay_ms: %s", err);
    }
    return n;
}

int bench_cmd_run(bool json, bool frames_only, FILE *out)
{
    /* The generator's tables (floor tiers, loot weights) are data, as the numbers are. */
    static Rules rules;
    if (!cli_load_rules(&rules, "bench", stderr))
        return 1;
    Figure figs[160];
    char cpu[256];
    cpu_model(cpu, sizeof cpu);
    /* The load on the host as the run starts and ends: the other work that shares the caches
     * and the cores, which the thread's CPU clock does not leave out altogether. */
    int n = 0;
    figs[n++] = figure_one("load_start", load_average(), "load");
    n += frames_only ? 0 : bench_engine(&rules, figs + n);
    n += window_cmd_bench_frames(figs + n);
    n += bench_bound_frames(figs + n);
    n += bench_bound_multiples(figs, n, figs + n);
    figs[n++] = figure_one("load_end", load_average(), "load");
    print_figures(cpu, figs, n, json, out);
    return 0;
}
