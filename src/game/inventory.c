#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game/caches.h"
#include "game/effects.h"
#include "game/game.h"

/* A short note of what an item does, for messages: "+2 attack". Empty for keys. */
static void item_effect(const Entity *item, char *out, size_t size)
{
    const ItemStats *s = &item->item;
    out[0] = '\0';
    size_t used = 0;
    const struct {
        int value;
        const char *format;
    } parts[] = {{s->heal, "heals %d"},
                 {s->attack, "+%d attack"},
                 {s->defence, "+%d defence"},
                 {s->hit, "%+d%% to hit"},
                 {s->dodge, "+%d%% dodge"}};
    /* Every bonus it has, in that order (a data item may have any mix of them). */
    for (size_t i = 0; i < sizeof parts / sizeof *parts && used < size; i++) {
        if (!parts[i].value)
            continue;
        if (used)
            used += (size_t)snprintf(out + used, size - used, ", ");
        if (used < size)
            used += (size_t)snprintf(out + used, size - used, parts[i].format, parts[i].value);
    }
}

/* The same in brackets after a name: " (+2 attack)", or nothing. */
static void item_bonus(const Entity *item, char *out, size_t size)
{
    char effect[64];
    item_effect(item, effect, sizeof effect);
    snprintf(out, size, effect[0] ? " (%s)" : "%s", effect);
}

int game_find_item(const Game *game, KindId kind)
{
    for (int i = 0; i < RULES_INVENTORY_CAP; i++)
        if (game->inventory[i] && game->inventory[i]->kind_id == kind)
            return i;
    return -1;
}

Entity *game_take_item(Game *game, int letter)
{
    Entity *item = game->inventory[letter];
    for (int slot = 0; slot < SLOT_COUNT; slot++)
        if (game->equipped[slot] == item) {
            game->equipped[slot] = NULL;
            game_caches_invalidate(game, CACHE_PLAYER_MOVED); /* its sight goes with it */
        }
    /* The letter stays empty (no closing up): the other items keep theirs. */
    game->inventory[letter] = NULL;
    game->inventory_count--;
    return item;
}

void game_use_one(Game *game, int letter)
{
    Entity *item = game_pack_item(game, letter);
    if (item && item->item.count > 1)
        item->item.count--;
    else if (item)
        free(game_take_item(game, letter));
}

static bool stacks(const Game *game, const Entity *item)
{
    const KindDef *kind = kind_get(game->factory.kinds, item->kind_id);
    return kind && kind->stacks;
}

/* R-TOOL-7: an item of a stacking kind joins the stack of its kind already carried. The letter
 * of that stack, or -1. */
static int join_stack(Game *game, Entity *item)
{
    const KindDef *kind = kind_get(game->factory.kinds, item->kind_id);
    if (!kind || !kind->stacks)
        return -1;
    int letter = game_find_item(game, item->kind_id);
    if (letter < 0)
        return -1;
    Entity *stack = game->inventory[letter];
    int add = item->item.count > 0 ? item->item.count : 1;
    stack->item.count = (stack->item.count > 0 ? stack->item.count : 1) + add;
    return letter;
}

int game_pack_add(Game *game, Entity *item)
{
    if (game->inventory_count >= game->rules->inventory_limit)
        return -1;
    for (int letter = 0; letter < game->rules->inventory_limit && letter < RULES_INVENTORY_CAP;
         letter++)
        if (!game->inventory[letter]) {
            game->inventory[letter] = item;
            game->inventory_count++;
            return letter;
        }
    return -1;
}

/* The first pick-up of an item counts, and gives its XP. */
static void count_find(Game *game, Entity *e)
{
    if (e->flags & EF_CARRIED_BEFORE)
        return;
    e->flags |= EF_CARRIED_BEFORE;
    game->counters.items_picked = limits_count_up(game->counters.items_picked, GAME_COUNT_MAX);
    FloorStats *here = &game->floor_stats[game->current];
    here->items_found = limits_count_up(here->items_found, GAME_COUNT_MAX);
    game_gain_xp(game, game->rules->item_xp);
}

/* Takes `e` from the floor into the pack: onto its stack, or under a letter of its own. */
static void take(Game *game, Floor *floor, Entity *e)
{
    int letter = join_stack(game, e);
    bool joined = letter >= 0;
    if (!joined)
        letter = game_pack_add(game, e);
    if (letter < 0) {
        msglog_add_tone(&game->log, game->turn, MSG_WARN, "Your pack is full: the %s stays here.",
                        e->name);
        return;
    }
    game->events |= GAME_EVENT_PICKUP;
    /* The letter it keeps while carried, said once so it can be remembered. */
    char effect[64];
    item_effect(e, effect, sizeof effect);
    if (joined)
        msglog_add_tone(&game->log, game->turn, MSG_FIND, "You pick up the %s (%c, %d in all).",
                        e->name, 'a' + letter, game->inventory[letter]->item.count);
    else if (e->item.count > 1)
        msglog_add_tone(&game->log, game->turn, MSG_FIND, "You pick up the %s (%c, %d%s).", e->name,
                        'a' + letter, e->item.count, stacks(game, e) ? "" : " charges");
    else
        msglog_add_tone(&game->log, game->turn, MSG_FIND, "You pick up the %s (%c%s%s).", e->name,
                        'a' + letter, effect[0] ? ", " : "", effect);
    game_cage_taken(game, e);
    count_find(game, e);
    if (joined) {
        entity_list_remove(&floor->entities, e); /* freed with the turn's purge */
        return;
    }
    entity_list_detach(&floor->entities, e);
    e->in_view_since = 0; /* dropped later, it comes into view anew */
}

void game_pick_up(Game *game)
{
    Floor *floor = game_floor(game);
    Entity *player = game->player;
    for (Entity *e = floor->entities.head; e; e = e->next)
        if (e->kind == KIND_ITEM && !(e->flags & (EF_SET | EF_BAIT | EF_REMOVED)) &&
            e->x == player->x && e->y == player->y) {
            take(game, floor, e);
            return;
        }
}

bool game_equip_item(Game *game, int letter)
{
    Entity *item = game_pack_item(game, letter);
    if (!item)
        return false;
    ItemSlot slot = item->item.slot;
    if (slot == SLOT_NONE) {
        msglog_add_tone(&game->log, game->turn, MSG_WARN,
                        "The %s is not something to wear or wield.", item->name);
        return false;
    }
    game->events |= GAME_EVENT_EQUIPPED;
    game_caches_invalidate(game, CACHE_PLAYER_MOVED); /* gear may change sight (R-GEAR-1) */
    if (game->equipped[slot] == item) {
        game->equipped[slot] = NULL;
        msglog_add(&game->log, game->turn, "You take off the %s.", item->name);
        return true;
    }
    char bonus[64];
    item_bonus(item, bonus, sizeof bonus);
    if (game->equipped[slot])
        msglog_add(&game->log, game->turn, "You swap the %s for the %s%s.",
                   game->equipped[slot]->name, item->name, bonus);
    else
        msglog_add(&game->log, game->turn, "You %s the %s%s.",
                   slot == SLOT_WEAPON ? "wield" : "wear", item->name, bonus);
    game->equipped[slot] = item;
    return true;
}

bool game_use_item(Game *game, int letter)
{
    Entity *item = game_pack_item(game, letter);
    if (!item)
        return false;
    if (item->item.slot != SLOT_NONE)
        return game_equip_item(game, letter);
    const KindDef *kind = kind_get(game->factory.kinds, item->kind_id);
    const ItemEffect *effect = effect_get(kind ? kind->effect : EFFECT_NONE);
    if (effect->use)
        return effect->use(game, letter, item);
    msglog_add_tone(&game->log, game->turn, MSG_WARN,
                    "A Key is used by walking into a locked door.");
    return false;
}

bool game_drop_item(Game *game, int letter)
{
    if (!game_pack_item(game, letter))
        return false;
    Floor *floor = game_floor(game);
    Entity *player = game->player;
    for (Entity *e = floor->entities.head; e; e = e->next)
        if (e != player && e->x == player->x && e->y == player->y) {
            msglog_add_tone(&game->log, game->turn, MSG_WARN,
                            "There is no room to drop anything here.");
            return false;
        }
    Entity *item = game_take_item(game, letter);
    item->x = player->x;
    item->y = player->y;
    entity_list_add(&floor->entities, item);
    msglog_add(&game->log, game->turn, "You drop the %s.", item->name);
    return true;
}
