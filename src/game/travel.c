/* Travel and auto-explore: walking many turns by what the player knows, one step a turn.
 * Both read only the player's memory of the floor (seen cells, doors seen, mice in view), so
 * they never give away a hidden door or an unexplored room. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game/game.h"
#include "game/travel.h"
#include "game/view_list.h"

/* The cost grid of a walker who knows only what the player has seen (game_caches_known_base),
 * with a mouse in view and the shut cages seen on top: a mouse moves, so the known part is kept
 * and copied and the mice go on top each time. Into game->caches.costs. */
static void known_costs(Game *game)
{
    const Floor *floor = game_floor(game);
    const Map *m = &floor->map;
    GameCaches *c = &game->caches;
    memcpy(c->costs, game_caches_known_base(game),
           (size_t)(m->width * m->height) * sizeof *c->costs);
    for (const Entity *e = floor->entities.head; e; e = e->next) {
        int i = e->y * m->width + e->x;
        if (e->kind == KIND_MONSTER && !(e->flags & EF_REMOVED) && c->visible[i])
            c->costs[i] = PATH_BLOCKED;
        if ((e->flags & EF_CAGE_SHUT) && floor->seen[i]) /* no way in (R-LOCKER-5) */
            c->costs[i] = PATH_BLOCKED;
    }
}

/* The step down Dijkstra map `dist` from (x, y): the neighbour with the smallest distance,
 * straight steps first on ties, by the rules of a step. False when none is closer. */
static bool downhill_from(const Game *game, const int32_t *dist, int x, int y, int *out_dx,
                          int *out_dy)
{
    static const int dirs[8][2] = {{1, 0}, {-1, 0}, {0, 1},  {0, -1},
                                   {1, 1}, {-1, 1}, {1, -1}, {-1, -1}};
    const Floor *floor = game->floors[game->current];
    const Map *m = &floor->map;
    int32_t best = dist[y * m->width + x];
    int pick = -1;
    for (int k = 0; k < 8; k++) {
        int nx = x + dirs[k][0], ny = y + dirs[k][1];
        if (!map_in_bounds(m, nx, ny) || map_is_wall(m, nx, ny))
            continue;
        int32_t d = dist[ny * m->width + nx];
        if (d < best && floor_diagonal_allowed(floor, x, y, dirs[k][0], dirs[k][1])) {
            best = d;
            pick = k;
        }
    }
    if (pick < 0)
        return false;
    *out_dx = dirs[pick][0];
    *out_dy = dirs[pick][1];
    return true;
}

/* A kept map and what it was made from: exploring's (GameCaches.kept_*) or travel's (trip_*). */
typedef struct Kept {
    int32_t *dist;
    int16_t *costs;
    PathCell *goals;
    int *count, *from;
} Kept;

static Kept explore_map(GameCaches *c)
{
    return (Kept){c->kept_dist, c->kept_costs, c->kept_goals, &c->kept_count, &c->kept_from};
}

static Kept trip_map(GameCaches *c)
{
    return (Kept){c->trip_dist, c->trip_costs, c->trip_goals, &c->trip_count, &c->trip_from};
}

/* Whether the kept map serves as the map toward these goals on game->caches.costs from the
 * player's cell: made from the same costs and goals, it stopped at the player's cell, or
 * settled it on the way (closer to the goals than where it stopped, as every cell is that
 * a search settles before it stops). Then every neighbour closer than the player's cell has
 * its final distance in both, and the others are no closer in either, so the step down is
 * the same. Exploring walks down its own map: nearly half its searches are saved. Travel
 * keeps its own (trip_map): sharing one, a bot that tries exploring before it travels made
 * both again every turn; apart, autoplay --seed 1 --games 12 went from 0.48 to 0.43 s. */
static bool kept_map_serves(const Game *game, const Kept *k, const PathCell *goals, int n)
{
    const int at = game->player->y * MAP_WIDTH + game->player->x, from = *k->from;
    return *k->count == n && (at == from || k->dist[at] < k->dist[from]) &&
           memcmp(k->goals, goals, (size_t)n * sizeof *goals) == 0 &&
           memcmp(k->costs, game->caches.costs, MAP_WIDTH * MAP_HEIGHT * sizeof *k->costs) == 0;
}

/* Fills the kept map toward the goals on game->caches.costs (or keeps it, when it serves);
 * false when the player can reach none of them. */
static bool kept_map_toward(Game *game, const Kept *k, const PathCell *goals, int n)
{
    const Entity *p = game->player;
    GameCaches *c = &game->caches;
    if (n == 0)
        return false;
    if (!kept_map_serves(game, k, goals, n)) {
        path_dijkstra_costs_to(&c->paths, goals, n, c->costs, k->dist, p->x, p->y);
        memcpy(k->goals, goals, (size_t)n * sizeof *goals);
        memcpy(k->costs, c->costs, MAP_WIDTH * MAP_HEIGHT * sizeof *c->costs);
        *k->count = n;
        *k->from = p->y * MAP_WIDTH + p->x;
    }
    return k->dist[p->y * MAP_WIDTH + p->x] != PATH_UNREACHED;
}

/* Exploring's map toward the goals, into game->caches.kept_dist. */
static bool map_toward_goals(Game *game, const PathCell *goals, int n)
{
    Kept k = explore_map(&game->caches);
    return kept_map_toward(game, &k, goals, n);
}

/* Takes that step from the player's cell, down the map exploring made (map_toward_goals). */
static bool step_downhill(Game *game)
{
    int dx, dy;
    return downhill_from(game, game->caches.kept_dist, game->player->x, game->player->y, &dx,
                         &dy) &&
           game_player_move(game, dx, dy);
}

/* Ends the walk, saying why (a refusal is a warning) unless why is NULL. */
static void stop_tone(Game *game, MsgTone tone, const char *why)
{
    game->activity = ACTIVITY_NONE;
    game->events |= GAME_EVENT_STOPPED;
    if (why)
        msglog_add_tone(&game->log, game->turn, tone, "%s", why);
}

static void stop(Game *game, const char *why)
{
    stop_tone(game, MSG_WARN, why);
}

/* The step from the player onto (x, y), when it is one step the rules allow. */
static bool one_step_to(const Game *game, int x, int y, int *dx, int *dy)
{
    const Entity *p = game->player;
    *dx = x - p->x;
    *dy = y - p->y;
    return abs(*dx) <= 1 && abs(*dy) <= 1 && (*dx || *dy) &&
           floor_diagonal_allowed(game->floors[game->current], p->x, p->y, *dx, *dy);
}

/* A walk that ends one step from known stairs says which key takes them. */
static void say_stairs_beside(Game *game)
{
    for (int dir = +1; dir >= -1; dir -= 2) {
        const Entity *s = game_known_stairs(game, dir);
        int dx, dy;
        if (s && one_step_to(game, s->x, s->y, &dx, &dy))
            msglog_add(&game->log, game->turn, "The stairs %s are beside you: %c takes them.",
                       dir > 0 ? "up" : "down", dir > 0 ? '<' : '>');
    }
}

bool game_travel_step(Game *game)
{
    const Entity *p = game->player;
    Floor *floor = game_floor(game);
    int tx = game->travel_x, ty = game->travel_y;
    if (!map_in_bounds(&floor->map, tx, ty) || !floor->seen[ty * floor->map.width + tx]) {
        stop(game, "You don't know the way there.");
        return false;
    }
    if (map_is_wall(&floor->map, tx, ty)) {
        stop(game, NULL); /* nothing to walk to */
        return false;
    }
    if (p->x == tx && p->y == ty) {
        stop(game, NULL);
        return false;
    }
    known_costs(game);
    PathCell goal = {(int16_t)tx, (int16_t)ty};
    Kept trip = trip_map(&game->caches);
    if (!kept_map_toward(game, &trip, &goal, 1)) {
        /* Known, but a mouse in view stands in the only way: say so, not that it is unknown. */
        path_dijkstra_costs_to(&game->caches.paths, &goal, 1, game_caches_known_base(game),
                               game->caches.dist, p->x, p->y);
        const Entity *mouse = game_nearest_mouse_in_view(game);
        char why[MSGLOG_LINE_MAX];
        if (mouse && game->caches.dist[p->y * floor->map.width + p->x] != PATH_UNREACHED)
            snprintf(why, sizeof why, "%s is in the way, to the %s.", entity_a(mouse, true).s,
                     game_compass_to(game, mouse));
        else
            snprintf(why, sizeof why, "You don't know the way there.");
        stop(game, why);
        return false;
    }
    int dx, dy;
    if (!downhill_from(game, game->caches.trip_dist, p->x, p->y, &dx, &dy))
        return false;
    const Entity *there = floor_entity_at(floor, tx, ty, 0);
    const Entity *mouse = p->x + dx == tx && p->y + dy == ty && there && there->kind == KIND_STAIRS
                              ? game_nearest_mouse_in_view(game)
                              : NULL;
    if (mouse) { /* leaving a floor with a mouse about is the player's call, not the walk's */
        char why[MSGLOG_LINE_MAX];
        snprintf(why, sizeof why, "You stop beside the stairs: %s is in view, to the %s.",
                 entity_a(mouse, false).s, game_compass_to(game, mouse));
        stop(game, why);
        return false;
    }
    bool moved = game_player_move(game, dx, dy);
    if (moved && game->player->x == tx && game->player->y == ty) {
        stop(game, NULL);
        say_stairs_beside(game);
    }
    return moved;
}

/* Items the player has seen and never carried (a dropped item stays dropped), while the pack
 * has room: exploring picks them up first. (Items
 * in view only would make the walk flip between two cells when one step hides an item.) */
static int item_goals(Game *game, PathCell *goals)
{
    const Floor *floor = game_floor(game);
    int n = 0;
    if (game->inventory_count >= game->rules->inventory_limit)
        return 0;
    for (const Entity *e = floor->entities.head; e; e = e->next)
        if (e->kind == KIND_ITEM && !(e->flags & (EF_CARRIED_BEFORE | EF_CAGED)) &&
            floor->seen[e->y * floor->map.width + e->x] && n < MAP_WIDTH * MAP_HEIGHT)
            goals[n++] = (PathCell){(int16_t)e->x, (int16_t)e->y};
    return n;
}

/* Fills game->caches.kept_dist toward the unexplored edge; false when the player can reach none
 * of it. */
static bool map_toward_frontier(Game *game)
{
    const PathCell *goals;
    int n = game_caches_frontier(game, &goals);
    return map_toward_goals(game, goals, n);
}

/* An awake mouse in view that the player could walk up to by what they know, nearest first:
 * exploring would walk into its reach, so it waits for the player to decide. A mouse seen
 * across a gap is no reason to stop, nor is one asleep or fleeing (it keeps away, R-MOUSE-7).
 * NULL when there is none. */
static const Entity *awake_mouse_in_reach(Game *game)
{
    const Entity *things[64];
    int n = game_things_in_view(game, things, 64);
    for (int i = 0; i < n; i++) {
        const Entity *e = things[i];
        bool harmless = e->mind.state == MIND_DORMANT || e->mind.state == MIND_FLEEING;
        if (e->kind != KIND_MONSTER || harmless)
            continue;
        known_costs(game);
        game->caches.item_goals[0] = (PathCell){(int16_t)e->x, (int16_t)e->y};
        if (map_toward_goals(game, game->caches.item_goals, 1))
            return e;
    }
    return NULL;
}

/* An item seen and never carried lies on this floor while the pack is full: exploring leaves
 * such items where they are (item_goals), and says so rather than claim all is done. */
static bool items_left_for_a_full_pack(const Game *game)
{
    if (game->inventory_count < game->rules->inventory_limit)
        return false;
    const Floor *floor = game->floors[game->current];
    for (const Entity *e = floor->entities.head; e; e = e->next)
        if (e->kind == KIND_ITEM && !(e->flags & (EF_CARRIED_BEFORE | EF_REMOVED)) &&
            floor->seen[e->y * floor->map.width + e->x])
            return true;
    return false;
}

/* Whether the unexplored edge is reachable once the mice in view are taken away: a mouse (one
 * fleeing in a doorway) stands in the only way on, and the floor is not explored at all. */
static bool mouse_in_the_way(Game *game)
{
    GameCaches *c = &game->caches;
    const Map *m = &game_floor(game)->map;
    memcpy(c->costs, game_caches_known_base(game),
           (size_t)(m->width * m->height) * sizeof *c->costs);
    return game_nearest_mouse_in_view(game) && map_toward_frontier(game);
}

/* What to do once everything reachable is seen: the stairs up, or a hidden door; and, with
 * items left behind for a full pack, room to make. One line of the log each. A mouse in the
 * way says so instead (into `buf`). */
static const char *explored_message(Game *game, char *buf, size_t size)
{
    if (mouse_in_the_way(game)) {
        const Entity *mouse = game_nearest_mouse_in_view(game);
        snprintf(buf, size, "%s is in the way, to the %s.", entity_a(mouse, true).s,
                 game_compass_to(game, mouse));
        return buf;
    }
    bool full = items_left_for_a_full_pack(game);
    if (game->current >= MAX_FLOORS)
        return full ? "Explored all you can reach; your pack is full for what is left."
                    : "Explored all you can reach.";
    if (game_known_stairs(game, +1))
        return full ? "Explored all you can reach; your pack is full. < walks to the stairs up."
                    : "Explored all you can reach. Press < to walk to the stairs up.";
    return full ? "Explored all you can reach; pack full. No way up: S searches the walls."
                : "Explored all you can reach, and no way up: S searches the walls.";
}

bool game_explore_step(Game *game)
{
    const Entity *mouse = awake_mouse_in_reach(game);
    if (mouse) {
        char why[MSGLOG_LINE_MAX];
        snprintf(why, sizeof why, "Not while %s is %s, to the %s.", entity_a(mouse, false).s,
                 monster_mood_label(game_monster_mood(game, mouse)), game_compass_to(game, mouse));
        stop(game, why);
        return false;
    }
    known_costs(game);
    if (!map_toward_goals(game, game->caches.item_goals,
                          item_goals(game, game->caches.item_goals)) &&
        !map_toward_frontier(game)) {
        char why[MSGLOG_LINE_MAX];
        stop_tone(game, MSG_PLAIN, explored_message(game, why, sizeof why));
        return false;
    }
    return step_downhill(game);
}

bool game_explore_start(Game *game)
{
    game->activity = ACTIVITY_EXPLORE;
    const Entity *things[64];
    int n = game_things_in_view(game, things, 64), asleep = 0, fleeing = 0;
    const Entity *nearest = NULL, *runner = NULL;
    for (int i = 0; i < n; i++)
        if (things[i]->kind == KIND_MONSTER && things[i]->mind.state == MIND_DORMANT) {
            nearest = nearest ? nearest : things[i];
            asleep++;
        } else if (things[i]->kind == KIND_MONSTER && things[i]->mind.state == MIND_FLEEING) {
            runner = runner ? runner : things[i];
            fleeing++;
        }
    if ((nearest || runner) && !awake_mouse_in_reach(game)) {
        if (asleep == 1)
            msglog_add(&game->log, game->turn, "%s sleeps to the %s; you explore on.",
                       entity_a(nearest, true).s, game_compass_to(game, nearest));
        else if (asleep > 1)
            msglog_add(&game->log, game->turn, "%d mice sleep in view; you explore on.", asleep);
        if (fleeing == 1)
            msglog_add(&game->log, game->turn, "%s flees to the %s; you explore on.",
                       entity_a(runner, true).s, game_compass_to(game, runner));
        else if (fleeing > 1)
            msglog_add(&game->log, game->turn, "%d mice flee in view; you explore on.", fleeing);
    }
    return game_explore_step(game);
}

void game_known_distances(Game *game, int32_t *dist)
{
    game_known_distances_from(game, game->player->x, game->player->y, dist);
}

void game_known_distances_from(Game *game, int x, int y, int32_t *dist)
{
    known_costs(game);
    PathCell from = {(int16_t)x, (int16_t)y};
    path_dijkstra_costs(&game->caches.paths, &from, 1, game->caches.costs, dist);
}

/* The extra cost of entering a cell of a cost grid, as the searches count it (path.h). */
static int32_t extra_cost(int16_t cost)
{
    int32_t extra = cost & ~PATH_NO_DIAGONAL;
    return extra > PATH_EXTRA_MAX ? PATH_EXTRA_MAX : extra;
}

/* A way pays for the cells it enters, so the way from the player to cell c costs the way back
 * less c's extra cost and plus the player's cell's. When none of these cells has an extra
 * cost, the search goes from the cells and stops at the player's, instead of mapping the
 * whole floor from the player's. The bot asks each turn it sees a mouse to chase: autoplay
 * --seed 1 --games 3 (the bench's games) went from 111 to 106 ms on the CPU clock. */
int32_t game_known_cost_beside(Game *game, int x, int y)
{
    known_costs(game);
    GameCaches *c = &game->caches;
    const Entity *p = game->player;
    const int at = p->y * MAP_WIDTH + p->x;
    PathCell cells[9];
    int n = 0;
    bool no_extra = extra_cost(c->costs[at]) == 0;
    for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++) {
            int cx = x + dx, cy = y + dy, i = cy * MAP_WIDTH + cx;
            if (!map_in_bounds(&game_floor(game)->map, cx, cy) || (c->costs[i] < 0 && i != at))
                continue;
            no_extra = no_extra && (i == at || extra_cost(c->costs[i]) == 0);
            cells[n++] = (PathCell){(int16_t)cx, (int16_t)cy};
        }
    if (no_extra) {
        path_dijkstra_costs_to(&c->paths, cells, n, c->costs, c->dist, p->x, p->y);
        return n ? c->dist[at] : PATH_UNREACHED;
    }
    PathCell from = {(int16_t)p->x, (int16_t)p->y};
    path_dijkstra_costs(&c->paths, &from, 1, c->costs, c->dist);
    int32_t best = PATH_UNREACHED;
    for (int k = 0; k < n; k++)
        if (c->dist[cells[k].y * MAP_WIDTH + cells[k].x] < best)
            best = c->dist[cells[k].y * MAP_WIDTH + cells[k].x];
    return best;
}

const int16_t *game_known_cost_grid(Game *game)
{
    known_costs(game);
    return game->caches.costs;
}

int game_travel_path(Game *game, int tx, int ty, PathCell *out, int max)
{
    const Floor *floor = game_floor(game);
    const Map *m = &floor->map;
    Entity *p = game->player;
    if (!map_in_bounds(m, tx, ty) || !floor->seen[ty * m->width + tx] || map_is_wall(m, tx, ty) ||
        (p->x == tx && p->y == ty))
        return 0;
    known_costs(game);
    PathCell goal = {(int16_t)tx, (int16_t)ty};
    path_dijkstra_costs_to(&game->caches.paths, &goal, 1, game->caches.costs, game->caches.dist,
                           p->x, p->y);
    /* Walk downhill as step_downhill would, without moving anyone. */
    int x = p->x, y = p->y, n = 0;
    while (n < max && (x != tx || y != ty)) {
        int dx, dy;
        if (!downhill_from(game, game->caches.dist, x, y, &dx, &dy))
            return 0;
        x += dx;
        y += dy;
        out[n++] = (PathCell){(int16_t)x, (int16_t)y};
    }
    return x == tx && y == ty ? n : 0;
}

const Entity *game_known_stairs(const Game *game, int dir)
{
    const Floor *floor = game->floors[game->current];
    const Entity *stairs = floor_find(floor, dir > 0 ? KIND_ID_STAIRS_UP : KIND_ID_STAIRS_DOWN);
    return stairs && floor->seen[stairs->y * floor->map.width + stairs->x] ? stairs : NULL;
}

bool game_travel_stairs(Game *game, int dir)
{
    const Entity *stairs = game_known_stairs(game, dir);
    if (!stairs) {
        const Floor *floor = game->floors[game->current];
        bool none = !floor_find(floor, dir > 0 ? KIND_ID_STAIRS_UP : KIND_ID_STAIRS_DOWN);
        msglog_add_tone(&game->log, game->turn, MSG_WARN,
                        none ? "There are no stairs %s from this floor."
                             : "You have not found the stairs %s yet.",
                        dir > 0 ? "up" : "down");
        return false;
    }
    game->activity = ACTIVITY_TRAVEL;
    game->travel_x = stairs->x;
    game->travel_y = stairs->y;
    return game_travel_step(game);
}

Command game_stairs_key(Game *game, int dir)
{
    const Entity *stairs = game_known_stairs(game, dir);
    int dx, dy;
    if (!stairs)
        return command_travel_stairs(dir); /* says they are not found yet */
    if (one_step_to(game, stairs->x, stairs->y, &dx, &dy))
        return command_move(dx, dy);          /* the key again, beside them: take them */
    PathCell *path = game->caches.item_goals; /* room for a whole floor, free between turns */
    int n = game_travel_path(game, stairs->x, stairs->y, path, MAP_WIDTH * MAP_HEIGHT);
    if (n >= 2)
        return command_travel(path[n - 2].x, path[n - 2].y);
    return command_travel_stairs(dir); /* no known way: the walk says why */
}

/* The floor the stairs at (x, y) lead to, or -1 when none stand there. */
static int stairs_floor(const Game *game, int x, int y)
{
    const Floor *floor = game->floors[game->current];
    if (!map_in_bounds(&floor->map, x, y))
        return -1;
    const Entity *s = floor_entity_at(floor, x, y, 0);
    if (!s || s->kind != KIND_STAIRS)
        return -1;
    return game->current + (s->kind_id == KIND_ID_STAIRS_UP ? 1 : -1);
}

/* The floor a walk onto (x, y) ends on, when stairs stand there and the player knows a way. */
static int walk_onto_stairs(Game *game, int x, int y)
{
    if (!game_travel_path(game, x, y, game->caches.item_goals, MAP_WIDTH * MAP_HEIGHT))
        return -1;
    return stairs_floor(game, x, y);
}

int game_command_floor(Game *game, const Command *cmd)
{
    const Entity *p = game->player;
    int dx, dy;
    switch (cmd->type) {
    case CMD_MOVE:
        if (abs(cmd->dx) > 1 || abs(cmd->dy) > 1 ||
            !one_step_to(game, p->x + cmd->dx, p->y + cmd->dy, &dx, &dy))
            return -1;
        return stairs_floor(game, p->x + dx, p->y + dy);
    case CMD_TRAVEL_STAIRS: { /* a walk onto stairs ends by taking them */
        const Entity *s = game_known_stairs(game, cmd->dy);
        return s ? walk_onto_stairs(game, s->x, s->y) : -1;
    }
    case CMD_TRAVEL: return walk_onto_stairs(game, cmd->x, cmd->y);
    default: return -1;
    }
}

int game_command_revisits(Game *game, const Command *cmd)
{
    int to = game_command_floor(game, cmd);
    return to >= 0 && to < FLOOR_COUNT && game->floors[to] ? to : -1;
}
