/* The item effects of docs/RULES.md (R-ITEM-5 the Health Pack, R-ITEM-8 the Floor Plan, R-GEAR
 * what gear does while worn), and the one table that registers them. */
#include "game/effects.h"

#include <stdlib.h>
#include <string.h>

#include "game/caches.h"
#include "game/game.h"
#include "game/mice.h"
#include "game/tools.h"
#include "game/vials.h"

/* R-ITEM-5: heals its amount, up to the maximum; refused at full health. */
static bool use_heal(Game *game, int letter, Entity *item)
{
    Stats *s = &game->player->stats;
    if (s->hp >= s->max_hp) {
        msglog_add_tone(&game->log, game->turn, MSG_WARN, "You are already at full health.");
        return false;
    }
    int healed = item->item.heal < s->max_hp - s->hp ? item->item.heal : s->max_hp - s->hp;
    s->hp += healed;
    game->events |= GAME_EVENT_HEALED;
    msglog_add(&game->log, game->turn, "You use a %s: +%d HP.", item->name, healed);
    free(game_take_item(game, letter));
    return true;
}

/* R-ITEM-8: every cell of the floor is remembered (the stairs with them), and every hidden
 * door becomes a found one, as a search finds it. */
static bool use_floor_plan(Game *game, int letter, Entity *item)
{
    Floor *floor = game_floor(game);
    memset(floor->seen, 1, (size_t)floor->map.width * (size_t)floor->map.height);
    game_caches_invalidate(game, CACHE_SEEN_MORE);
    int marked = 0;
    for (Entity *e = floor->entities.head; e; e = e->next)
        if (e->kind == KIND_DOOR && e->door == DOOR_HIDDEN && !(e->flags & EF_REMOVED)) {
            game_set_door(game, e, DOOR_CLOSED);
            game->counters.hidden_found =
                limits_count_up(game->counters.hidden_found, GAME_COUNT_MAX);
            marked++;
        }
    game_take_item(game, letter);
    free(item);
    if (marked)
        game->events |= GAME_EVENT_FOUND;
    msglog_add_tone(&game->log, game->turn, MSG_FIND,
                    "You study the floor plan: %d hidden door%s marked.", marked,
                    marked == 1 ? "" : "s");
    return true;
}

/* R-GEAR-2: the struck mouse goes one cell straight away from the player, when a mouse could
 * step there (no wall, nothing solid, no corner cut). */
static void push_back(Game *game, Entity *target)
{
    const Entity *p = game->player;
    int dx = (target->x > p->x) - (target->x < p->x), dy = (target->y > p->y) - (target->y < p->y);
    if (!mouse_can_step_to(game, target, dx, dy))
        return;
    mouse_move_to(game, target, target->x + dx, target->y + dy);
    msglog_add(&game->log, game->turn, "%s is knocked back.", entity_the(target, true).s);
}

/* R-GEAR-3: every hidden door within `reach` cells is found, as a search finds it. */
static void find_doors(Game *game, int reach)
{
    const Entity *p = game->player;
    for (Entity *e = game_floor(game)->entities.head; e; e = e->next) {
        if (e->kind != KIND_DOOR || e->door != DOOR_HIDDEN || (e->flags & EF_REMOVED) ||
            abs(e->x - p->x) > reach || abs(e->y - p->y) > reach)
            continue;
        game_set_door(game, e, DOOR_CLOSED);
        game->counters.hidden_found = limits_count_up(game->counters.hidden_found, GAME_COUNT_MAX);
        game->events |= GAME_EVENT_FOUND;
        msglog_add_tone(&game->log, game->turn, MSG_FIND, "Your goggles pick out a hidden door!");
    }
}

static const ItemEffect EFFECTS[] = {
    [EFFECT_NONE] = {.name = "none"},
    {.name = "heal", .use = use_heal},
    {.name = "floor_plan", .use = use_floor_plan},
    {.name = "push_back", .on_hit = push_back},
    {.name = "find_doors", .each_turn = find_doors},
    {.name = "jam", .jams = true},
    {.name = "heal_serum", .use = vial_drink_serum, .thrown = vial_splash, .aim = TARGET_CELL},
    {.name = "adrenaline", .use = vial_drink_adrenaline, .thrown = vial_splash, .aim = TARGET_CELL},
    {.name = "mouse_radar", .use = vial_drink_radar, .thrown = vial_splash, .aim = TARGET_CELL},
    {.name = "sedative", .use = vial_drink_sedative, .thrown = vial_splash, .aim = TARGET_CELL},
    {.name = "pheromone", .use = vial_drink_pheromone, .thrown = vial_splash, .aim = TARGET_CELL},
    {.name = "acid", .use = vial_drink_acid, .thrown = vial_splash, .aim = TARGET_CELL},
    {.name = "cheese", .thrown = tool_cheese, .aim = TARGET_CELL},
    {.name = "spring_trap", .thrown = tool_spring_trap, .aim = TARGET_ADJACENT},
    {.name = "repeller", .use = tool_use_repeller},
    {.name = "flash_bulb", .thrown = tool_flash_bulb, .aim = TARGET_CELL},
    {.name = "dart", .thrown = tool_dart, .aim = TARGET_MOUSE},
    {.name = "scrambler", .use = tool_use_scrambler},
};

const ItemEffect *effect_get(int id)
{
    return id >= 0 && id < effect_count() ? &EFFECTS[id] : &EFFECTS[EFFECT_NONE];
}

int effect_find(const char *name)
{
    for (int i = 0; i < effect_count(); i++)
        if (strcmp(EFFECTS[i].name, name) == 0)
            return i;
    return -1;
}

int effect_count(void)
{
    return (int)(sizeof EFFECTS / sizeof *EFFECTS);
}

/* The kind of the piece worn in `slot`, or NULL. */
static const KindDef *worn_kind(const Game *game, int slot)
{
    const Entity *gear = game->equipped[slot];
    return gear ? kind_get(game->factory.kinds, gear->kind_id) : NULL;
}

void effect_worn_turn(Game *game)
{
    for (int slot = 0; slot < SLOT_COUNT; slot++) {
        const KindDef *k = worn_kind(game, slot);
        if (k && effect_get(k->effect)->each_turn)
            effect_get(k->effect)->each_turn(game, k->reach);
    }
}

void effect_worn_hit(Game *game, Entity *target)
{
    for (int slot = 0; slot < SLOT_COUNT; slot++) {
        const KindDef *k = worn_kind(game, slot);
        if (k && effect_get(k->effect)->on_hit)
            effect_get(k->effect)->on_hit(game, target);
    }
}

bool effect_jammed(const Game *game, const Entity *mouse)
{
    const Entity *p = game->player;
    int dx = abs(mouse->x - p->x), dy = abs(mouse->y - p->y);
    for (int slot = 0; slot < SLOT_COUNT; slot++) {
        const KindDef *k = worn_kind(game, slot);
        if (k && effect_get(k->effect)->jams && dx <= k->reach && dy <= k->reach)
            return true;
    }
    return false;
}
