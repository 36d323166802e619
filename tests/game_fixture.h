/* A game whose current floor is drawn by the test: an ASCII picture replaces floor 0, so
 * each rule can be tried on a map made for it. Legend (docs/ARCHITECTURE.md's, plus names):
 *   # wall  . floor  @ the player  + door  ' open door  L locked door  H hidden door
 *   < stairs up  > stairs down  m Micro Mouse  n Neo Mouse  r Rabid Mouse  K Mouse King
 *   k Key  ! Health Pack  ) Crowbar  / Stun Baton  [ Biker Jacket  ] Bulletproof Vest
 *   * Microchip */
#ifndef MK_GAME_FIXTURE_H
#define MK_GAME_FIXTURE_H

#include <stdlib.h>
#include <string.h>

#include "entities/entities.h"
#include "game/game.h"
#include "test_rules.h"

static const char *fixture_name(char c)
{
    switch (c) {
    case '+':
    case '\'': return "Door";
    case 'L': return "Door (Locked)";
    case 'H': return "Door (Hidden)";
    case '<': return "Stairs (Up)";
    case '>': return "Stairs (Down)";
    case 'm': return "Micro Mouse";
    case 'n': return "Neo Mouse";
    case 'r': return "Rabid Mouse";
    case 'K': return "Mouse King";
    case 'k': return "Key";
    case '!': return "Health Pack";
    case ')': return "Crowbar";
    case '/': return "Stun Baton";
    case '[': return "Biker Jacket";
    case ']': return "Bulletproof Vest";
    case '*': return "Microchip";
    default: return NULL;
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
            } else if (fixture_name(c)) {
                Entity *e = game_spawn(g, f, fixture_name(c), x, y);
                if (!e)
                    abort();
                if (c == '\'')
                    door_set_state(e, DOOR_OPEN);
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
        "##########",
        "#@.......#",
        "########.#",
        "########.#",
        "########.#",
        "########.#",
        "########.#",
        "#.......m#",
        "##########",
        NULL,
    };
    return rows;
}

/* A hidden door in view, 3 cells from the player: not beside, within a thorough search. */
static inline const char *const *fixture_map_door_three_away(void)
{
    static const char *const rows[] = {
        "##########",
        "#@.......#",
        "#........#",
        "#........#",
        "####H#####",
        "##########",
        NULL,
    };
    return rows;
}

/* The player in a doorway (a door is to be spawned at (3, 2)), a mouse at its corner. */
static inline const char *const *fixture_map_doorway_corner(void)
{
    static const char *const rows[] = {
        "#######",
        "#.m...#",
        "###@###",
        "#.....#",
        "#######",
        NULL,
    };
    return rows;
}

static inline void fixture_free(Game *g)
{
    game_free(g);
    free(g);
}

/* The first live entity with this name on the current floor. */
static inline Entity *fixture_find(Game *g, const char *name)
{
    return floor_find(game_floor(g), name);
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
