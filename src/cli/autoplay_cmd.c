#include "cli/autoplay_cmd.h"

#include <cjson/cJSON.h>
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/output.h"
#include "core/errline.h"
#include "game/bot.h"
#include "ui/paths.h"

static void record_command(void *ctx, const Command *cmd, const Game *after)
{
    journal_add(ctx, cmd, after);
}

bool autoplay_game(const Rules *rules, uint64_t seed, int max_turns, AutoplayResult *out, char *err,
                   size_t err_size)
{
    return autoplay_game_recorded(rules, seed, max_turns, NULL, NULL, out, err, err_size);
}

bool autoplay_game_recorded(const Rules *rules, uint64_t seed, int max_turns,
                            const char *record_path, JournalWriter *journal, AutoplayResult *out,
                            char *err, size_t err_size)
{
    Game *game = malloc(sizeof *game);
    Bot *bot = malloc(sizeof *bot);
    if (!game || !bot || !game_init(game, seed, rules)) {
        snprintf(err, err_size, "seed %llu: %s", (unsigned long long)seed,
                 game && bot ? game->error : "out of memory");
        free(game);
        free(bot);
        return false;
    }
    bot_init(bot);
    JournalWriter file = {.fd = -1};
    bool ok = true;
    if (record_path) {
        JournalHeader h;
        journal_header_for(&h, game);
        ok = journal_create(&file, record_path, &h, err, err_size);
        journal = ok ? &file : NULL;
    }
    if (journal) {
        bot->on_command = record_command;
        bot->on_command_ctx = journal;
    }
    /* A bot with nothing to do still lets turns pass (it searches), so this ends. */
    while (ok && game->outcome == GAME_PLAYING && game->turn < (uint32_t)max_turns)
        if (!bot_play_turn(bot, game))
            break;
    if (journal == &file) {
        journal_add_check(&file, game);
        ok = journal_sync(&file, err, err_size);
        journal_close(&file);
    }
    if (!ok) {
        game_free(game);
        free(game);
        free(bot);
        return false;
    }
    *out = (AutoplayResult){.seed = seed,
                            .outcome = game->outcome,
                            .timed_out = game->outcome == GAME_PLAYING,
                            .deepest = game->deepest,
                            .turns = (int)game->turn,
                            .level = game->player->stats.level,
                            .xp = game->player->stats.xp,
                            .score = game_score(game),
                            .counters = game->counters};
    game_free(game);
    free(game);
    free(bot);
    return true;
}

static void print_result(const AutoplayResult *r, FILE *out)
{
    cJSON *o = cJSON_CreateObject();
    output_add_u64(o, "seed", r->seed);
    cJSON_AddStringToObject(o, "result",
                            r->timed_out             ? "timeout"
                            : r->outcome == GAME_WON ? "won"
                                                     : "died");
    cJSON_AddNumberToObject(o, "deepest", r->deepest);
    cJSON_AddNumberToObject(o, "turns", r->turns);
    cJSON_AddNumberToObject(o, "kills", r->counters.kills);
    cJSON_AddNumberToObject(o, "level", r->level);
    cJSON_AddNumberToObject(o, "xp", r->xp);
    cJSON_AddNumberToObject(o, "score", (double)r->score);
    cJSON_AddNumberToObject(o, "doors_opened", r->counters.doors_opened);
    cJSON_AddNumberToObject(o, "keys_used", r->counters.keys_used);
    cJSON_AddNumberToObject(o, "hidden_found", r->counters.hidden_found);
    cJSON_AddNumberToObject(o, "items_picked", r->counters.items_picked);
    char *text = cJSON_PrintUnformatted(o);
    if (text)
        fprintf(out, "%s\n", text);
    cJSON_free(text);
    cJSON_Delete(o);
}

static int by_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/* Games played side by side (--jobs): each worker takes the next game not yet taken and
 * plays it alone (a game shares nothing but the rules, which nobody writes while they play);
 * the main thread prints the games in seed order as each one is done, so the output is the
 * bytes one job prints. */
typedef struct Slot {
    AutoplayResult result;
    bool done, ok;
    char err[1400];
} Slot;

typedef struct Pool {
    const Rules *rules;
    const CliOptions *opt;
    Slot *slots;
    int next;    /* the next game to take */
    bool failed; /* a game failed: take no more */
    pthread_mutex_t lock;
    pthread_cond_t done;
} Pool;

static void play_slot(Pool *pool, int g)
{
    const CliOptions *opt = pool->opt;
    Slot *slot = &pool->slots[g];
    /* Unsigned: past 2^64-1 the seeds wrap to 0 (docs/ARCHITECTURE.md: seed N+g mod 2^64). */
    uint64_t seed = opt->seed + (uint64_t)g;
    char path[1200];
    if (opt->record_dir)
        snprintf(path, sizeof path, "%s/seed-%llu.mkrec", opt->record_dir,
                 (unsigned long long)seed);
    slot->ok =
        autoplay_game_recorded(pool->rules, seed, opt->max_turns, opt->record_dir ? path : NULL,
                               NULL, &slot->result, slot->err, sizeof slot->err);
}

static void *worker(void *arg)
{
    Pool *pool = arg;
    for (;;) {
        pthread_mutex_lock(&pool->lock);
        int g = pool->failed || pool->next >= pool->opt->games ? -1 : pool->next++;
        pthread_mutex_unlock(&pool->lock);
        if (g < 0)
            return NULL;
        play_slot(pool, g);
        pthread_mutex_lock(&pool->lock);
        pool->slots[g].done = true;
        pool->failed |= !pool->slots[g].ok;
        pthread_cond_broadcast(&pool->done);
        pthread_mutex_unlock(&pool->lock);
    }
}

static int jobs_for(const CliOptions *opt)
{
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    int jobs = opt->jobs > 0 ? opt->jobs : cores > 0 ? (int)cores : 1;
    return jobs < opt->games ? jobs : opt->games;
}

int autoplay_cmd_run(const CliOptions *opt, FILE *out, FILE *diag)
{
    static Rules rules;
    char err[1400];
    if (!paths_load_rules(&rules, err, sizeof err)) {
        errline_say(diag, "%s", err);
        return 1;
    }
    if (opt->record_dir && mkdir(opt->record_dir, 0777) != 0 && errno != EEXIST) {
        errline_say(diag, "autoplay: %s: cannot make the folder: %s", opt->record_dir,
                    strerror(errno));
        return 1;
    }
    int *deepest = calloc((size_t)opt->games, sizeof *deepest);
    if (!deepest) {
        errline_say(diag, "out of memory");
        return 1;
    }
    AutoplayResult total = {0};
    int won = 0, died = 0, timeouts = 0;
    long long turns = 0;
    Slot *slots = calloc((size_t)opt->games, sizeof *slots);
    Pool pool = {.rules = &rules, .opt = opt, .slots = slots};
    int jobs = jobs_for(opt);
    pthread_t *threads = calloc((size_t)jobs, sizeof *threads);
    if (!slots || !threads) {
        errline_say(diag, "out of memory");
        free(slots);
        free(threads);
        free(deepest);
        return 1;
    }
    pthread_mutex_init(&pool.lock, NULL);
    pthread_cond_init(&pool.done, NULL);
    int started = 0;
    while (started < jobs && pthread_create(&threads[started], NULL, worker, &pool) == 0)
        started++;
    if (started == 0) /* no thread to be had: play them here, one by one */
        for (int g = 0; g < opt->games && (g == 0 || slots[g - 1].ok); g++)
            play_slot(&pool, g), slots[g].done = true;
    int status = 0;
    for (int g = 0; g < opt->games; g++) {
        pthread_mutex_lock(&pool.lock);
        /* A game nobody took, because another failed first, will never be done. */
        while (!slots[g].done && started > 0 && !(pool.failed && g >= pool.next))
            pthread_cond_wait(&pool.done, &pool.lock);
        pthread_mutex_unlock(&pool.lock);
        if (!slots[g].done || !slots[g].ok) {
            pthread_mutex_lock(&pool.lock);
            for (int f = 0; f < opt->games; f++) /* the first game that failed says why */
                if (slots[f].done && !slots[f].ok) {
                    errline_say(diag, "autoplay: %s", slots[f].err);
                    break;
                }
            pthread_mutex_unlock(&pool.lock);
            status = 1;
            break;
        }
        const AutoplayResult r = slots[g].result;
        print_result(&r, out);
        fflush(out);
        deepest[g] = r.deepest;
        won += !r.timed_out && r.outcome == GAME_WON;
        died += !r.timed_out && r.outcome == GAME_DIED;
        timeouts += r.timed_out;
        turns += r.turns;
        total.counters.kills += r.counters.kills;
        total.counters.doors_opened += r.counters.doors_opened;
        total.counters.keys_used += r.counters.keys_used;
        total.counters.hidden_found += r.counters.hidden_found;
        total.counters.items_picked += r.counters.items_picked;
    }
    pthread_mutex_lock(&pool.lock);
    pool.failed = true; /* after a failure, the workers take no more games */
    pthread_mutex_unlock(&pool.lock);
    for (int t = 0; t < started; t++)
        pthread_join(threads[t], NULL);
    pthread_mutex_destroy(&pool.lock);
    pthread_cond_destroy(&pool.done);
    free(threads);
    free(slots);
    if (status) {
        free(deepest);
        return status;
    }
    qsort(deepest, (size_t)opt->games, sizeof *deepest, by_int);
    fprintf(diag,
            "totals: %d games, %d won (%.1f%%), %d died, %d timed out; median deepest floor %d; "
            "%lld turns; kills %d, doors_opened %d, keys_used %d, hidden_found %d, "
            "items_picked %d\n",
            opt->games, won, 100.0 * won / opt->games, died, timeouts, deepest[opt->games / 2],
            turns, total.counters.kills, total.counters.doors_opened, total.counters.keys_used,
            total.counters.hidden_found, total.counters.items_picked);
    free(deepest);
    return 0;
}
