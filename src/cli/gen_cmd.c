#include "cli/gen_cmd.h"

#include <cjson/cJSON.h>
#include <pthread.h>
#include <stdlib.h>
#include <unistd.h>

#include "cli/load_rules.h"
#include "cli/output.h"
#include "cli/window_cmd.h"
#include "core/errline.h"
#include "core/seeds.h"
#include "entities/entities.h"
#include "game/rules.h"
#include "game/vials.h"
#include "gen/gen.h"

static void print_ascii(const Floor *floor, FILE *out)
{
    for (int y = 0; y < floor->map.height; y++) {
        for (int x = 0; x < floor->map.width; x++)
            fputc(gen_cell_char(floor, x, y), out);
        fputc('\n', out);
    }
}

/* The floor's specimen lockers (R-LOCKER-1): [{"items":[{"name","x","y"} x 3]}], or []. */
static void add_lockers(cJSON *root, const Floor *floor)
{
    cJSON *lockers = cJSON_AddArrayToObject(root, "lockers"), *items = NULL;
    for (const Entity *e = floor->entities.head; e; e = e->next) {
        if (!(e->flags & EF_CAGED) || (e->flags & EF_REMOVED))
            continue;
        if (!items) {
            cJSON *locker = cJSON_CreateObject();
            cJSON_AddItemToArray(lockers, locker);
            items = cJSON_AddArrayToObject(locker, "items");
        }
        cJSON *item = cJSON_CreateObject();
        cJSON_AddStringToObject(item, "name", e->name);
        cJSON_AddNumberToObject(item, "x", e->x);
        cJSON_AddNumberToObject(item, "y", e->y);
        cJSON_AddItemToArray(items, item);
    }
}

/* A vial's colour in a game of this seed (R-VIAL-1): its name above is its kind. */
static void add_appearance(cJSON *item, const Entity *e, uint64_t seed)
{
    int k = vial_index(e->kind_id);
    if (k < 0)
        return;
    VialState v;
    vials_shuffle(&v, seed);
    cJSON_AddStringToObject(item, "appearance", vial_colour_name(v.look[k]));
}

static cJSON *floor_to_json(const Floor *floor, uint64_t seed)
{
    cJSON *root = cJSON_CreateObject();
    output_add_u64(root, "seed", seed);
    cJSON_AddNumberToObject(root, "floor", floor->number);
    cJSON_AddNumberToObject(root, "width", floor->map.width);
    cJSON_AddNumberToObject(root, "height", floor->map.height);
    cJSON *rows = cJSON_AddArrayToObject(root, "rows");
    char *row = malloc((size_t)floor->map.width + 1);
    for (int y = 0; row && y < floor->map.height; y++) {
        for (int x = 0; x < floor->map.width; x++)
            row[x] = gen_cell_char(floor, x, y);
        row[floor->map.width] = '\0';
        cJSON_AddItemToArray(rows, cJSON_CreateString(row));
    }
    free(row);
    cJSON *rooms = cJSON_AddArrayToObject(root, "rooms");
    for (int i = 0; i < floor->room_count; i++) {
        const Room *r = &floor->rooms[i];
        cJSON *room = cJSON_CreateObject();
        cJSON_AddNumberToObject(room, "x", r->x);
        cJSON_AddNumberToObject(room, "y", r->y);
        cJSON_AddNumberToObject(room, "w", r->w);
        cJSON_AddNumberToObject(room, "h", r->h);
        cJSON_AddItemToArray(rooms, room);
    }
    cJSON *entities = cJSON_AddArrayToObject(root, "entities");
    int hidden = 0;
    for (const Entity *e = floor->entities.head; e; e = e->next) {
        hidden += e->kind == KIND_DOOR && e->door == DOOR_HIDDEN;
        cJSON *item = cJSON_CreateObject();
        cJSON_AddStringToObject(item, "name", e->name);
        cJSON_AddNumberToObject(item, "x", e->x);
        cJSON_AddNumberToObject(item, "y", e->y);
        add_appearance(item, e, seed);
        cJSON_AddItemToArray(entities, item);
    }
    /* The "Door (Hidden)" entities counted, so a floor's hidden doors read at a glance. */
    cJSON_AddNumberToObject(root, "hidden_doors", hidden);
    add_lockers(root, floor);
    return root;
}

static bool print_json(const Floor *floor, uint64_t seed, FILE *out)
{
    cJSON *json = floor_to_json(floor, seed);
    char *text = cJSON_PrintUnformatted(json);
    cJSON_Delete(json);
    if (!text)
        return false;
    fprintf(out, "%s\n", text);
    cJSON_free(text);
    return true;
}

/* Sums of GenStats over many floors. */
typedef struct StatsTotal {
    long floors, retries, rooms, corridors, loops, dead_ends, alcoves, room_doors, hidden,
        alcove_doors, locked, alcove_items, locked_alcoves, locked_alcove_items, loose_items,
        monsters, open_cells, cells, hidden_opened, floor_plans;
    long lockers[FLOOR_COUNT]; /* specimen lockers by floor (R-LOCKER-1) */
} StatsTotal;

static void add_stats(StatsTotal *t, const GenStats *s, int floor)
{
    t->floors++;
    t->lockers[floor] += s->lockers;
    t->retries += s->retries;
    t->rooms += s->rooms;
    t->corridors += s->corridors;
    t->loops += s->loops;
    t->dead_ends += s->dead_ends;
    t->alcoves += s->alcoves;
    t->room_doors += s->room_doors;
    t->hidden += s->hidden_doors;
    t->alcove_doors += s->alcove_doors;
    t->locked += s->locked_doors;
    t->alcove_items += s->alcove_items;
    t->locked_alcoves += s->locked_alcoves;
    t->locked_alcove_items += s->locked_alcove_items;
    t->loose_items += s->loose_items;
    t->monsters += s->monsters;
    t->open_cells += s->open_cells;
    t->cells += s->cells;
    t->hidden_opened += s->hidden_opened;
    t->floor_plans += s->floor_plans;
}

static double ratio(long a, long b)
{
    return b ? (double)a / (double)b : 0.0;
}

static void print_stats(const StatsTotal *t, int seeds, FILE *out)
{
    double n = (double)t->floors;
    fprintf(out, "seeds %d\nfloors %ld (1..%d of each seed)\n", seeds, t->floors, MAX_FLOORS);
    fprintf(out, "rooms_per_floor %.2f\n", t->rooms / n);
    fprintf(out, "corridors_per_floor %.2f\n", t->corridors / n);
    fprintf(out, "loops_per_floor %.2f\n", t->loops / n);
    fprintf(out, "dead_ends_per_floor %.2f\n", t->dead_ends / n);
    fprintf(out, "alcoves_per_floor %.2f\n", t->alcoves / n);
    fprintf(out, "doors_plain_per_floor %.2f\n",
            (t->room_doors - t->hidden + t->alcove_doors - t->locked) / n);
    fprintf(out, "doors_hidden_per_floor %.2f\n", t->hidden / n);
    fprintf(out, "doors_locked_per_floor %.2f\n", t->locked / n);
    fprintf(out, "hidden_share_of_room_doors %.4f\n", ratio(t->hidden, t->room_doors));
    fprintf(out, "locked_share_of_alcove_doors %.4f\n", ratio(t->locked, t->alcove_doors));
    fprintf(out, "item_share_of_alcoves %.4f\n", ratio(t->alcove_items, t->alcoves));
    fprintf(out, "item_share_of_locked_alcoves %.4f\n",
            ratio(t->locked_alcove_items, t->locked_alcoves));
    fprintf(out, "loose_items_per_floor %.2f\n", t->loose_items / n);
    fprintf(out, "monsters_per_floor %.2f\n", t->monsters / n);
    fprintf(out, "open_space_fraction %.4f\n", ratio(t->open_cells, t->cells));
    fprintf(out, "retries %ld\nretries_per_floor %.4f\n", t->retries, t->retries / n);
    /* Hidden doors rolled on the way up and made plain again (R-GUAR-11), and Floor Plans. */
    fprintf(out, "doors_hidden_opened_per_floor %.2f\n", t->hidden_opened / n);
    fprintf(out, "floor_plans_per_floor %.4f\n", t->floor_plans / n);
    for (int f = 3; f < MAX_FLOORS; f += 3) /* the share of seeds with a locker there */
        fprintf(out, "locker_share_floor_%d %.4f\n", f, ratio(t->lockers[f], seeds));
}

/* One block of seeds of --stats: its own factory (entity ids are the factory's), its sums. */
enum { STATS_BLOCK = 32 };

typedef struct StatsBlock {
    StatsTotal total;
    bool failed;
    uint64_t seed; /* where it failed */
    int floor;
    char error[FACTORY_ERROR_MAX];
} StatsBlock;

static void stats_block(const KindTable *kinds, int first, int last, StatsBlock *b)
{
    EntityFactory factory;
    factory_init(&factory, kinds);
    for (int seed = first; seed <= last; seed++) {
        GameSeeds seeds;
        seeds_derive(&seeds, (uint64_t)seed);
        for (int f = 1; f <= MAX_FLOORS; f++) {
            Floor floor;
            GenStats stats;
            if (!gen_floor(&floor, f, seeds.floors[f], &factory, &stats)) {
                b->failed = true;
                b->seed = (uint64_t)seed;
                b->floor = f;
                snprintf(b->error, sizeof b->error, "%s", factory.error);
                return;
            }
            add_stats(&b->total, &stats, f);
            floor_free(&floor);
        }
    }
}

/* Blocks of seeds taken in turn by --jobs threads. The sums are of whole numbers, so adding
 * the blocks up in any order gives the totals one job gets, and the output is its bytes. */
typedef struct StatsPool {
    const KindTable *kinds;
    int seeds, blocks;
    StatsBlock *block;
    int next;
    pthread_mutex_t lock;
} StatsPool;

static void *stats_worker(void *arg)
{
    StatsPool *pool = arg;
    for (;;) {
        pthread_mutex_lock(&pool->lock);
        int k = pool->next < pool->blocks ? pool->next++ : -1;
        pthread_mutex_unlock(&pool->lock);
        if (k < 0)
            return NULL;
        int first = 1 + k * STATS_BLOCK;
        int last = first + STATS_BLOCK - 1 < pool->seeds ? first + STATS_BLOCK - 1 : pool->seeds;
        stats_block(pool->kinds, first, last, &pool->block[k]);
    }
}

static void add_total(StatsTotal *total, const StatsTotal *t)
{
    total->floors += t->floors;
    total->retries += t->retries;
    total->rooms += t->rooms;
    total->corridors += t->corridors;
    total->loops += t->loops;
    total->dead_ends += t->dead_ends;
    total->alcoves += t->alcoves;
    total->room_doors += t->room_doors;
    total->hidden += t->hidden;
    total->alcove_doors += t->alcove_doors;
    total->locked += t->locked;
    total->alcove_items += t->alcove_items;
    total->locked_alcoves += t->locked_alcoves;
    total->locked_alcove_items += t->locked_alcove_items;
    total->loose_items += t->loose_items;
    total->monsters += t->monsters;
    total->open_cells += t->open_cells;
    total->cells += t->cells;
    total->hidden_opened += t->hidden_opened;
    total->floor_plans += t->floor_plans;
    for (int f = 0; f < FLOOR_COUNT; f++)
        total->lockers[f] += t->lockers[f];
}

static int run_stats(const CliOptions *opt, const KindTable *kinds, FILE *out)
{
    StatsPool pool = {.kinds = kinds, .seeds = opt->stats_seeds};
    pool.blocks = (opt->stats_seeds + STATS_BLOCK - 1) / STATS_BLOCK;
    pool.block = calloc((size_t)pool.blocks, sizeof *pool.block);
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    int jobs = opt->jobs > 0 ? opt->jobs : cores > 0 ? (int)cores : 1;
    jobs = jobs < pool.blocks ? jobs : pool.blocks;
    pthread_t *threads = calloc((size_t)jobs, sizeof *threads); /* jobs - 1 used */
    if (!pool.block || !threads) {
        free(pool.block);
        free(threads);
        errline_say(stderr, "gen: out of memory");
        return 1;
    }
    pthread_mutex_init(&pool.lock, NULL);
    int started = 0;
    while (started < jobs - 1 && pthread_create(&threads[started], NULL, stats_worker, &pool) == 0)
        started++;
    stats_worker(&pool); /* this thread takes blocks too (all of them if no thread started) */
    for (int t = 0; t < started; t++)
        pthread_join(threads[t], NULL);
    pthread_mutex_destroy(&pool.lock);
    free(threads);
    StatsTotal total = {0};
    int status = 0;
    for (int k = 0; k < pool.blocks && !status; k++) {
        const StatsBlock *b = &pool.block[k];
        if (b->failed) { /* the first failure in seed order, as one job stops at it */
            errline_say(stderr, "gen: %s", b->error);
            status = 1;
        }
        add_total(&total, &b->total);
    }
    free(pool.block);
    if (!status)
        print_stats(&total, opt->stats_seeds, out);
    return status;
}

int gen_cmd_run(const CliOptions *opt, FILE *out)
{
    /* The generator rolls mice and loot by the floor tiers and weights of data/. */
    static Rules rules;
    if (!cli_load_rules(&rules, "gen", stderr))
        return 1;
    EntityFactory factory;
    factory_init(&factory, &rules.kinds);
    if (opt->stats)
        return run_stats(opt, &rules.kinds, out);
    GameSeeds seeds;
    seeds_derive(&seeds, opt->seed);
    int first = opt->all ? 0 : opt->floor;
    int last = opt->all ? MAX_FLOORS : opt->floor;
    for (int f = first; f <= last; f++) {
        Floor floor;
        if (!gen_floor(&floor, f, seeds.floors[f], &factory, NULL)) {
            errline_say(stderr, "gen: %s", factory.error);
            return 1;
        }
        bool ok = true;
        char err[1400];
        if (opt->png && !window_cmd_floor_png(&floor, opt->png, err, sizeof err)) {
            errline_say(stderr, "gen --png: %s", err);
            floor_free(&floor);
            return 1;
        }
        if (opt->format == GEN_FORMAT_JSON) {
            ok = print_json(&floor, opt->seed, out);
        } else {
            if (opt->all)
                fprintf(out, "floor %d\n", f);
            print_ascii(&floor, out);
        }
        floor_free(&floor);
        if (!ok) {
            errline_say(stderr, "gen: out of memory writing JSON");
            return 1;
        }
    }
    return 0;
}
