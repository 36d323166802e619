/* Writing a save: the game into a cJSON tree by walking its tables (save_format.h), printed in
 * one line, and the checksum member put at its end. */
#include <cjson/cJSON.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen/gen.h"
#include "store/save.h"
#include "store/save_format.h"

typedef SaveWriter Writer;

static cJSON *w_check(Writer *w, cJSON *item)
{
    if (!item)
        w->ok = false;
    return item;
}

/* Whole numbers go in as raw text: cJSON prints a number through printf("%1.15g") and reads it
 * back to check, which was most of the time of a save. */
static const char *int_text(char out[24], long long v)
{
    char *p = out + 23;
    unsigned long long u = v < 0 ? 0ULL - (unsigned long long)v : (unsigned long long)v;
    *p = '\0';
    do {
        *--p = (char)('0' + u % 10);
        u /= 10;
    } while (u);
    if (v < 0)
        *--p = '-';
    return p;
}

static void w_num(Writer *w, cJSON *o, const char *key, long long v)
{
    char text[24];
    if (w->ok)
        w_check(w, cJSON_AddRawToObject(o, key, int_text(text, v)));
}

static void w_str(Writer *w, cJSON *o, const char *key, const char *s)
{
    if (w->ok)
        w_check(w, cJSON_AddStringToObject(o, key, s));
}

static void w_u64(Writer *w, cJSON *o, const char *key, uint64_t v)
{
    char text[24];
    snprintf(text, sizeof text, "%" PRIu64, v);
    w_str(w, o, key, text);
}

static cJSON *w_obj(Writer *w, cJSON *o, const char *key)
{
    return w->ok ? w_check(w, cJSON_AddObjectToObject(o, key)) : NULL;
}

static cJSON *w_arr(Writer *w, cJSON *o, const char *key)
{
    return w->ok ? w_check(w, cJSON_AddArrayToObject(o, key)) : NULL;
}

/* Appends a new object to an array. */
static cJSON *w_push_obj(Writer *w, cJSON *array)
{
    if (!w->ok)
        return NULL;
    cJSON *o = w_check(w, cJSON_CreateObject());
    if (o && !cJSON_AddItemToArray(array, o)) {
        cJSON_Delete(o);
        w->ok = false;
        return NULL;
    }
    return o;
}

static void w_push(Writer *w, cJSON *array, cJSON *item)
{
    if (!w->ok || !item) {
        cJSON_Delete(item);
        w->ok = false;
        return;
    }
    if (!cJSON_AddItemToArray(array, item)) {
        cJSON_Delete(item);
        w->ok = false;
    }
}

static cJSON *w_int_array(Writer *w, const int *v, int n)
{
    cJSON *a = w->ok ? w_check(w, cJSON_CreateArray()) : NULL;
    for (int i = 0; i < n && w->ok; i++) {
        char text[24];
        w_push(w, a, cJSON_CreateRaw(int_text(text, v[i])));
    }
    if (!w->ok) {
        cJSON_Delete(a);
        return NULL;
    }
    return a;
}

static void w_true(Writer *w, cJSON *o, const char *key)
{
    if (w->ok)
        w_check(w, cJSON_AddTrueToObject(o, key));
}

/* A field of a number, a string or a name (not left out when zero if it may be). */
static void write_value(Writer *w, cJSON *o, const SaveField *f, const void *s)
{
    long long v = f->type == SAVE_STRING ? 0 : save_field_value(s, f);
    if ((f->when & SAVE_OMIT_ZERO) && v == 0)
        return;
    switch (f->type) {
    case SAVE_INT:
    case SAVE_ID:
    case SAVE_COORD: w_num(w, o, f->key, v); break;
    case SAVE_U64: w_u64(w, o, f->key, (uint64_t)v); break;
    case SAVE_ENUM: w_str(w, o, f->key, f->names[v]); break;
    case SAVE_STRING: w_str(w, o, f->key, (const char *)s + f->offset); break;
    case SAVE_TRUE:
        if (f->bit ? (v & f->bit) != 0 : v != 0)
            w_true(w, o, f->key);
        break;
    case SAVE_OBJECT:
    case SAVE_PART: break;
    }
}

void save_write_fields(Writer *w, cJSON *o, const SaveTable *t, const void *s, SaveWritePart *part,
                       void *ctx)
{
    for (int i = 0; i < t->count && w->ok; i++) {
        const SaveField *f = &t->fields[i];
        if (f->type == SAVE_OBJECT)
            save_write_fields(w, w_obj(w, o, f->key), f->table, (const char *)s + f->offset, part,
                              ctx);
        else if (f->type == SAVE_PART && part)
            part(ctx, f->part, o, s);
        else if (f->type != SAVE_PART)
            write_value(w, o, f, s);
    }
}

/* What the parts of the game's tables write from. */
typedef struct WriteGame {
    Writer *w;
    const Game *game;
    const Floor *floor; /* the floor being written */
} WriteGame;

/* An entity's parts: its factory name, a door's state (its name goes with it). */
static void write_entity_part(void *ctx, int part, cJSON *o, const void *s)
{
    const Entity *e = s;
    Writer *w = ((WriteGame *)ctx)->w;
    if (part == PART_NAME) { /* the kind's: a vial's shown name changes (game/vials.h) */
        const KindDef *kind = kind_get(((WriteGame *)ctx)->game->factory.kinds, e->kind_id);
        w_str(w, o, "name", kind ? kind->name : e->name);
    } else if (part == PART_DOOR)
        w_str(w, o, "door", SAVE_DOOR_NAMES[e->door]);
}

/* A mark's name is its kind's. */
static void write_mark_name(void *ctx, int part, cJSON *o, const void *s)
{
    const WriteGame *c = ctx;
    const KindDef *kind = kind_get(c->game->factory.kinds, ((const FloorMark *)s)->kind_id);
    (void)part;
    w_str(c->w, o, "name", kind ? kind->name : "");
}

static void write_entity(WriteGame *c, cJSON *o, const Entity *e)
{
    const SaveTable *t = save_entity_table(e->kind);
    if (t)
        save_write_fields(c->w, o, t, e, write_entity_part, c);
}

static void write_rows(Writer *w, cJSON *o, const char *key, const Map *m, const uint8_t *seen)
{
    cJSON *rows = w_arr(w, o, key);
    for (int y = 0; y < m->height && w->ok; y++) {
        const int at = y * m->width;
        for (int x = 0; x < m->width; x++) {
            if (seen) {
                w->row[x] = seen[at + x] ? '1' : '0';
            } else {
                int tile = m->tiles[at + x] == TILE_FLOOR, zone = m->zones[at + x];
                w->row[x] = zone >= 0 && zone <= ZONE_ALCOVE ? SAVE_CELL_CHARS[tile][zone] : '?';
            }
        }
        w->row[m->width] = '\0';
        w_push(w, rows, cJSON_CreateString(w->row));
    }
}

/* What the player remembers of the floor: its items and the mice lately seen. */
static void write_memory(WriteGame *c, cJSON *o, const Floor *f)
{
    cJSON *mem = w_obj(c->w, o, "memory");
    cJSON *items = w_arr(c->w, mem, "items"), *mice = w_arr(c->w, mem, "mice");
    for (int i = 0; i < f->item_marks && c->w->ok; i++)
        save_write_fields(c->w, w_push_obj(c->w, items), &SAVE_ITEM_MARK, &f->items[i],
                          write_mark_name, c);
    for (int i = 0; i < f->mouse_marks && c->w->ok; i++)
        save_write_fields(c->w, w_push_obj(c->w, mice), &SAVE_MOUSE_MARK, &f->mice[i],
                          write_mark_name, c);
}

static void write_rooms(Writer *w, cJSON *o, const Floor *f)
{
    cJSON *rooms = w_arr(w, o, "rooms");
    for (int i = 0; i < f->room_count && w->ok; i++) {
        const Room *r = &f->rooms[i];
        w_push(w, rooms, w_int_array(w, (const int[]){r->x, r->y, r->w, r->h}, 4));
    }
}

static void write_arrival(Writer *w, cJSON *o, const Floor *f)
{
    cJSON *arrival = w_int_array(w, (const int[]){f->arrival_x, f->arrival_y}, 2);
    if (!w->ok || !arrival || !cJSON_AddItemToObject(o, "arrival", arrival)) {
        cJSON_Delete(arrival);
        w->ok = false;
    }
}

/* The player stands in the list before entities[player_at]; left out on other floors. */
static void write_player_at(WriteGame *c, cJSON *o, const Floor *f)
{
    int player_at = -1, n = 0;
    for (const Entity *e = f->entities.head; e; e = e->next)
        if (!(e->flags & EF_REMOVED)) {
            if (e == c->game->player)
                player_at = n;
            else
                n++;
        }
    if (player_at >= 0)
        w_num(c->w, o, "player_at", player_at);
}

static void write_entities(WriteGame *c, cJSON *o, const Floor *f)
{
    cJSON *list = w_arr(c->w, o, "entities");
    for (const Entity *e = f->entities.head; e && c->w->ok; e = e->next)
        if (!(e->flags & EF_REMOVED) && e != c->game->player)
            write_entity(c, w_push_obj(c->w, list), e);
}

/* The parts of a floor, after its number and size. */
static void write_floor_part(void *ctx, int part, cJSON *o, const void *s)
{
    WriteGame *c = ctx;
    const Floor *f = c->floor;
    (void)s;
    switch ((SavePart)part) {
    case PART_ROWS: write_rows(c->w, o, "rows", &f->map, NULL); break;
    case PART_SEEN: write_rows(c->w, o, "seen", &f->map, f->seen); break;
    case PART_ROOMS: write_rooms(c->w, o, f); break;
    case PART_ARRIVAL: write_arrival(c->w, o, f); break;
    case PART_PLAYER_AT: write_player_at(c, o, f); break;
    case PART_ENTITIES: write_entities(c, o, f); break;
    case PART_MEMORY: write_memory(c, o, f); break;
    default: break;
    }
}

static void write_floors(WriteGame *c, cJSON *root)
{
    cJSON *floors = w_arr(c->w, root, "floors");
    for (int i = 0; i < FLOOR_COUNT && c->w->ok; i++) {
        const Floor *f = c->game->floors[i];
        if (!f)
            continue;
        SaveFloorHead head = {f->number, f->map.width, f->map.height};
        c->floor = f;
        save_write_fields(c->w, w_push_obj(c->w, floors), &SAVE_FLOOR, &head, write_floor_part, c);
    }
}

static void write_by_kind(WriteGame *c, cJSON *counters)
{
    const Game *game = c->game;
    cJSON *by_kind = w_obj(c->w, counters, "by_kind"); /* only the kinds killed */
    for (int k = 0; k < game->factory.kinds->count; k++)
        if (kind_is_mouse(game->factory.kinds, k) && game->counters.kills_by_kind[k] > 0)
            w_num(c->w, by_kind, game->factory.kinds->kinds[k].name,
                  game->counters.kills_by_kind[k]);
}

static void write_floor_stats(Writer *w, cJSON *root, const Game *game)
{
    cJSON *stats = w_arr(w, root, "floor_stats");
    for (int f = 0; f < FLOOR_COUNT && w->ok; f++) {
        const FloorStats *s = &game->floor_stats[f];
        w_push(w, stats, w_int_array(w, (const int[]){(int)s->turns, s->kills, s->items_found}, 3));
    }
}

static void write_floor_seeds(Writer *w, cJSON *root, const Game *game)
{
    cJSON *seeds = w_arr(w, root, "floor_seeds");
    for (int f = 0; f < FLOOR_COUNT && w->ok; f++) {
        char text[24];
        snprintf(text, sizeof text, "%" PRIu64, game->seeds.floors[f]);
        w_push(w, seeds, cJSON_CreateString(text));
    }
}

/* By letter, null where a letter is free, up to the last item: each keeps its letter. */
static void write_inventory(WriteGame *c, cJSON *root)
{
    const Game *game = c->game;
    cJSON *inv = w_arr(c->w, root, "inventory");
    int letters = RULES_INVENTORY_CAP;
    while (letters > 0 && !game->inventory[letters - 1])
        letters--;
    for (int i = 0; i < letters && c->w->ok; i++) {
        if (game->inventory[i])
            write_entity(c, w_push_obj(c->w, inv), game->inventory[i]);
        else
            w_push(c->w, inv, cJSON_CreateNull());
    }
}

/* The worn item's letter in each slot, or -1. */
static void write_equipped(Writer *w, cJSON *root, const Game *game)
{
    cJSON *eq = w_obj(w, root, "equipped");
    for (int slot = SLOT_WEAPON; slot < SLOT_COUNT; slot++) {
        int letter = -1;
        for (int i = 0; i < RULES_INVENTORY_CAP; i++)
            if (game->equipped[slot] && game->equipped[slot] == game->inventory[i])
                letter = i;
        w_num(w, eq, SAVE_SLOT_NAMES[slot], letter);
    }
}

static void write_log_entries(WriteGame *c, cJSON *log)
{
    cJSON *entries = w_arr(c->w, log, "entries");
    for (int age = msglog_count(&c->game->log) - 1; age >= 0 && c->w->ok; age--)
        save_write_fields(c->w, w_push_obj(c->w, entries), &SAVE_LOG_ENTRY,
                          msglog_get(&c->game->log, age), NULL, NULL);
}

/* A game loaded from a save made before "commands" does not know it: left out. */
static void write_commands(Writer *w, cJSON *root, const Game *game)
{
    if (game->commands_known)
        w_u64(w, root, "commands", game->commands);
}

/* The parts of the top, the counters and the log. */
static void write_game_part(void *ctx, int part, cJSON *o, const void *s)
{
    WriteGame *c = ctx;
    Writer *w = c->w;
    const Game *game = c->game;
    (void)s;
    switch ((SavePart)part) {
    case PART_FORMAT: w_num(w, o, "format", SAVE_FORMAT); break;
    case PART_DUNGEON_VERSION: w_num(w, o, "dungeon_version", DUNGEON_VERSION); break;
    case PART_FLOOR_SEEDS: write_floor_seeds(w, o, game); break;
    case PART_COMMANDS: write_commands(w, o, game); break;
    case PART_FLOOR_STATS: write_floor_stats(w, o, game); break;
    case PART_PLAYER:
        save_write_fields(w, w_obj(w, o, "player"), &SAVE_PLAYER, game->player, NULL, NULL);
        break;
    case PART_INVENTORY: write_inventory(c, o); break;
    case PART_EQUIPPED: write_equipped(w, o, game); break;
    case PART_LOG:
        save_write_fields(w, w_obj(w, o, "log"), &SAVE_LOG, &game->log, write_game_part, c);
        break;
    case PART_FLOORS: write_floors(c, o); break;
    case PART_BY_KIND: write_by_kind(c, o); break;
    case PART_ENTRIES: write_log_entries(c, o); break;
    default: break; /* the checksum: put on the printed text by save_to_json */
    }
}

char *save_to_json(const Game *game)
{
    int width = 0;
    for (int f = 0; f < FLOOR_COUNT; f++)
        if (game->floors[f] && game->floors[f]->map.width > width)
            width = game->floors[f]->map.width;
    Writer w = {.ok = true, .row = malloc((size_t)width + 1)};
    WriteGame c = {.w = &w, .game = game};
    cJSON *root = cJSON_CreateObject();
    w.ok = root && w.row;
    if (w.ok)
        save_write_fields(&w, root, &SAVE_GAME, game, write_game_part, &c);
    char *body = w.ok ? cJSON_PrintUnformatted(root) : NULL;
    cJSON_Delete(root);
    free(w.row);
    if (!body)
        return NULL;
    /* The body ends with the root's '}': the checksum member goes in its place. */
    size_t cut = strlen(body) - 1;
    uint64_t sum = save_checksum(body, cut);
    char *text = realloc(body, cut + sizeof SAVE_CHECKSUM_TAIL + SAVE_CHECKSUM_HEX + 3);
    if (!text) {
        free(body);
        return NULL;
    }
    snprintf(text + cut, sizeof SAVE_CHECKSUM_TAIL + SAVE_CHECKSUM_HEX + 3, "%s%016" PRIx64 "\"}",
             SAVE_CHECKSUM_TAIL, sum);
    return text;
}
