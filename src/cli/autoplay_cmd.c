#include "cli/autoplay_cmd.h"

#include <cjson/cJSON.h>
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bot/bot.h"
#include "cli/load_rules.h"
#include "cli/output.h"
#include "core/errline.h"

static void record_command(void *ctx, const Command *cmd, const Game *after)
{
    journal_add(ctx, cmd, after);
}

bool autoplay_game(const Rules *rules, uint64_t seed, int max_turns, AutoplayResult *out, char *err,
                   size_t err_size)
{
    return autoplay_game_recorded(rules, seed, max_turns, NULL, NULL, out, err, err_size);
}

/* What a game played to its end says, for its line and the totals. */
static void result_of(const Game *game, uint64_t seed, AutoplayResult *out)
{
    *out = (AutoplayResult){.seed = seed,
                            .outcome = game->outcome,
                            .timed_out = game->outcome == GAME_PLAYING,
                            .deepest = game->deepest,
                            .turns = (int)game->turn,
                            .level = game->player->stats.level,
                            .xp = game->player->stats.xp,
                            .score = game_score(game),
                            .counters = game->counters,
                            .identified = vials_known_count(game),
                            .vials_known = game->vials.known};
    for (int f = 0; f < AUTOPLAY_EARLY_FLOORS; f++) {
        out->early_turns += (int)game->floor_stats[f].turns;
        out->early_kills += game->floor_stats[f].kills;
    }
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
    FightGaps *fights = calloc(1, sizeof *fights);
    ok = ok && fights;
    while (ok && game->outcome == GAME_PLAYING && game->turn < (uint32_t)max_turns) {
        if (!bot_play_turn(bot, game))
            break;
        fight_gaps_see(fights, game);
    }
    if (journal == &file) {
        journal_add_check(&file, game);
        ok = journal_sync(&file, err, err_size);
        journal_close(&file);
    }
    if (!ok) {
        game_free(game);
        free(game);
        free(bot);
        free(fights);
        return false;
    }
    result_of(game, seed, out);
    out->fights = *fights;
    free(fights);
    out->locker = bot->locker_pick;
    memcpy(out->tool_uses, bot->tool_uses, sizeof out->tool_uses);
    out->tools_found = bot->tools_found;
    out->kinds = &rules->kinds;
    game_free(game);
    free(game);
    free(bot);
    return true;
}

/* "uses": {"Cheese": n, ...} for every tool kind, then each vial kind thrown; "found_tools":
 * the tool kinds it had. */
static void add_tools(cJSON *o, const AutoplayResult *r)
{
    cJSON *uses = cJSON_AddObjectToObject(o, "uses");
    cJSON *found = cJSON_AddArrayToObject(o, "found_tools");
    for (int t = 0; t < BOT_TOOL_KINDS; t++) {
        const char *name = bot_tool_name(r->kinds, t);
        cJSON_AddNumberToObject(uses, name, r->tool_uses[t]);
        if (r->tools_found & (1u << t))
            cJSON_AddItemToArray(found, cJSON_CreateString(name));
    }
    for (int t = BOT_TOOL_KINDS; t < BOT_USE_KINDS; t++)
        if (r->tool_uses[t] > 0)
            cJSON_AddNumberToObject(uses, bot_tool_name(r->kinds, t), r->tool_uses[t]);
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
    cJSON_AddNumberToObject(o, "doors_closed", r->counters.doors_closed);
    cJSON_AddNumberToObject(o, "turns_floors_0_4", r->early_turns);
    cJSON_AddNumberToObject(o, "kills_floors_0_4", r->early_kills);
    cJSON_AddStringToObject(o, "locker", r->locker ? r->locker : "");
    cJSON_AddNumberToObject(o, "identified", r->identified);
    cJSON_AddNumberToObject(o, "vials_known", r->vials_known);
    cJSON_AddNumberToObject(o, "fights_floors_0_4", r->fights.count);
    cJSON_AddNumberToObject(o, "fight_gap_floors_0_4",
                            fight_gaps_median(r->fights.gap, r->fights.count));
    add_tools(o, r);
    char *text = cJSON_PrintUnformatted(o);
    if (text)
        fprintf(out, "%s\n", text);
    cJSON_free(text);
    cJSON_Delete(o);
}

/* The totals line, added up game by game as each is printed: the same few numbers however
 * many games are played (the median deepest floor from a count of the games per floor). */
typedef struct Totals {
    int games, won, died, timeouts;
    long long turns, kills, doors_opened, keys_used, hidden_found, items_picked, doors_closed;
    long long identified;
    long long by_deepest[FLOOR_COUNT];
    long long gaps[FIGHT_GAP_HIST]; /* the fight gaps of every game, by length (R-PACE-1) */
    int tool_found[BOT_TOOL_KINDS], tool_used[BOT_TOOL_KINDS]; /* games it was found, used */
    const KindTable *kinds;
} Totals;

static void totals_add(Totals *t, const AutoplayResult *r)
{
    int deepest = r->deepest < 0 ? 0 : r->deepest < FLOOR_COUNT ? r->deepest : FLOOR_COUNT - 1;
    t->games++;
    t->won += !r->timed_out && r->outcome == GAME_WON;
    t->died += !r->timed_out && r->outcome == GAME_DIED;
    t->timeouts += r->timed_out;
    t->turns += r->turns;
    t->kills += r->counters.kills;
    t->doors_opened += r->counters.doors_opened;
    t->keys_used += r->counters.keys_used;
    t->hidden_found += r->counters.hidden_found;
    t->items_picked += r->counters.items_picked;
    t->doors_closed += r->counters.doors_closed;
    t->identified += r->identified;
    t->by_deepest[deepest]++;
    for (int i = 0; i < r->fights.count; i++)
        t->gaps[r->fights.gap[i] < FIGHT_GAP_HIST ? r->fights.gap[i] : FIGHT_GAP_HIST - 1]++;
    for (int k = 0; k < BOT_TOOL_KINDS; k++) {
        t->tool_found[k] += (r->tools_found >> k) & 1u;
        t->tool_used[k] += r->tool_uses[k] > 0;
    }
    t->kinds = r->kinds;
}

/* The deepest floor of game games/2 in the order of their deepest floors (the upper median). */
static int totals_median_deepest(const Totals *t)
{
    long long below = 0;
    for (int f = 0; f < FLOOR_COUNT; f++) {
        below += t->by_deepest[f];
        if (below > t->games / 2)
            return f;
    }
    return 0;
}

/* The totals line's end, per tool kind: the games it was used in of those it was found in. */
static void totals_print_tools(const Totals *t, FILE *diag)
{
    fprintf(diag, "; uses");
    for (int k = 0; k < BOT_TOOL_KINDS && t->kinds; k++)
        fprintf(diag, "%s %s %d/%d (%d%%)", k ? "," : "", bot_tool_name(t->kinds, k),
                t->tool_used[k], t->tool_found[k],
                t->tool_found[k] ? 100 * t->tool_used[k] / t->tool_found[k] : 0);
    fprintf(diag, "\n");
}

static void totals_print(const Totals *t, FILE *diag)
{
    fprintf(diag,
            "totals: %d games, %d won (%.1f%%), %d died, %d timed out; median deepest floor %d; "
            "%lld turns; kills %lld, doors_opened %lld, keys_used %lld, hidden_found %lld, "
            "items_picked %lld, doors_closed %lld, identified %lld; "
            "median fight gap on floors 0-4 %d turns",
            t->games, t->won, 100.0 * t->won / t->games, t->died, t->timeouts,
            totals_median_deepest(t), t->turns, t->kills, t->doors_opened, t->keys_used,
            t->hidden_found, t->items_picked, t->doors_closed, t->identified,
            fight_gaps_median_hist(t->gaps));
    totals_print_tools(t, diag);
}

/* Games played side by side (--jobs): each worker takes the next game not yet taken and
 * plays it alone (a game shares nothing but the rules, which nobody writes while they play);
 * the main thread prints the games in seed order as each one is done, so the output is the
 * bytes one job prints. A game done waits for its turn in a ring of slots, and a worker takes
 * a game only while the ring has room for it (SLOTS_PER_JOB games a job ahead of the
 * printing): the memory is the same for ten games or a million. */
enum { SLOTS_PER_JOB = 16 };

typedef struct Slot {
    AutoplayResult result;
    bool done, ok;
    char err[1400];
} Slot;

typedef struct Pool {
    const Rules *rules;
    const CliOptions *opt;
    Slot *slots; /* game g in slots[g % window], from when it is taken until it is printed */
    int window;
    int next;    /* the next game to take */
    int printed; /* the games printed: the next to take is below printed + window */
    bool failed; /* a game failed: take no more */
    pthread_mutex_t lock;
    pthread_cond_t done; /* a game is done */
    pthread_cond_t room; /* a game was printed (its slot is free), or the run ends */
} Pool;

static Slot *slot_of(Pool *pool, int g)
{
    return &pool->slots[g % pool->window];
}

static void play_slot(Pool *pool, int g)
{
    const CliOptions *opt = pool->opt;
    Slot *slot = slot_of(pool, g);
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
        while (!pool->failed && pool->next < pool->opt->games &&
               pool->next >= pool->printed + pool->window)
            pthread_cond_wait(&pool->room, &pool->lock);
        int g = pool->failed || pool->next >= pool->opt->games ? -1 : pool->next++;
        pthread_mutex_unlock(&pool->lock);
        if (g < 0)
            return NULL;
        play_slot(pool, g);
        pthread_mutex_lock(&pool->lock);
        slot_of(pool, g)->done = true;
        pool->failed |= !slot_of(pool, g)->ok;
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

/* Game g, once done: false when it (or a game before it) failed, the first failure said. */
static bool wait_for(Pool *pool, int g, int started, FILE *diag)
{
    Slot *slot = slot_of(pool, g);
    if (started == 0) { /* no thread to be had: play it here */
        play_slot(pool, g);
        slot->done = true;
    }
    pthread_mutex_lock(&pool->lock);
    /* A game nobody took, because another failed first, will never be done. */
    while (!slot->done && !(pool->failed && g >= pool->next))
        pthread_cond_wait(&pool->done, &pool->lock);
    bool ok = slot->done && slot->ok;
    /* The first game that failed says why: every game from g on that is done is still in
     * its slot. */
    for (int f = g; !ok && f < g + pool->window && f < pool->opt->games; f++)
        if (slot_of(pool, f)->done && !slot_of(pool, f)->ok) {
            errline_say(diag, "autoplay: %s", slot_of(pool, f)->err);
            break;
        }
    pthread_mutex_unlock(&pool->lock);
    return ok;
}

/* Game g is printed: its slot takes the game `window` further on. */
static void release(Pool *pool, int g)
{
    pthread_mutex_lock(&pool->lock);
    slot_of(pool, g)->done = false;
    pool->printed = g + 1;
    pthread_cond_broadcast(&pool->room);
    pthread_mutex_unlock(&pool->lock);
}

/* Plays the games on `jobs` threads (or here, when none can be made), printing each. */
static int play_all(Pool *pool, int jobs, pthread_t *threads, FILE *out, FILE *diag)
{
    int started = 0;
    while (started < jobs && pthread_create(&threads[started], NULL, worker, pool) == 0)
        started++;
    Totals totals = {0};
    int status = 0;
    for (int g = 0; g < pool->opt->games && status == 0; g++) {
        if (!wait_for(pool, g, started, diag)) {
            status = 1;
            break;
        }
        print_result(&slot_of(pool, g)->result, out);
        fflush(out);
        totals_add(&totals, &slot_of(pool, g)->result);
        release(pool, g);
    }
    pthread_mutex_lock(&pool->lock);
    pool->failed = true; /* after a failure, the workers take no more games */
    pthread_cond_broadcast(&pool->room);
    pthread_mutex_unlock(&pool->lock);
    for (int t = 0; t < started; t++)
        pthread_join(threads[t], NULL);
    if (status == 0)
        totals_print(&totals, diag);
    return status;
}

int autoplay_cmd_run(const CliOptions *opt, FILE *out, FILE *diag)
{
    static Rules rules;
    if (!cli_load_rules(&rules, NULL, diag))
        return 1;
    if (opt->record_dir && mkdir(opt->record_dir, 0777) != 0 && errno != EEXIST) {
        errline_say(diag, "autoplay: %s: cannot make the folder: %s", opt->record_dir,
                    strerror(errno));
        return 1;
    }
    int jobs = jobs_for(opt);
    Pool pool = {.rules = &rules, .opt = opt, .window = jobs * SLOTS_PER_JOB};
    pool.slots = calloc((size_t)pool.window, sizeof *pool.slots);
    pthread_t *threads = calloc((size_t)jobs, sizeof *threads);
    if (!pool.slots || !threads) {
        errline_say(diag, "out of memory");
        free(pool.slots);
        free(threads);
        return 1;
    }
    pthread_mutex_init(&pool.lock, NULL);
    pthread_cond_init(&pool.done, NULL);
    pthread_cond_init(&pool.room, NULL);
    int status = play_all(&pool, jobs, threads, out, diag);
    pthread_mutex_destroy(&pool.lock);
    pthread_cond_destroy(&pool.done);
    pthread_cond_destroy(&pool.room);
    free(threads);
    free(pool.slots);
    return status;
}
