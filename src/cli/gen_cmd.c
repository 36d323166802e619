#include "cli/gen_cmd.h"

#include <cjson/cJSON.h>
#include <inttypes.h>
#include <stdlib.h>

#include "core/seeds.h"
#include "entities/entities.h"
#include "gen/gen.h"

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
    char seed_text[24];
    snprintf(seed_text, sizeof seed_text, "%" PRIu64, seed);
    /* Raw, so seeds past 2^53 survive exactly (cJSON numbers are doubles). */
    cJSON_AddItemToObject(root, "seed", cJSON_CreateRaw(seed_text));
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

int gen_cmd_run(const CliOptions *opt, FILE *out)
{
    EntityFactory factory;
    factory_init(&factory);
    if (!entities_register_all(&factory)) {
        fprintf(stderr, "mouseking: %s\n", factory.error);
        return 1;
    }
    GameSeeds seeds;
    seeds_derive(&seeds, opt->seed);
    int first = opt->all ? 0 : opt->floor;
    int last = opt->all ? MAX_FLOORS : opt->floor;
    for (int f = first; f <= last; f++) {
        Floor floor;
        if (!gen_floor(&floor, f, seeds.floors[f], &factory, NULL)) {
            fprintf(stderr, "mouseking: gen: %s\n", factory.error);
            return 1;
        }
        bool ok = true;
        if (opt->format == GEN_FORMAT_JSON) {
            ok = print_json(&floor, opt->seed, out);
        } else {
            if (opt->all)
                fprintf(out, "floor %d\n", f);
            print_ascii(&floor, out);
        }
        floor_free(&floor);
        if (!ok) {
            fprintf(stderr, "mouseking: gen: out of memory writing JSON\n");
            return 1;
        }
    }
    return 0;
}
