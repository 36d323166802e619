#include "ui/pack.h"

#include <stdio.h>
#include <string.h>

int pack_letters(const Game *game)
{
    int n = game->rules->inventory_limit;
    return n < RULES_INVENTORY_CAP ? n : RULES_INVENTORY_CAP;
}

int pack_step(const Game *game, int from, int step)
{
    int n = pack_letters(game);
    for (int i = 1; i <= n; i++) {
        int letter = ((from + step * i) % n + n) % n;
        if (game_pack_item(game, letter))
            return letter;
    }
    return from;
}

int pack_settle(const Game *game, int from)
{
    if (from >= 0 && from < pack_letters(game) && game_pack_item(game, from))
        return from;
    return game->inventory_count > 0 ? pack_step(game, -1, +1) : 0;
}

/* Appends ", +2 attack" (or the first term without the comma) when d is not 0. */
static void add_term(char *out, size_t size, int d, const char *unit)
{
    size_t len = strlen(out);
    if (d && len < size)
        snprintf(out + len, size - len, "%s%+d%s", len ? ", " : "", d, unit);
}

int pack_compare(const Game *game, const Entity *item, char *out, size_t size)
{
    if (size == 0)
        return 0;
    out[0] = '\0';
    ItemSlot slot = item->item.slot;
    if (slot == SLOT_NONE || slot >= SLOT_COUNT)
        return 0;
    const Entity *worn = game->equipped[slot];
    if (worn == item) {
        snprintf(out, size, "worn");
        return 0;
    }
    const ItemStats *a = &item->item, *b = worn ? &worn->item : &(ItemStats){0};
    const int d[] = {a->attack - b->attack, a->defence - b->defence, a->hit - b->hit,
                     a->dodge - b->dodge,
                     game_item_sight(game, item) - (worn ? game_item_sight(game, worn) : 0)};
    add_term(out, size, d[0], " attack");
    add_term(out, size, d[1], " defence");
    add_term(out, size, d[2], "% to hit");
    add_term(out, size, d[3], "% dodge");
    add_term(out, size, d[4], " sight");
    if (!out[0])
        snprintf(out, size, "no change");
    bool gains = false, losses = false;
    for (size_t i = 0; i < sizeof d / sizeof *d; i++) {
        gains |= d[i] > 0;
        losses |= d[i] < 0;
    }
    return gains && !losses ? 1 : losses && !gains ? -1 : 0;
}

bool pack_wasteful(const Game *game, CommandType type, int letter, char *what, size_t size)
{
    const Entity *item = game_pack_item(game, letter);
    if (what && size)
        what[0] = '\0';
    if (!item)
        return false;
    ItemSlot slot = item->item.slot;
    if (type == CMD_DROP && slot != SLOT_NONE && slot < SLOT_COUNT &&
        game->equipped[slot] == item) {
        if (what)
            snprintf(what, size, "drop the worn %s", item->name);
        return true;
    }
    if (type != CMD_USE || slot != SLOT_NONE || item->item.heal <= 0)
        return false;
    const Stats *s = &game->player->stats;
    int missing = s->max_hp - s->hp, heal = item->item.heal;
    /* At full health the game refuses it anyway, and says so: nothing to ask. */
    if (missing <= 0 || 2 * missing >= heal)
        return false;
    if (what)
        snprintf(what, size, "use the %s: it heals %d, you are only %d HP down", item->name, heal,
                 missing);
    return true;
}

bool pack_confirmed(PackConfirm *c, const Game *game, CommandType type, int letter, bool ask,
                    const char *again, char *prompt, size_t size)
{
    const Entity *item = game_pack_item(game, letter);
    bool repeat =
        c->armed && item && c->type == type && c->letter == letter && c->item_id == item->id;
    c->armed = false;
    if (size)
        prompt[0] = '\0';
    char what[128];
    if (!ask || repeat || !pack_wasteful(game, type, letter, what, sizeof what))
        return true;
    *c = (PackConfirm){true, type, letter, item->id};
    snprintf(prompt, size, "%s to %s.", again, what);
    return false;
}
