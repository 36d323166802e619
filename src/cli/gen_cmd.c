#include "cli/gen_cmd.h"

#include <cjson/cJSON.h>
#include <stdlib.h>

#include "cli/output.h"
#include "core/errline.h"
#include "core/seeds.h"
#include "entities/entities.h"
#include "game/rules.h"
#include "gen/gen.h"
#include "ui/floor_png.h"
#include "ui/paths.h"

static void print_ascii(const Floor *floor, FILE *out)
{
    for (int y = 0; y < floor->map.height; y++) {
        for (int x = 0; x < floor->map.width; x++)
            fputc(gen_cell_char(floor, x, y), out);
        fputc('\n', out);
    }
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
    for (const Entity *e = floor->entities.head; e; e = e->next) {
        cJSON *item = cJSON_CreateObject();
        cJSON_AddStringToObject(item, "name", e->name);
        cJSON_AddNumberToObject(item, "x", e->x);
        cJSON_AddNumberToObject(item, "y", e->y);
        cJSON_AddItemToArray(entities, item);
    }
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
        monsters, open_cells, cells;
} StatsTotal;

static void add_stats(StatsTotal *t, const GenStats *s)
{
    t->floors++;
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
}

static int run_stats(const CliOptions *opt, EntityFactory *factory, FILE *out)
{
    StatsTotal total = {0};
    for (int seed = 1; seed <= opt->stats_seeds; seed++) {
        GameSeeds seeds;
        seeds_derive(&seeds, (uint64_t)seed);
        for (int f = 1; f <= MAX_FLOORS; f++) {
            Floor floor;
            GenStats stats;
            if (!gen_floor(&floor, f, seeds.floors[f], factory, &stats)) {
                errline_say(stderr, "gen: %s", factory->error);
                return 1;
            }
            add_stats(&total, &stats);
            floor_free(&floor);
        }
    }
    print_stats(&total, opt->stats_seeds, out);
    return 0;
}

int gen_cmd_run(const CliOptions *opt, FILE *out)
{
    /* The generator rolls mice and loot by the floor tiers and weights of data/. */
    static Rules rules;
    char why[1400];
    if (!paths_load_rules(&rules, why, sizeof why)) {
        errline_say(stderr, "gen: %s", why);
        return 1;
    }
    EntityFactory factory;
    factory_init(&factory, &rules.kinds);
    if (opt->stats)
        return run_stats(opt, &factory, out);
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
        if (opt->png && !floor_png_write(&floor, opt->png, err, sizeof err)) {
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
