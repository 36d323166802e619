/* A game whose current floor is drawn by the test: an ASCII picture replaces floor 0, so
 * each rule can be tried on a map made for it. Legend (docs/ARCHITECTURE.md's, plus names):
 *   # wall  . floor  @ the player  + door  ' open door  L locked door  H hidden door
 *   < stairs up  > stairs down  m Micro Mouse  n Neo Mouse  T Tough Mouse  r Rabid Mouse
 *   M Meta Mouse  K Mouse King
 *   k Key  ! Health Pack  ) Crowbar  / Stun Baton  [ Biker Jacket  ] Bulletproof Vest
 *   * Microchip  ? Floor Plan */
#ifndef MK_GAME_FIXTURE_H
#define MK_GAME_FIXTURE_H

#include <stdlib.h>
#include <string.h>

#include "entities/entities.h"
#include "game/game.h"
#include "test_rules.h"

static KindId fixture_kind(char c)
{
    switch (c) {
    case '+': return KIND_ID_DOOR;
    case '\'': return KIND_ID_DOOR_OPEN;
    case 'L': return KIND_ID_DOOR_LOCKED;
    case 'H': return KIND_ID_DOOR_HIDDEN;
    case '<': return KIND_ID_STAIRS_UP;
    case '>': return KIND_ID_STAIRS_DOWN;
    case 'm': return KIND_ID_MICRO_MOUSE;
    case 'n': return KIND_ID_NEO_MOUSE;
    case 'T': return KIND_ID_TOUGH_MOUSE;
    case 'r': return KIND_ID_RABID_MOUSE;
    case 'M': return KIND_ID_META_MOUSE;
    case 'K': return KIND_ID_MOUSE_KING;
    case 'k': return KIND_ID_KEY;
    case '!': return KIND_ID_HEALTH_PACK;
    case ')': return KIND_ID_CROWBAR;
    case '/': return KIND_ID_STUN_BATON;
    case '[': return KIND_ID_BIKER_JACKET;
    case ']': return KIND_ID_BULLETPROOF_VEST;
    case '*': return KIND_ID_MICROCHIP;
    case '?': return KIND_ID_FLOOR_PLAN;
    default: return KIND_NONE;
    }
}

/* A new game of `seed` whose current floor (number `number`, for gear strength) is the
 * picture, rows NULL-terminated, drawn from the map's top-left corner; walls elsewhere. */
static inline Game *fixture_game(uint64_t seed, int number, const char *const *rows)
{
    Game *g = malloc(sizeof *g);
    if (!g || !game_init(g, seed, test_rules()))
        abort();
    Floor *f = game_floor(g);
    f->number = number;
    entity_list_detach(&f->entities, g->player);
    entity_list_clear(&f->entities);
    for (int y = 0; y < f->map.height; y++)
        for (int x = 0; x < f->map.width; x++)
            map_set(&f->map, x, y, TILE_WALL, ZONE_NONE);
    memset(f->seen, 0, (size_t)(f->map.width * f->map.height));
    for (int y = 0; rows[y]; y++)
        for (int x = 0; rows[y][x]; x++) {
            char c = rows[y][x];
            if (c == '#')
                continue;
            map_set(&f->map, x, y, TILE_FLOOR, ZONE_ROOM);
            if (c == '@') {
                g->player->x = x;
                g->player->y = y;
            } else if (fixture_kind(c) != KIND_NONE) {
                if (!game_spawn(g, f, fixture_kind(c), x, y))
                    abort();
            }
        }
    entity_list_add(&f->entities, g->player);
    game_rebuild_derived(g); /* a new floor under the game's feet */
    return g;
}

/* Maps more than one test uses. */

/* A mouse at the far end of an L-shaped corridor, out of the player's view round the corner. */
static inline const char *const *fixture_map_round_the_corner(void)
{
    static const char *const rows[] = {
        "##########", "#@.......#", "########.#", "########.#", "########.#",
        "########.#", "########.#", "#.......m#", "##########", NULL,
    };
    return rows;
}

/* A hidden door in view, 3 cells from the player: not beside, within a thorough search. */
static inline const char *const *fixture_map_door_three_away(void)
{
    static const char *const rows[] = {
        "##########", "#@.......#", "#........#", "#........#", "####H#####", "##########", NULL,
    };
    return rows;
}

/* The player in a doorway (a door is to be spawned at (3, 2)), a mouse at its corner. */
static inline const char *const *fixture_map_doorway_corner(void)
{
    static const char *const rows[] = {
        "#######", "#.m...#", "###@###", "#.....#", "#######", NULL,
    };
    return rows;
}

static inline void fixture_free(Game *g)
{
    game_free(g);
    free(g);
}

/* The first live entity of this kind on the current floor; KIND_ID_DOOR finds a door open or
 * closed, as the name "Door" does. */
static inline Entity *fixture_find(Game *g, KindId kind)
{
    Entity *e = floor_find(game_floor(g), kind);
    return e || kind != KIND_ID_DOOR ? e : floor_find(game_floor(g), KIND_ID_DOOR_OPEN);
}

static inline bool fixture_step(Game *g, int dx, int dy)
{
    Command c = command_move(dx, dy);
    return game_apply(g, &c);
}

static inline bool fixture_do(Game *g, Command c)
{
    return game_apply(g, &c);
}

/* Whether the newest message is `text`. */
static inline bool fixture_said(Game *g, const char *text)
{
    const LogEntry *e = msglog_get(&g->log, 0);
    return e && strcmp(e->text, text) == 0;
}

/* Whether any of the newest `n` messages contains `text`. */
static inline bool fixture_said_recently(Game *g, const char *text, int n)
{
    for (int i = 0; i < n; i++) {
        const LogEntry *e = msglog_get(&g->log, i);
        if (e && strstr(e->text, text))
            return true;
    }
    return false;
}

/* The tone of the newest of the last `n` messages containing `text`, or -1 when none does. */
static inline int fixture_tone_of(Game *g, const char *text, int n)
{
    for (int i = 0; i < n; i++) {
        const LogEntry *e = msglog_get(&g->log, i);
        if (e && strstr(e->text, text))
            return (int)e->tone;
    }
    return -1;
}

#endif
