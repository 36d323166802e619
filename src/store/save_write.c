/* Writing a save: the game into a cJSON tree in the order save.h gives, printed in one line,
 * and the checksum member put at its end. */
#include <cjson/cJSON.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen/gen.h"
#include "store/save.h"
#include "store/save_format.h"

typedef struct Writer {
    bool ok;
    char *row; /* scratch: one map row */
} Writer;

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

static void write_rng(Writer *w, cJSON *o, const char *key, const Rng *rng)
{
    cJSON *r = w_obj(w, o, key);
    w_u64(w, r, "state", rng->state);
    w_u64(w, r, "inc", rng->inc);
}

static void write_stats(Writer *w, cJSON *o, const Stats *s)
{
    cJSON *st = w_obj(w, o, "stats");
    w_num(w, st, "hp", s->hp);
    w_num(w, st, "max_hp", s->max_hp);
    w_num(w, st, "attack_min", s->attack_min);
    w_num(w, st, "attack_max", s->attack_max);
    w_num(w, st, "defence", s->defence);
    w_num(w, st, "hit", s->hit);
    w_num(w, st, "dodge", s->dodge);
    w_num(w, st, "sight", s->sight);
    w_num(w, st, "speed", s->speed);
    w_num(w, st, "xp", s->xp);
    w_num(w, st, "level", s->level);
}

static void write_entity(Writer *w, cJSON *o, const Entity *e)
{
    w_str(w, o, "name", e->name);
    w_num(w, o, "id", e->id);
    w_num(w, o, "x", e->x);
    w_num(w, o, "y", e->y);
    switch (e->kind) {
    case KIND_MONSTER: {
        w_num(w, o, "facing", e->facing);
        write_stats(w, o, &e->stats);
        cJSON *m = w_obj(w, o, "mind");
        w_str(w, m, "state", SAVE_MIND_NAMES[e->mind.state]);
        w_num(w, m, "target_x", e->mind.target_x);
        w_num(w, m, "target_y", e->mind.target_y);
        w_num(w, m, "energy", e->mind.energy);
        w_num(w, m, "summon_timer", e->mind.summon_timer);
        w_num(w, m, "stuck", e->mind.stuck);
        w_num(w, m, "ready_turn", e->mind.ready_turn);
        if (e->in_view_since)
            w_num(w, o, "in_view", e->in_view_since);
        if (e->flags & EF_SEEN && w->ok) /* left out until seen, as saves before it were */
            w_check(w, cJSON_AddTrueToObject(o, "seen"));
        break;
    }
    case KIND_ITEM: {
        if (e->in_view_since)
            w_num(w, o, "in_view", e->in_view_since);
        cJSON *it = w_obj(w, o, "item");
        w_str(w, it, "slot", SAVE_SLOT_NAMES[e->item.slot]);
        w_num(w, it, "attack", e->item.attack);
        w_num(w, it, "defence", e->item.defence);
        w_num(w, it, "hit", e->item.hit);
        w_num(w, it, "dodge", e->item.dodge);
        w_num(w, it, "heal", e->item.heal);
        w_num(w, it, "floor", e->item.floor);
        if (e->flags & EF_CARRIED_BEFORE && w->ok)
            w_check(w, cJSON_AddTrueToObject(o, "carried"));
        break;
    }
    case KIND_DOOR: w_str(w, o, "door", SAVE_DOOR_NAMES[e->door]); break;
    case KIND_STAIRS:
    case KIND_PLAYER: break;
    }
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
static void write_memory(Writer *w, cJSON *o, const Game *game, const Floor *f)
{
    cJSON *mem = w_obj(w, o, "memory");
    cJSON *items = w_arr(w, mem, "items"), *mice = w_arr(w, mem, "mice");
    for (int i = 0; i < f->item_marks + f->mouse_marks && w->ok; i++) {
        bool item = i < f->item_marks;
        const FloorMark *m = item ? &f->items[i] : &f->mice[i - f->item_marks];
        const KindDef *kind = kind_get(game->factory.kinds, m->kind_id);
        cJSON *mo = w_push_obj(w, item ? items : mice);
        w_num(w, mo, "id", m->id);
        w_str(w, mo, "name", kind ? kind->name : "");
        w_num(w, mo, "x", m->x);
        w_num(w, mo, "y", m->y);
        if (!item)
            w_num(w, mo, "turn", m->turn);
        if (!item && m->in_view && w->ok)
            w_check(w, cJSON_AddTrueToObject(mo, "in_view"));
    }
}

static void write_floor(Writer *w, cJSON *o, const Game *game, const Floor *f)
{
    const Map *m = &f->map;
    w_num(w, o, "number", f->number);
    w_num(w, o, "width", m->width);
    w_num(w, o, "height", m->height);
    write_rows(w, o, "rows", m, NULL);
    write_rows(w, o, "seen", m, f->seen);
    cJSON *rooms = w_arr(w, o, "rooms");
    for (int i = 0; i < f->room_count && w->ok; i++) {
        const Room *r = &f->rooms[i];
        w_push(w, rooms, w_int_array(w, (const int[]){r->x, r->y, r->w, r->h}, 4));
    }
    cJSON *arrival = w_int_array(w, (const int[]){f->arrival_x, f->arrival_y}, 2);
    if (!w->ok || !arrival || !cJSON_AddItemToObject(o, "arrival", arrival)) {
        cJSON_Delete(arrival);
        w->ok = false;
    }
    int player_at = -1, n = 0;
    for (const Entity *e = f->entities.head; e; e = e->next)
        if (!(e->flags & EF_REMOVED)) {
            if (e == game->player)
                player_at = n;
            else
                n++;
        }
    if (player_at >= 0)
        w_num(w, o, "player_at", player_at);
    cJSON *list = w_arr(w, o, "entities");
    for (const Entity *e = f->entities.head; e && w->ok; e = e->next)
        if (!(e->flags & EF_REMOVED) && e != game->player)
            write_entity(w, w_push_obj(w, list), e);
    write_memory(w, o, game, f);
}

static void write_counters(Writer *w, cJSON *root, const Game *game)
{
    cJSON *c = w_obj(w, root, "counters");
    w_num(w, c, "kills", game->counters.kills);
    w_num(w, c, "doors_opened", game->counters.doors_opened);
    w_num(w, c, "keys_used", game->counters.keys_used);
    w_num(w, c, "hidden_found", game->counters.hidden_found);
    w_num(w, c, "items_picked", game->counters.items_picked);
    cJSON *by_kind = w_obj(w, c, "by_kind"); /* only the kinds killed */
    for (int k = 0; k < game->factory.kinds->count; k++)
        if (kind_is_mouse(game->factory.kinds, k) && game->counters.kills_by_kind[k] > 0)
            w_num(w, by_kind, game->factory.kinds->kinds[k].name, game->counters.kills_by_kind[k]);
    w_num(w, root, "played_ms", (long long)game->played_ms);
    cJSON *stats = w_arr(w, root, "floor_stats");
    for (int f = 0; f < FLOOR_COUNT && w->ok; f++) {
        const FloorStats *s = &game->floor_stats[f];
        w_push(w, stats, w_int_array(w, (const int[]){(int)s->turns, s->kills, s->items_found}, 3));
    }
}

static void write_game(Writer *w, cJSON *root, const Game *game)
{
    w_num(w, root, "format", SAVE_FORMAT);
    w_num(w, root, "dungeon_version", DUNGEON_VERSION);
    w_u64(w, root, "seed", game->seeds.game);
    cJSON *seeds = w_arr(w, root, "floor_seeds");
    for (int f = 0; f < FLOOR_COUNT && w->ok; f++) {
        char text[24];
        snprintf(text, sizeof text, "%" PRIu64, game->seeds.floors[f]);
        w_push(w, seeds, cJSON_CreateString(text));
    }
    w_num(w, root, "turn", game->turn);
    if (game->commands_known) /* a game loaded from a save before it does not know it */
        w_u64(w, root, "commands", game->commands);
    w_num(w, root, "current", game->current);
    w_num(w, root, "deepest", game->deepest);
    w_str(w, root, "outcome", SAVE_OUTCOME_NAMES[game->outcome]);
    w_str(w, root, "killed_by", game->killed_by);
    write_counters(w, root, game);
    w_num(w, root, "search_streak", game->search_streak);
    w_str(w, root, "activity", SAVE_ACTIVITY_NAMES[game->activity]);
    w_num(w, root, "travel_x", game->travel_x);
    w_num(w, root, "travel_y", game->travel_y);
    w_num(w, root, "last_dx", game->last_dx);
    w_num(w, root, "last_dy", game->last_dy);
    w_num(w, root, "next_id", game->factory.next_id);
    cJSON *rng = w_obj(w, root, "rng");
    write_rng(w, rng, "play", &game->rng_play);
    write_rng(w, rng, "cosmetic", &game->rng_cosmetic);

    const Entity *p = game->player;
    cJSON *po = w_obj(w, root, "player");
    w_num(w, po, "id", p->id);
    w_num(w, po, "x", p->x);
    w_num(w, po, "y", p->y);
    w_num(w, po, "facing", p->facing);
    write_stats(w, po, &p->stats);

    /* By letter, null where a letter is free, up to the last item: each keeps its letter. */
    cJSON *inv = w_arr(w, root, "inventory");
    int letters = RULES_INVENTORY_CAP;
    while (letters > 0 && !game->inventory[letters - 1])
        letters--;
    for (int i = 0; i < letters && w->ok; i++) {
        if (game->inventory[i])
            write_entity(w, w_push_obj(w, inv), game->inventory[i]);
        else
            w_push(w, inv, cJSON_CreateNull());
    }
    cJSON *eq = w_obj(w, root, "equipped");
    for (int slot = SLOT_WEAPON; slot < SLOT_COUNT; slot++) {
        int letter = -1;
        for (int i = 0; i < RULES_INVENTORY_CAP; i++)
            if (game->equipped[slot] && game->equipped[slot] == game->inventory[i])
                letter = i;
        w_num(w, eq, SAVE_SLOT_NAMES[slot], letter);
    }

    cJSON *log = w_obj(w, root, "log");
    w_num(w, log, "total", (long long)game->log.total);
    cJSON *entries = w_arr(w, log, "entries");
    for (int age = msglog_count(&game->log) - 1; age >= 0 && w->ok; age--) {
        const LogEntry *e = msglog_get(&game->log, age);
        cJSON *o = w_push_obj(w, entries);
        w_num(w, o, "turn", e->turn);
        w_num(w, o, "repeats", e->repeats);
        w_str(w, o, "text", e->text);
        if (e->tone != MSG_PLAIN) /* left out when plain, as saves before tones were */
            w_str(w, o, "tone", msglog_tone_name(e->tone));
    }

    cJSON *floors = w_arr(w, root, "floors");
    for (int f = 0; f < FLOOR_COUNT && w->ok; f++)
        if (game->floors[f])
            write_floor(w, w_push_obj(w, floors), game, game->floors[f]);
}

char *save_to_json(const Game *game)
{
    int width = 0;
    for (int f = 0; f < FLOOR_COUNT; f++)
        if (game->floors[f] && game->floors[f]->map.width > width)
            width = game->floors[f]->map.width;
    Writer w = {.ok = true, .row = malloc((size_t)width + 1)};
    cJSON *root = cJSON_CreateObject();
    w.ok = root && w.row;
    if (w.ok)
        write_game(&w, root, game);
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
