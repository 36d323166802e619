/* The behaviours of docs/RULES.md R-MOUSE-7, and the one table that registers them. */
#include "game/behaviour.h"

#include <string.h>

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

/* One step to the free neighbour farthest from the player by walking; false when none is
 * farther than where it stands (cornered). */
static bool flee_step(Game *game, Entity *m)
{
    const int32_t *away = mouse_flee_map(game);
    int32_t best = away[m->y * MAP_WIDTH + m->x];
    int bx = 0, by = 0;
    for (int d = 0; d < 8; d++) {
        int dx = DIRS[d][0], dy = DIRS[d][1];
        if (!mouse_can_step_to(game, m, dx, dy))
            continue;
        int32_t there = away[(m->y + dy) * MAP_WIDTH + m->x + dx];
        if (there != PATH_UNREACHED && (best == PATH_UNREACHED || there > best)) {
            best = there;
            bx = dx;
            by = dy;
        }
    }
    if (!bx && !by)
        return false;
    if (bx)
        m->facing = bx > 0 ? 1 : -1;
    mouse_move_to(game, m, m->x + bx, m->y + by);
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
    if (game->turn < m->mind.ready_turn)
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
            if (dx)
                m->facing = dx > 0 ? 1 : -1;
            mouse_move_to(game, m, m->x + dx, m->y + dy);
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
        mouse_next_to_player(game, m))
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
