/* What the lab tools and the thrown vials do (docs/RULES.md R-TOOL-1..7, R-VIAL-8). Their numbers
 * are the kinds' "tool" entries in data/rules.json; the effect table (game/effects.c) names
 * each function. */
#include <stdlib.h>

#include "game/game.h"
#include "game/mice.h"
#include "game/tools.h"
#include "game/vials.h"

static const KindDef *kind_of(const Game *game, const Entity *item)
{
    static const KindDef none = {0};
    const KindDef *k = kind_get(game->factory.kinds, item->kind_id);
    return k ? k : &none;
}

static bool is_king(const Entity *m)
{
    return m->flags & EF_UNIQUE;
}

/* The cost of a step for the Cheese's smell (R-TOOL-1): walls and locked or hidden doors
 * block, closed doors do not. */
static int smell_cost(const void *ctx, int x, int y)
{
    const Floor *floor = ctx;
    if (map_is_wall(&floor->map, x, y))
        return PATH_BLOCKED;
    const Entity *door = floor_entity_at(floor, x, y, EF_BLOCKS_SIGHT);
    return door && door->kind == KIND_DOOR && door->door != DOOR_CLOSED ? PATH_BLOCKED : 0;
}

/* One item of the stack under `letter` put down at (x, y), where a throw landed; it, or NULL. */
static Entity *drop_one(Game *game, int letter, int x, int y)
{
    Entity *item = game_pack_item(game, letter);
    Entity *one = item->item.count > 1 ? game_spawn(game, game_floor(game), item->kind_id, x, y)
                                       : game_take_item(game, letter);
    if (!one)
        return NULL;
    if (item->item.count > 1) {
        item->item.count--;
        one->item = item->item;
        one->item.count = 0;
        one->flags |= EF_CARRIED_BEFORE;
        return one;
    }
    one->x = x;
    one->y = y;
    one->in_view_since = 0;
    entity_list_add(&game_floor(game)->entities, one);
    return one;
}

/* R-TOOL-1: every awake mouse but the King within `reach` steps of the Cheese goes to eat it. */
void tool_cheese(Game *game, int letter, Entity *item, int x, int y, Entity *mouse)
{
    (void)mouse;
    const KindDef *k = kind_of(game, item);
    Floor *floor = game_floor(game);
    PathCell from = {(int16_t)x, (int16_t)y};
    path_dijkstra(&game->caches.paths, &from, 1, smell_cost, floor, game->caches.flee);
    game->caches.flee_fresh = false; /* the flee map was borrowed */
    int drawn = 0;
    for (Entity *e = floor->entities.head; e; e = e->next) {
        if (e->kind != KIND_MONSTER || (e->flags & EF_REMOVED) || is_king(e) ||
            e->mind.state == MIND_DORMANT || e->mind.fx.asleep > 0)
            continue;
        int32_t d = game->caches.flee[e->y * MAP_WIDTH + e->x];
        if (d < 0 || d > k->reach * PATH_STRAIGHT)
            continue;
        e->mind.fx.eating = k->turns + d / PATH_STRAIGHT;
        e->mind.target_x = x;
        e->mind.target_y = y;
        drawn++;
    }
    if (drawn)
        msglog_add(&game->log, game->turn, "You toss the %s: %d mouse%s come%s to eat it.",
                   item->name, drawn, drawn == 1 ? "" : "s", drawn == 1 ? "s" : "");
    else /* no mouse takes it: it lies where it landed, to be picked up again */
        msglog_add(&game->log, game->turn, "You toss the %s; no mouse comes for it.", item->name);
    Entity *cheese = drop_one(game, letter, x, y);
    if (cheese && drawn)
        cheese->flags |= EF_BAIT; /* eaten: it lies there while a mouse eats (tool_bait_tick) */
}

void tool_bait_tick(Game *game)
{
    Floor *floor = game_floor(game);
    for (Entity *e = floor->entities.head; e; e = e->next) {
        if (!(e->flags & EF_BAIT) || (e->flags & EF_REMOVED))
            continue;
        bool eaten = false;
        for (const Entity *m = floor->entities.head; m && !eaten; m = m->next)
            eaten = m->kind == KIND_MONSTER && !(m->flags & EF_REMOVED) && m->mind.fx.eating > 0 &&
                    m->mind.target_x == e->x && m->mind.target_y == e->y;
        if (!eaten)
            entity_list_remove(&floor->entities, e);
    }
}

/* R-TOOL-2: set on the cell; the first mouse to step there springs it (tool_trap_check). */
void tool_spring_trap(Game *game, int letter, Entity *item, int x, int y, Entity *mouse)
{
    (void)mouse;
    Entity *trap = game_take_item(game, letter);
    trap->x = x;
    trap->y = y;
    trap->flags |= EF_SET;
    trap->in_view_since = 0;
    entity_list_add(&game_floor(game)->entities, trap);
    msglog_add(&game->log, game->turn, "You set the %s.", item->name);
}

void tool_trap_check(Game *game, Entity *m)
{
    Entity *trap = floor_entity_at(game_floor(game), m->x, m->y, EF_SET);
    if (!trap || (trap->flags & EF_REMOVED))
        return;
    const KindDef *k = kind_of(game, trap);
    entity_list_remove(&game_floor(game)->entities, trap);
    if (!is_king(m))
        m->mind.fx.held = k->turns;
    game->events |= GAME_EVENT_SEEN;
    game_hurt_mouse(game, m, k->damage, "A Spring Trap snaps shut on");
}

int tool_mice_near(Game *game, int x, int y, int reach, Entity **out, int max)
{
    int n = 0;
    for (Entity *e = game_floor(game)->entities.head; e && n < max; e = e->next)
        if (e->kind == KIND_MONSTER && !(e->flags & EF_REMOVED) &&
            tool_distance(e->x, e->y, x, y) <= reach)
            out[n++] = e;
    return n;
}

/* Whether nothing opaque lies between (x0, y0) and (x1, y1) (a Flash Bulb's light). */
static bool light_reaches(const Floor *floor, int x0, int y0, int x1, int y1)
{
    int n = tool_distance(x0, y0, x1, y1);
    for (int t = 1; t < n; t++) {
        int x = x0 + tool_line_step(x1 - x0, t, n), y = y0 + tool_line_step(y1 - y0, t, n);
        if (map_is_wall(&floor->map, x, y) || floor_entity_at(floor, x, y, EF_BLOCKS_SIGHT))
            return false;
    }
    return true;
}

/* R-TOOL-4: the mice within reach of the flash that see it are dazed. */
void tool_flash_bulb(Game *game, int letter, Entity *item, int x, int y, Entity *mouse)
{
    (void)mouse;
    const KindDef *k = kind_of(game, item);
    Entity *near[GAME_MICE_ACT_MAX];
    int n = tool_mice_near(game, x, y, k->reach, near, GAME_MICE_ACT_MAX), dazed = 0;
    for (int i = 0; i < n; i++) {
        if (!light_reaches(game_floor(game), x, y, near[i]->x, near[i]->y))
            continue;
        int daze = is_king(near[i]) ? k->boss_turns : k->turns;
        if (daze > near[i]->mind.fx.dazed)
            near[i]->mind.fx.dazed = daze;
        dazed++;
    }
    msglog_add(&game->log, game->turn, "The %s goes off in a white flash: %d mouse%s dazed.",
               item->name, dazed, dazed == 1 ? "" : "s");
    game_use_one(game, letter);
}

/* R-TOOL-5: a hit roll as a blow's; the mouse sleeps until hurt, the King is slowed. */
void tool_dart(Game *game, int letter, Entity *item, int x, int y, Entity *mouse)
{
    (void)x, (void)y;
    const KindDef *k = kind_of(game, item);
    game_use_one(game, letter);
    const Fighter dart = {.hit = k->tool_hit}, t = game_fighter(game, mouse);
    game->events |= GAME_EVENT_ATTACK;
    if (rng_range(&game->rng_play, 1, 100) > game_hit_chance(&dart, &t)) {
        msglog_add(&game->log, game->turn, "The dart misses %s.", entity_the(mouse, false).s);
        return;
    }
    if (is_king(mouse)) {
        mouse->mind.fx.slowed = k->boss_turns;
        msglog_add_tone(&game->log, game->turn, MSG_HIT, "The dart slows %s.",
                        entity_the(mouse, false).s);
        return;
    }
    mouse->mind.fx.asleep = k->turns;
    mouse->mind.fx.eating = 0;
    msglog_add_tone(&game->log, game->turn, MSG_HIT, "The dart hits %s: it falls asleep.",
                    entity_the(mouse, false).s);
}

/* R-TOOL-3 and R-TOOL-6: every mouse within reach of the player gets the state. */
static int around_player(Game *game, const KindDef *k, size_t state)
{
    Entity *near[GAME_MICE_ACT_MAX];
    const Entity *p = game->player;
    int n = tool_mice_near(game, p->x, p->y, k->reach, near, GAME_MICE_ACT_MAX);
    for (int i = 0; i < n; i++) {
        int *t = (int *)((char *)&near[i]->mind.fx + state);
        int turns = is_king(near[i]) ? k->boss_turns : k->turns;
        *t = turns > *t ? turns : *t;
    }
    return n;
}

bool tool_use_repeller(Game *game, int letter, Entity *item)
{
    int n = around_player(game, kind_of(game, item), offsetof(MouseFx, repelled));
    msglog_add(&game->log, game->turn, "The %s shrieks: %d mouse%s flee%s.", item->name, n,
               n == 1 ? "" : "s", n == 1 ? "s" : "");
    if (item->item.count <= 1)
        msglog_add(&game->log, game->turn, "The %s's battery is spent.", item->name);
    game_use_one(game, letter);
    return true;
}

bool tool_use_scrambler(Game *game, int letter, Entity *item)
{
    int n = around_player(game, kind_of(game, item), offsetof(MouseFx, scrambled));
    msglog_add(&game->log, game->turn, "The %s hums: %d mouse chip%s scrambled.", item->name, n,
               n == 1 ? "" : "s");
    game_use_one(game, letter);
    return true;
}
