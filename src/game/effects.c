/* The item effects of docs/RULES.md (R-ITEM-5 the Health Pack, R-ITEM-8 the Floor Plan), and
 * the one table that registers them. */
#include "game/effects.h"

#include <stdlib.h>
#include <string.h>

#include "game/caches.h"
#include "game/game.h"
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

static const ItemEffect EFFECTS[] = {
    [EFFECT_NONE] = {"none", NULL},
    {"heal", use_heal},
    {"floor_plan", use_floor_plan},
    {"heal_serum", vial_drink_serum},
    {"adrenaline", vial_drink_adrenaline},
    {"mouse_radar", vial_drink_radar},
    {"sedative", vial_drink_sedative},
    {"pheromone", vial_drink_pheromone},
    {"acid", vial_drink_acid},
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
