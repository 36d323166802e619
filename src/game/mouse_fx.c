/* The mice's temporary states (docs/RULES.md R-TOOL, R-VIAL-8): what a mouse does instead of
 * its usual action while one holds it, and how they count down. */
#include <stdlib.h>

#include "game/game.h"
#include "game/mice.h"
#include "game/tools.h"

static const struct {
    size_t offset;
    const char *word;
} STATES[] = {
    /* the strongest first: the one a hover names */
    {offsetof(MouseFx, asleep), "asleep"},       {offsetof(MouseFx, dazed), "dazed"},
    {offsetof(MouseFx, held), "held"},           {offsetof(MouseFx, eating), "eating"},
    {offsetof(MouseFx, scrambled), "scrambled"}, {offsetof(MouseFx, repelled), "fleeing"},
    {offsetof(MouseFx, marked), "marked"},       {offsetof(MouseFx, hasted), "hasted"},
    {offsetof(MouseFx, slowed), "slowed"},
};
enum { STATE_COUNT = sizeof STATES / sizeof *STATES };

static int *state_at(MouseFx *fx, int i)
{
    return (int *)((char *)fx + STATES[i].offset);
}

const char *mouse_fx_word(const Entity *m)
{
    MouseFx fx = m->mind.fx;
    for (int i = 0; i < STATE_COUNT; i++)
        if (*state_at(&fx, i) > 0)
            return STATES[i].word;
    return NULL;
}

void mouse_fx_tick(Game *game, Entity *m)
{
    bool was_asleep = m->mind.fx.asleep > 0;
    for (int i = 0; i < STATE_COUNT; i++) {
        int *t = state_at(&m->mind.fx, i);
        if (*t > 0)
            (*t)--;
    }
    if (was_asleep && !m->mind.fx.asleep && game_cell_visible(game, m->x, m->y))
        msglog_add(&game->log, game->turn, "%s wakes up.", entity_the(m, true).s);
}

int mouse_fx_speed(const Entity *m)
{
    int speed = m->stats.speed;
    if (m->mind.fx.hasted > 0)
        speed *= 2;
    if (m->mind.fx.slowed > 0)
        speed /= 2;
    return speed;
}

void mouse_fx_hurt(Entity *m)
{
    if (m->kind != KIND_MONSTER)
        return;
    m->mind.fx.asleep = 0;
    m->mind.fx.eating = 0;
}

/* A mouse bites another (R-TOOL-6 scrambled, R-VIAL-8 marked): a roll as the mice's own; a
 * mouse killed so gives the player nothing. */
static void bite_mouse(Game *game, Entity *m, Entity *target)
{
    const Fighter a = game_fighter(game, m), t = game_fighter(game, target);
    bool shown = game_cell_visible(game, target->x, target->y);
    if (rng_range(&game->rng_play, 1, 100) > game_hit_chance(&a, &t))
        return;
    int damage = rng_range(&game->rng_play, a.attack_min, a.attack_max) - t.defence;
    damage = damage < game->rules->min_damage ? game->rules->min_damage : damage;
    target->stats.hp -= damage;
    mouse_fx_hurt(target);
    if (target->stats.hp > 0) {
        if (shown)
            msglog_add(&game->log, game->turn, "%s bites %s.", entity_the(m, true).s,
                       entity_the(target, false).s);
        return;
    }
    if (shown)
        msglog_add(&game->log, game->turn, "%s kills %s.", entity_the(m, true).s,
                   entity_the(target, false).s);
    entity_list_remove(&game_floor(game)->entities, target);
}

/* The mouse (not the King, who no mouse bites) at (x, y), or NULL. */
static Entity *mouse_at(Game *game, int x, int y)
{
    Entity *e = floor_entity_at(game_floor(game), x, y, EF_SOLID);
    return e && e->kind == KIND_MONSTER && !(e->flags & (EF_REMOVED | EF_UNIQUE)) ? e : NULL;
}

/* R-TOOL-6: a random step; whatever stands there is bitten. */
static void scrambled_step(Game *game, Entity *m)
{
    int dx = rng_range(&game->rng_play, -1, 1), dy = rng_range(&game->rng_play, -1, 1);
    int x = m->x + dx, y = m->y + dy;
    if (!dx && !dy)
        return;
    if (x == game->player->x && y == game->player->y) {
        if (mouse_next_to_player(game, m))
            game_attack(game, m, game->player);
        return;
    }
    Entity *other = mouse_at(game, x, y);
    if (other)
        bite_mouse(game, m, other);
    else if (mouse_can_step_to(game, m, dx, dy))
        mouse_move_to(game, m, x, y);
}

/* R-TOOL-3: one step to the neighbour farthest from the player's walking distance. */
static void flee_step(Game *game, Entity *m)
{
    const int32_t *away = mouse_flee_map(game);
    int best = away[m->y * MAP_WIDTH + m->x], bx = 0, by = 0;
    for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++) {
            int d = away[(m->y + dy) * MAP_WIDTH + m->x + dx];
            if (d > best && mouse_can_step_to(game, m, dx, dy)) {
                best = d;
                bx = dx;
                by = dy;
            }
        }
    if (bx || by)
        mouse_move_to(game, m, m->x + bx, m->y + by);
}

/* R-TOOL-1: to the Cheese, then it eats there (or as near as it gets). */
static void eat(Game *game, Entity *m)
{
    int dx = abs(m->mind.target_x - m->x), dy = abs(m->mind.target_y - m->y);
    if (dx > 1 || dy > 1)
        mouse_step_toward(game, m, STEP_ROUND);
}

/* R-VIAL-8: a marked mouse this one sees within its sight, or NULL. */
static Entity *marked_in_sight(Game *game, const Entity *m)
{
    for (Entity *e = game_floor(game)->entities.head; e; e = e->next) {
        if (e == m || e->kind != KIND_MONSTER || e->mind.fx.marked <= 0 || (e->flags & EF_REMOVED))
            continue;
        int dx = e->x - m->x, dy = e->y - m->y;
        if (dx * dx + dy * dy <= m->stats.sight * m->stats.sight)
            return e;
    }
    return NULL;
}

/* R-VIAL-8: goes for the marked mouse, and bites it when beside it. */
static bool go_for_marked(Game *game, Entity *m)
{
    Entity *prey = marked_in_sight(game, m);
    if (!prey)
        return false;
    if (abs(prey->x - m->x) <= 1 && abs(prey->y - m->y) <= 1) {
        bite_mouse(game, m, prey);
        return true;
    }
    m->mind.target_x = prey->x;
    m->mind.target_y = prey->y;
    mouse_step_toward(game, m, STEP_PLAIN);
    return true;
}

bool mouse_fx_act(Game *game, Entity *m)
{
    const MouseFx *fx = &m->mind.fx;
    if (fx->asleep > 0 || fx->dazed > 0)
        return true;
    if (fx->held > 0) {
        if (mouse_next_to_player(game, m))
            game_attack(game, m, game->player);
        return true;
    }
    if (fx->scrambled > 0)
        return scrambled_step(game, m), true;
    if (fx->repelled > 0)
        return flee_step(game, m), true;
    if (fx->eating > 0)
        return eat(game, m), true;
    return game->caches.marked_mice && fx->marked <= 0 && go_for_marked(game, m);
}
