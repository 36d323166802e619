/* The mice: dormant until they see the player, then they hunt by A*; when the player is
 * lost they go to the last place seen, then wander from room to room (docs/RULES.md R-MOUSE).
 * Each kind's behaviour (game/behaviour.c, R-MOUSE-7) hooks into these common rules. */
#include <stdlib.h>
#include <string.h>

#include "core/world.h"
#include "game/behaviour.h"
#include "game/game.h"
#include "game/mice.h"
#include "game/tools.h"

enum {
    STUCK_GIVE_UP = 4 /* turns without progress before a mouse picks another target */
};

/* A cell's walking cost set to `extra`; a doorway keeps its mark (it stays one whoever
 * stands in it). */
static void set_extra(int16_t *c, int extra)
{
    *c = (int16_t)((*c >= 0 ? *c & PATH_NO_DIAGONAL : 0) | extra);
}

void game_walk_add_mice(const Floor *floor, int16_t *costs)
{
    for (const Entity *e = floor->entities.head; e; e = e->next) {
        int16_t *c = &costs[e->y * floor->map.width + e->x];
        if (e->kind == KIND_MONSTER && *c >= 0)
            set_extra(c, GAME_COST_MOUSE);
    }
}

/* The floor as a mouse sees it for walking: built once per turn in game->caches.costs, the
 * floor's walking costs kept between turns (game_caches_walk_base) with the mice on top. A
 * mouse's cell keeps a doorway's mark (set_extra), whatever the order of the entities. */
static void build_costs(Game *game)
{
    const Floor *floor = game_floor(game);
    memcpy(game->caches.costs, game_caches_walk_base(game),
           (size_t)(floor->map.width * floor->map.height) * sizeof *game->caches.costs);
    game_walk_add_mice(floor, game->caches.costs);
    game->caches.flee_fresh = false;
}

bool mouse_sees_player(const Game *game, const Entity *m)
{
    const Entity *p = game->player;
    int dx = p->x - m->x, dy = p->y - m->y;
    return dx * dx + dy * dy <= m->stats.sight * m->stats.sight &&
           game->caches.in_line[m->y * MAP_WIDTH + m->x];
}

/* Whether a step from (x, y) by (dx, dy) is allowed: not into a wall, and diagonally only
 * where the player could (floor_diagonal_allowed). */
static bool can_step(const Floor *floor, int x, int y, int dx, int dy)
{
    return !map_is_wall(&floor->map, x + dx, y + dy) && floor_diagonal_allowed(floor, x, y, dx, dy);
}

bool mouse_next_to_player(const Game *game, const Entity *m)
{
    int dx = game->player->x - m->x, dy = game->player->y - m->y;
    return abs(dx) <= 1 && abs(dy) <= 1 && (dx || dy) &&
           can_step(game->floors[game->current], m->x, m->y, dx, dy);
}

bool mouse_can_step_to(const Game *game, const Entity *m, int dx, int dy)
{
    const Floor *floor = game->floors[game->current];
    int x = m->x + dx, y = m->y + dy;
    return (dx || dy) && can_step(floor, m->x, m->y, dx, dy) &&
           !(x == game->player->x && y == game->player->y) &&
           !floor_entity_at(floor, x, y, EF_SOLID);
}

void mouse_move_to(Game *game, Entity *m, int x, int y)
{
    int16_t *from = &game->caches.costs[m->y * MAP_WIDTH + m->x];
    if (*from >= 0 && (*from & ~PATH_NO_DIAGONAL) == GAME_COST_MOUSE)
        set_extra(from, 0);
    m->x = x;
    m->y = y;
    int16_t *to = &game->caches.costs[y * MAP_WIDTH + x];
    if (*to >= 0)
        set_extra(to, GAME_COST_MOUSE);
    tool_trap_check(game, m);
}

/* The cost of entering a cell for fleeing: as for walking, but other mice are no obstacle
 * (they move on) and the fleeing mouse's own cell counts as floor. */
static int flee_cost(const void *ctx, int x, int y)
{
    const Game *game = ctx;
    int c = game->caches.costs[y * MAP_WIDTH + x];
    if (c < 0)
        return c;
    int extra = c & ~PATH_NO_DIAGONAL;
    return (extra == GAME_COST_MOUSE ? 0 : extra) | (c & PATH_NO_DIAGONAL);
}

const int32_t *mouse_flee_map(Game *game)
{
    GameCaches *c = &game->caches;
    if (!c->flee_fresh) {
        PathCell from = {(int16_t)game->player->x, (int16_t)game->player->y};
        path_dijkstra(&c->paths, &from, 1, flee_cost, game, c->flee);
        c->flee_fresh = true;
    }
    return c->flee;
}

static void pick_wander_target(Game *game, Entity *m)
{
    const Floor *floor = game_floor(game);
    if (floor->room_count == 0) {
        m->mind.target_x = m->x;
        m->mind.target_y = m->y;
        return;
    }
    const Room *r = &floor->rooms[rng_range(&game->rng_play, 0, floor->room_count - 1)];
    m->mind.target_x = rng_range(&game->rng_play, r->x, r->x + r->w - 1);
    m->mind.target_y = rng_range(&game->rng_play, r->y, r->y + r->h - 1);
    m->mind.stuck = 0;
}

/* Whether two mice play by the same behaviour: a brute never shoves a brute (the two would
 * swap places for ever in a corridor, and neither would bite). */
static bool same_behaviour(const Game *game, const Entity *a, const Entity *b)
{
    const KindDef *ka = kind_get(game->factory.kinds, a->kind_id);
    const KindDef *kb = kind_get(game->factory.kinds, b->kind_id);
    return ka && kb && ka->behaviour == kb->behaviour;
}

/* A closed door on a mouse's way: opened by a bump, as the player does (the door logs it when
 * in view, and a door opening in view is news to a player resting or searching); a brute's
 * bursts open (STEP_BARGE) and it goes on in, in the same action. True when it goes on. */
static bool open_door_on_way(Game *game, Entity *m, Entity *door, unsigned how)
{
    int16_t *cost = &game->caches.costs[door->y * game_floor(game)->map.width + door->x];
    bool shown = game_cell_visible(game, door->x, door->y);
    if (shown)
        game->events |= GAME_EVENT_SEEN;
    if (!(how & STEP_BARGE)) {
        game_touch(game, door, m);
        set_extra(cost, 0);
        return false;
    }
    game_set_door(game, door, DOOR_OPEN);
    set_extra(cost, 0);
    if (shown)
        msglog_add(&game->log, game->turn, "%s bursts through a door!", entity_a(m, true).s);
    else
        game_noise(game, door->x, door->y, "a door burst open");
    return true;
}

/* Whether every step a walk could begin with leads onto another mouse or the player: then
 * no walk moves mouse m (none that does not shove), whatever the way, and the search is
 * spared. The cost grid says where a mouse may stand (GAME_COST_MOUSE); the floor confirms it (one
 * killed this turn keeps its cost until the purge). Mice in a crowd round the player are
 * hemmed in like this; their searches went round the whole crowd. */
static bool hemmed_in(const Game *game, const Entity *m)
{
    const Floor *floor = game->floors[game->current];
    const int w = floor->map.width;
    const Entity *p = game->player;
    for (int pass = 0; pass < 2; pass++)
        for (int dy = -1; dy <= 1; dy++)
            for (int dx = -1; dx <= 1; dx++) {
                const int x = m->x + dx, y = m->y + dy;
                if ((!dx && !dy) || !map_in_bounds(&floor->map, x, y) || (x == p->x && y == p->y))
                    continue;
                const int16_t c = game->caches.costs[y * w + x];
                if (c < 0)
                    continue;
                if (pass == 0 && (c & ~PATH_NO_DIAGONAL) != GAME_COST_MOUSE)
                    return false;
                const Entity *there = pass ? floor_entity_at(floor, x, y, EF_SOLID) : NULL;
                if (pass && (!there || there->kind != KIND_MONSTER))
                    return false;
            }
    return true;
}

bool mouse_step_toward(Game *game, Entity *m, unsigned how)
{
    if (!(how & STEP_SHOVE) && hemmed_in(game, m))
        return false;
    Floor *floor = game_floor(game);
    const int w = floor->map.width;
    int16_t *own = &game->caches.costs[m->y * w + m->x];
    int16_t saved = *own;
    set_extra(own, 0); /* its own cell is where it starts, not an obstacle */
    int16_t *her = &game->caches.costs[game->player->y * w + game->player->x], hers = *her;
    if (how & STEP_ROUND)
        *her = PATH_BLOCKED;
    PathCell path[MAP_WIDTH * MAP_HEIGHT / 4];
    int len = path_astar_costs(&game->caches.paths, m->x, m->y, m->mind.target_x, m->mind.target_y,
                               game->caches.costs, path, (int)(sizeof path / sizeof *path), NULL);
    *own = saved;
    *her = hers;
    if (len <= 0)
        return false;
    const PathCell next = path[0];
    if (next.x == game->player->x && next.y == game->player->y)
        return false;
    Entity *solid = floor_entity_at(floor, next.x, next.y, EF_SOLID);
    if (solid && solid->kind == KIND_DOOR && solid->door == DOOR_CLOSED) {
        if (!open_door_on_way(game, m, solid, how))
            return true;
        solid = floor_entity_at(floor, next.x, next.y, EF_SOLID); /* a brute goes on in */
        if (solid)
            return true;
    }
    if (solid && solid->kind == KIND_MONSTER && (how & STEP_SHOVE) && !(solid->flags & EF_UNIQUE) &&
        !same_behaviour(game, solid, m)) {
        int x = m->x, y = m->y;
        if (next.x != m->x)
            m->facing = next.x > m->x ? 1 : -1;
        m->x = next.x; /* the two swap places: both cells keep a mouse's cost */
        m->y = next.y;
        solid->x = x;
        solid->y = y;
        if (game_cell_visible(game, m->x, m->y) || game_cell_visible(game, x, y)) {
            msglog_add(&game->log, game->turn, "%s shoves %s aside.", entity_the(m, true).s,
                       entity_the(solid, false).s);
            game->events |= GAME_EVENT_SEEN;
        }
        return true;
    }
    if (solid)
        return false;
    if (next.x != m->x)
        m->facing = next.x > m->x ? 1 : -1;
    mouse_move_to(game, m, next.x, next.y);
    return true;
}

static int mice_besides(const Floor *floor, const Entity *summoner)
{
    int n = 0;
    for (const Entity *e = floor->entities.head; e; e = e->next)
        n += e->kind == KIND_MONSTER && !(e->flags & EF_REMOVED) && e != summoner;
    return n;
}

/* A summoner (the Mouse King) calls mice out of the walls while it hunts the player. */
static void maybe_summon(Game *game, Entity *king)
{
    const KindDef *mr = kind_get(game->factory.kinds, king->kind_id);
    if (!mr || !mr->summon_every || --king->mind.summon_timer > 0)
        return;
    king->mind.summon_timer = mr->summon_every;
    Floor *floor = game_floor(game);
    if (mice_besides(floor, king) >= mr->summon_alive_max)
        return;
    static const int dirs[8][2] = {{1, 0}, {-1, 0}, {0, 1},  {0, -1},
                                   {1, 1}, {-1, 1}, {1, -1}, {-1, -1}};
    int first = rng_range(&game->rng_play, 0, 7);
    KindId kind = mr->summons[rng_range(&game->rng_play, 0, mr->summon_count - 1)];
    for (int k = 0; k < 8; k++) {
        int x = king->x + dirs[(first + k) % 8][0], y = king->y + dirs[(first + k) % 8][1];
        if (map_is_wall(&floor->map, x, y) || floor_entity_at(floor, x, y, EF_SOLID))
            continue;
        Entity *mouse = game_spawn(game, floor, kind, x, y);
        if (!mouse)
            return;
        mouse->mind.state = MIND_HUNTING;
        mouse->mind.target_x = game->player->x;
        mouse->mind.target_y = game->player->y;
        set_extra(&game->caches.costs[y * floor->map.width + x], GAME_COST_MOUSE);
        if (game_cell_visible(game, king->x, king->y))
            msglog_add_tone(&game->log, game->turn, MSG_KING, "%s shrieks, and %s answers!",
                            entity_the(king, true).s, entity_a(mouse, false).s);
        return;
    }
}

static void act(Game *game, Entity *m)
{
    Mind *mind = &m->mind;
    const KindDef *kind = kind_get(game->factory.kinds, m->kind_id);
    const Behaviour *how = behaviour_get(kind ? kind->behaviour : BEHAVIOUR_HUNTER);
    if (mouse_fx_act(game, m))
        return;
    bool sees = mouse_sees_player(game, m);
    if (kind && how->before && how->before(game, m, kind, sees))
        return;
    if (sees) {
        bool spotted = mind->state != MIND_HUNTING;
        mind->state = MIND_HUNTING;
        mind->target_x = game->player->x;
        mind->target_y = game->player->y;
        mind->stuck = 0;
        if (spotted && kind && how->spotted)
            how->spotted(game, m, kind);
    } else if (mind->state == MIND_HUNTING) {
        mind->state = MIND_SEARCHING; /* lost: go where the player was last seen */
    }
    switch (mind->state) {
    case MIND_DORMANT: return;
    case MIND_HUNTING:
        maybe_summon(game, m);
        if (mouse_next_to_player(game, m)) {
            game_attack(game, m, game->player);
            return;
        }
        break;
    case MIND_SEARCHING:
    case MIND_ANSWERING:
    case MIND_FLEEING: /* (only a skittish mouse flees, and its behaviour has acted) */
        if (m->x == mind->target_x && m->y == mind->target_y) {
            mind->state = MIND_WANDERING;
            pick_wander_target(game, m);
        }
        break;
    case MIND_WANDERING:
        if ((m->x == mind->target_x && m->y == mind->target_y) || mind->stuck >= STUCK_GIVE_UP)
            pick_wander_target(game, m);
        break;
    }
    bool moved =
        kind && how->step ? how->step(game, m, kind) : mouse_step_toward(game, m, STEP_PLAIN);
    if (moved) {
        mind->stuck = 0;
    } else if (++mind->stuck >= STUCK_GIVE_UP &&
               (mind->state == MIND_SEARCHING || mind->state == MIND_ANSWERING)) {
        mind->state = MIND_WANDERING;
        pick_wander_target(game, m);
    }
}

void game_monsters_act(Game *game)
{
    Floor *floor = game_floor(game);
    Entity *mice[GAME_MICE_ACT_MAX];
    int count = 0;
    for (Entity *e = floor->entities.head; e && count < GAME_MICE_ACT_MAX; e = e->next)
        if (e->kind == KIND_MONSTER && !(e->flags & EF_REMOVED))
            mice[count++] = e;
    if (count == 0)
        return;
    build_costs(game);
    game->caches.marked_mice = 0;
    for (int i = 0; i < count; i++)
        game->caches.marked_mice += mice[i]->mind.fx.marked > 0;
    for (int i = 0; i < count && game->outcome == GAME_PLAYING; i++) {
        Entity *m = mice[i];
        if (m->flags & EF_REMOVED)
            continue;
        mouse_fx_tick(game, m);
        m->mind.energy += mouse_fx_speed(m);
        if (m->mind.state == MIND_DORMANT && !mouse_sees_player(game, m)) {
            m->mind.energy = 0; /* asleep: no turns saved up */
            continue;
        }
        /* A mouse killed in its own action (a Spring Trap, R-TOOL-2) acts no more. */
        while (m->mind.energy >= GAME_ENERGY_PER_ACTION && game->outcome == GAME_PLAYING &&
               !(m->flags & EF_REMOVED)) {
            m->mind.energy -= GAME_ENERGY_PER_ACTION;
            act(game, m);
        }
    }
    tool_bait_tick(game);
}
