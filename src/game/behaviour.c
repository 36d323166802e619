/* The behaviours of docs/RULES.md R-MOUSE-7, and the one table that registers them. */
#include "game/behaviour.h"

#include <string.h>

#include "game/effects.h"
#include "game/game.h"
#include "game/mice.h"

enum { CORNERED_TURNS = 20 /* a cornered skittish mouse fights this long before it may run */ };

static const int DIRS[8][2] = {{0, -1}, {1, 0}, {0, 1},  {-1, 0},
                               {1, -1}, {1, 1}, {-1, 1}, {-1, -1}};

static int squared(int dx, int dy)
{
    return dx * dx + dy * dy;
}

static void say(Game *game, const Entity *m, const char *what)
{
    if (game_cell_visible(game, m->x, m->y)) {
        msglog_add(&game->log, game->turn, "%s %s", entity_the(m, true).s, what);
        game->events |= GAME_EVENT_SEEN;
    }
}

/* ---- skittish: flees when badly hurt, hides and heals, comes back -------------------- */

/* The ground as a runner sees it, a byte a cell: built once for a flight, so that its
 * searches never walk the entity list. */
enum { GROUND_OPEN = 1, GROUND_BARRED = 2, GROUND_DOORWAY = 4 };

static void runner_ground(const Floor *floor, uint8_t *ground)
{
    const Map *m = &floor->map;
    for (int i = 0; i < m->width * m->height; i++)
        ground[i] = m->tiles[i] == TILE_WALL ? 0 : GROUND_OPEN;
    for (const Entity *e = floor->entities.head; e; e = e->next) {
        if (e->kind != KIND_DOOR || (e->flags & EF_REMOVED) || !map_in_bounds(m, e->x, e->y))
            continue;
        uint8_t *g = &ground[e->y * m->width + e->x];
        if (e->door != DOOR_HIDDEN)
            *g |= GROUND_DOORWAY; /* floor_is_doorway */
        if (e->door == DOOR_LOCKED || e->door == DOOR_HIDDEN)
            *g |= GROUND_BARRED;
    }
}

/* Whether a runner may go from cell i (at x) to the cell by (dx, dy): no wall, locked or hidden
 * door (a closed one it opens), and diagonally only where anyone may (floor_diagonal_allowed:
 * not between two walls, nor into or out of a doorway). Other mice move on. */
static bool runner_passes(const uint8_t *ground, int w, int i, int dx, int dy)
{
    uint8_t to = ground[i + dy * w + dx];
    if ((to & (GROUND_OPEN | GROUND_BARRED)) != GROUND_OPEN)
        return false;
    if (!dx || !dy)
        return true;
    if (!(ground[i + dx] & GROUND_OPEN) && !(ground[i + dy * w] & GROUND_OPEN))
        return false;
    return !((ground[i] | to) & GROUND_DOORWAY);
}

enum {
    FLEE_NEAR = 2,  /* cells fewer steps than this from the player are within her reach */
    FLEE_PULL = 10, /* a cell's worth to a runner: FLEE_PULL per step from the player... */
    FLEE_STEP = 1,  /* ...less FLEE_STEP per step it takes to get there */
    FLEE_NONE = INT32_MAX
};

/* The steps from the player to every cell (a diagonal step counts one, as it takes one
 * action), -1 where none reaches, into steps; `queue` is scratch of one int16 a cell. */
static void steps_from_player(const Game *game, const uint8_t *ground, int16_t *steps,
                              int16_t *queue)
{
    const Floor *floor = game->floors[game->current];
    const int w = floor->map.width, cells = w * floor->map.height;
    for (int i = 0; i < cells; i++)
        steps[i] = -1;
    int head = 0, tail = 0, start = game->player->y * w + game->player->x;
    steps[start] = 0;
    queue[tail++] = (int16_t)start;
    while (head < tail) {
        int i = queue[head++], x = i % w, y = i / w;
        for (int d = 0; d < 8; d++) {
            int j = (y + DIRS[d][1]) * w + x + DIRS[d][0];
            if (runner_passes(ground, w, i, DIRS[d][0], DIRS[d][1]) && steps[j] < 0) {
                steps[j] = (int16_t)(steps[i] + 1);
                queue[tail++] = (int16_t)j;
            }
        }
    }
}

/* The runner's map (a "safety map"): each cell out of the player's reach is worth
 * -FLEE_PULL * its steps from her, or what a cell it can run on to is worth plus FLEE_STEP a
 * step, whichever is less; cells within her reach or that none reaches are FLEE_NONE. Going
 * downhill on it runs to where she is farthest, round a corner or along a wall when that is
 * the way there, and never beside her. A Dijkstra map from every cell at once, worked in
 * order of worth by two queues: the cells sorted by their own worth, and those reached from
 * them, which come in order since every step costs the same. */
static void safety_map(const Game *game, const uint8_t *ground, int32_t *safe)
{
    const Floor *floor = game->floors[game->current];
    const int w = floor->map.width, cells = w * floor->map.height;
    int16_t steps[MAP_WIDTH * MAP_HEIGHT], sorted[MAP_WIDTH * MAP_HEIGHT];
    int16_t fifo[MAP_WIDTH * MAP_HEIGHT];
    int32_t pushed[MAP_WIDTH * MAP_HEIGHT];
    steps_from_player(game, ground, steps, fifo);
    int count[MAP_WIDTH * MAP_HEIGHT + 1] = {0}, most = 0;
    for (int i = 0; i < cells; i++) {
        safe[i] = steps[i] >= FLEE_NEAR ? -FLEE_PULL * steps[i] : FLEE_NONE;
        if (steps[i] >= FLEE_NEAR) {
            count[steps[i]]++;
            most = steps[i] > most ? steps[i] : most;
        }
    }
    for (int s = most, at = 0; s >= FLEE_NEAR; s--) { /* farthest first: the least worth */
        int n = count[s];
        count[s] = at;
        at += n;
    }
    int sorted_n = 0;
    for (int i = 0; i < cells; i++)
        if (steps[i] >= FLEE_NEAR) {
            sorted[count[steps[i]]++] = (int16_t)i;
            sorted_n++;
        }
    int a = 0, head = 0, tail = 0;
    while (a < sorted_n || head < tail) {
        int i;
        int32_t v;
        if (head < tail && (a == sorted_n || pushed[head] <= safe[sorted[a]])) {
            v = pushed[head];
            i = fifo[head++];
        } else {
            i = sorted[a++];
            v = -FLEE_PULL * steps[i];
        }
        if (v != safe[i])
            continue; /* worth less since */
        for (int d = 0; d < 8; d++) {
            int x = i % w, y = i / w, j = (y + DIRS[d][1]) * w + x + DIRS[d][0];
            if (!runner_passes(ground, w, i, DIRS[d][0], DIRS[d][1]) || safe[j] == FLEE_NONE ||
                safe[j] <= v + FLEE_STEP)
                continue;
            safe[j] = v + FLEE_STEP;
            pushed[tail] = safe[j];
            fifo[tail++] = (int16_t)j;
        }
    }
}

/* One action downhill on the runner's map (safety_map), toward the free neighbour worth least
 * if one is worth less than its own cell: a step into it, or opening it when it is a closed
 * door. False when there is none (cornered: it truly has nowhere to run that does not pass
 * beside her, or another mouse stands in the only way). */
static bool flee_step(Game *game, Entity *m)
{
    int32_t safe[MAP_WIDTH * MAP_HEIGHT];
    uint8_t ground[MAP_WIDTH * MAP_HEIGHT];
    const Floor *floor = game_floor(game);
    runner_ground(floor, ground);
    safety_map(game, ground, safe);
    int32_t best = safe[m->y * MAP_WIDTH + m->x];
    Entity *door = NULL;
    int tx = m->x, ty = m->y;
    for (int d = 0; d < 8; d++) {
        int dx = DIRS[d][0], dy = DIRS[d][1], x = m->x + dx, y = m->y + dy;
        int32_t there = safe[y * MAP_WIDTH + x];
        if (there >= best || !runner_passes(ground, MAP_WIDTH, m->y * MAP_WIDTH + m->x, dx, dy) ||
            (x == game->player->x && y == game->player->y))
            continue;
        Entity *solid = floor_entity_at(floor, x, y, EF_SOLID);
        if (solid && solid->kind != KIND_DOOR)
            continue; /* a mouse in the way */
        best = there;
        door = solid;
        tx = x;
        ty = y;
    }
    if (tx == m->x && ty == m->y)
        return false;
    if (tx != m->x)
        m->facing = tx > m->x ? 1 : -1;
    if (door)
        game_touch(game, door, m); /* opening it is its action */
    else
        mouse_move_to(game, m, tx, ty);
    return true;
}

static bool skittish(Game *game, Entity *m, const KindDef *kind, bool sees)
{
    Mind *mind = &m->mind;
    const BehaviourParams *p = &kind->behave;
    if (mind->state == MIND_DORMANT)
        return false;
    if (mind->state != MIND_FLEEING) {
        /* Not while it fights on from a corner (ready_turn), nor while it has its HP. */
        if (game->turn < mind->ready_turn || m->stats.hp * 100 > p->below * m->stats.max_hp)
            return false;
        mind->state = MIND_FLEEING;
        mind->ready_turn = game->turn + (uint32_t)p->every;
        say(game, m, "turns tail and flees!");
    }
    if (sees) {
        mind->target_x = game->player->x;
        mind->target_y = game->player->y;
        mind->ready_turn = game->turn + (uint32_t)p->every; /* healing starts once hidden */
    } else if (game->turn >= mind->ready_turn) {
        m->stats.hp++; /* out of her sight it licks its wounds */
        mind->ready_turn = game->turn + (uint32_t)p->every;
    }
    if (m->stats.hp >= m->stats.max_hp) {
        /* Healed: back to where it last saw her, or at her if it sees her. */
        mind->state = sees ? MIND_HUNTING : MIND_SEARCHING;
        mind->stuck = 0;
        mind->ready_turn = 0;
        return false;
    }
    if (!sees || flee_step(game, m))
        return true; /* hidden, it stays put and heals; seen, it ran */
    /* Cornered: nowhere farther from her to go. It turns and fights, and does not run
     * again for CORNERED_TURNS. */
    mind->state = MIND_HUNTING;
    mind->stuck = 0;
    mind->ready_turn = game->turn + CORNERED_TURNS;
    say(game, m, "is cornered, and turns to fight!");
    return false;
}

/* ---- caller: squeaks for help when it spots the player ------------------------------- */

static void caller(Game *game, Entity *m, const KindDef *kind)
{
    const BehaviourParams *p = &kind->behave;
    if (game->turn < m->mind.ready_turn || effect_jammed(game, m))
        return;
    m->mind.ready_turn = game->turn + (uint32_t)p->every;
    Floor *floor = game_floor(game);
    for (Entity *e = floor->entities.head; e; e = e->next) {
        if (e == m || e->kind != KIND_MONSTER || (e->flags & (EF_REMOVED | EF_UNIQUE)) ||
            e->mind.state == MIND_HUNTING || e->mind.state == MIND_FLEEING ||
            squared(e->x - m->x, e->y - m->y) > p->range * p->range)
            continue;
        e->mind.state = MIND_ANSWERING;
        e->mind.target_x = game->player->x;
        e->mind.target_y = game->player->y;
        e->mind.stuck = 0;
    }
    if (game_cell_visible(game, m->x, m->y))
        say(game, m, "squeaks for help!");
    else
        game_noise(game, m->x, m->y, "a squeak");
}

/* ---- brute: through closed doors and past other mice without stopping ---------------- */

static bool brute(Game *game, Entity *m, const KindDef *kind)
{
    (void)kind;
    return mouse_step_toward(game, m, STEP_BARGE | STEP_SHOVE);
}

/* ---- erratic: some steps go astray ---------------------------------------------------- */

static bool erratic(Game *game, Entity *m, const KindDef *kind)
{
    if (rng_range(&game->rng_play, 1, 100) > kind->behave.chance)
        return mouse_step_toward(game, m, STEP_PLAIN);
    int first = rng_range(&game->rng_play, 0, 7);
    for (int k = 0; k < 8; k++) {
        int dx = DIRS[(first + k) % 8][0], dy = DIRS[(first + k) % 8][1];
        if (mouse_can_step_to(game, m, dx, dy)) {
            bool shown = game_cell_visible(game, m->x, m->y);
            if (dx)
                m->facing = dx > 0 ? 1 : -1;
            mouse_move_to(game, m, m->x + dx, m->y + dy);
            if (shown || game_cell_visible(game, m->x, m->y)) {
                msglog_add(&game->log, game->turn, "%s lurches aside, foaming.",
                           entity_the(m, true).s);
                game->events |= GAME_EVENT_SEEN;
            }
            return true;
        }
    }
    return false;
}

/* ---- blinker: jumps to the player's side ---------------------------------------------- */

static bool blinker(Game *game, Entity *m, const KindDef *kind, bool sees)
{
    const BehaviourParams *p = &kind->behave;
    if (!sees || m->mind.state != MIND_HUNTING || game->turn < m->mind.ready_turn ||
        mouse_next_to_player(game, m) || effect_jammed(game, m))
        return false;
    const Floor *floor = game_floor(game);
    const Entity *pl = game->player;
    int bx = -1, by = -1, best = p->range * p->range + 1;
    for (int d = 0; d < 8; d++) {
        int x = pl->x + DIRS[d][0], y = pl->y + DIRS[d][1];
        int near = squared(x - m->x, y - m->y);
        /* A free cell beside her, from which it can strike her, within range. */
        if (near >= best || map_is_wall(&floor->map, x, y) ||
            floor_entity_at(floor, x, y, EF_SOLID) ||
            !floor_diagonal_allowed(floor, x, y, -DIRS[d][0], -DIRS[d][1]))
            continue;
        best = near;
        bx = x;
        by = y;
    }
    if (bx < 0)
        return false;
    m->mind.ready_turn = game->turn + (uint32_t)p->every;
    m->facing = pl->x > bx ? 1 : pl->x < bx ? -1 : m->facing;
    mouse_move_to(game, m, bx, by);
    say(game, m, "blinks to your side!");
    return true;
}

/* ---- the table ------------------------------------------------------------------------ */

static const Behaviour BEHAVIOURS[] = {
    [BEHAVIOUR_HUNTER] = {"hunter", 0, NULL, NULL, NULL},
    {"skittish", BP_BELOW | BP_EVERY, skittish, NULL, NULL},
    {"caller", BP_RANGE | BP_EVERY, NULL, caller, NULL},
    {"brute", 0, NULL, NULL, brute},
    {"erratic", BP_CHANCE, NULL, NULL, erratic},
    {"blinker", BP_RANGE | BP_EVERY, blinker, NULL, NULL},
};

enum { BEHAVIOUR_COUNT = (int)(sizeof BEHAVIOURS / sizeof *BEHAVIOURS) };

const Behaviour *behaviour_get(int id)
{
    return &BEHAVIOURS[id >= 0 && id < BEHAVIOUR_COUNT ? id : BEHAVIOUR_HUNTER];
}

int behaviour_find(const char *name)
{
    for (int i = 0; i < BEHAVIOUR_COUNT; i++)
        if (name && strcmp(BEHAVIOURS[i].name, name) == 0)
            return i;
    return -1;
}

int behaviour_count(void)
{
    return BEHAVIOUR_COUNT;
}
