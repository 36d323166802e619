#include "game/invariants.h"

#include <stdio.h>
#include <string.h>

#include "core/errline.h"
#include "gen/gen.h"

/* The first field where two sets of numbers differ, hp left out (it goes up and down), or
 * NULL when they agree. */
static const char *stats_differ(const Stats *have, const Stats *want, int *got, int *expected)
{
#define MK_STAT(field)                                                                             \
    if (have->field != want->field) {                                                              \
        *got = have->field;                                                                        \
        *expected = want->field;                                                                   \
        return #field;                                                                             \
    }
    MK_STAT(max_hp)
    MK_STAT(attack_min)
    MK_STAT(attack_max)
    MK_STAT(defence)
    MK_STAT(hit)
    MK_STAT(dodge)
    MK_STAT(sight)
    MK_STAT(speed)
    MK_STAT(xp)
    MK_STAT(level)
#undef MK_STAT
    return NULL;
}

/* The level the rules give for xp: one more for every threshold reached. */
static int level_for_xp(const Rules *rules, int xp)
{
    int level = 1;
    while (level - 1 < rules->level_count && xp >= rules->level_xp[level - 1])
        level++;
    return level;
}

/* The player's numbers at `level` and `xp`, as game_gain_xp makes them from the start. */
static Stats player_stats_at(const Rules *rules, int level, int xp)
{
    Stats s = rules->player;
    int ups = level - 1;
    s.max_hp += ups * rules->level_hp;
    s.attack_min += ups * rules->level_attack;
    s.attack_max += ups * rules->level_attack;
    s.defence += rules->level_defence_every ? ups / rules->level_defence_every : 0;
    s.level = level;
    s.xp = xp;
    return s;
}

static bool player_ok(const Game *game, char *err, size_t err_size)
{
    const Stats *s = &game->player->stats;
    const Rules *rules = game->rules;
    if (s->xp < 0 || s->xp > GAME_XP_MAX)
        return errline_fail(err, err_size, "player: %d XP, outside 0..%d", s->xp, GAME_XP_MAX);
    int level = level_for_xp(rules, s->xp);
    if (s->level != level)
        return errline_fail(err, err_size, "player: level %d at %d XP; the rules give level %d",
                            s->level, s->xp, level);
    Stats want = player_stats_at(rules, level, s->xp);
    int got, expected;
    const char *field = stats_differ(s, &want, &got, &expected);
    if (field)
        return errline_fail(err, err_size, "player: %s %d at level %d; the rules give %d", field,
                            got, level, expected);
    if (s->hp < 0 || s->hp > s->max_hp)
        return errline_fail(err, err_size, "player: %d HP, outside 0..%d", s->hp, s->max_hp);
    return true;
}

static bool outcome_ok(const Game *game, char *err, size_t err_size)
{
    int hp = game->player->stats.hp;
    const char *killer = game->killed_by;
    switch (game->outcome) {
    case GAME_PLAYING:
    case GAME_WON:
        if (hp < 1)
            return errline_fail(err, err_size, "player: %d HP in a game that is %s", hp,
                                game->outcome == GAME_WON ? "won" : "still being played");
        if (killer[0])
            return errline_fail(err, err_size, "killed_by: '%s', but the player is alive", killer);
        break;
    case GAME_DIED:
        if (hp != 0)
            return errline_fail(err, err_size, "player: %d HP, but the game says the player died",
                                hp);
        if (!kind_is_mouse(game->factory.kinds, factory_kind(&game->factory, killer)) &&
            factory_kind(&game->factory, killer) != KIND_ID_ACID)
            return errline_fail(err, err_size, "killed_by: '%s' is no kind of mouse nor Acid",
                                killer);
        break;
    }
    const Floor *top = game->floors[MAX_FLOORS];
    if (!top && game->outcome == GAME_WON)
        return errline_fail(err, err_size, "outcome: won, but floor %d was never reached",
                            MAX_FLOORS);
    if (!top)
        return true;
    int kings = 0;
    for (const Entity *e = top->entities.head; e; e = e->next)
        kings += !(e->flags & EF_REMOVED) && kind_is_boss(game->factory.kinds, e->kind_id);
    int want = game->outcome == GAME_WON ? 0 : 1;
    if (kings != want)
        return errline_fail(err, err_size,
                            "floor %d: %d Mouse Kings in a game that is %s; it needs %d",
                            MAX_FLOORS, kings, game->outcome == GAME_WON ? "won" : "not won", want);
    return true;
}

static bool mouse_ok(const Game *game, const Floor *floor, const Entity *e, char *err,
                     size_t err_size)
{
    const KindDef *mr = kind_get(game->factory.kinds, e->kind_id);
    if (!mr || mr->family != KIND_MONSTER)
        return errline_fail(err, err_size, "floor %d: a %s has no numbers in the rules",
                            floor->number, e->name);
    int got, expected;
    const char *field = stats_differ(&e->stats, &mr->stats, &got, &expected);
    if (field)
        return errline_fail(err, err_size,
                            "floor %d: the %s at (%d, %d) has %s %d; the rules give %d",
                            floor->number, e->name, e->x, e->y, field, got, expected);
    if (e->stats.hp < 1 || e->stats.hp > e->stats.max_hp)
        return errline_fail(err, err_size, "floor %d: the %s at (%d, %d) has %d HP, outside 1..%d",
                            floor->number, e->name, e->x, e->y, e->stats.hp, e->stats.max_hp);
    const Mind *m = &e->mind;
    if (m->energy < 0 || m->energy >= GAME_ENERGY_PER_ACTION + e->stats.speed)
        return errline_fail(err, err_size,
                            "floor %d: the %s at (%d, %d) has %d energy, outside 0..%d",
                            floor->number, e->name, e->x, e->y, m->energy,
                            GAME_ENERGY_PER_ACTION - 1 + e->stats.speed);
    if (m->summon_timer < 0 || m->summon_timer > mr->summon_every)
        return errline_fail(
            err, err_size, "floor %d: the %s at (%d, %d) calls for help in %d turns, outside 0..%d",
            floor->number, e->name, e->x, e->y, m->summon_timer, mr->summon_every);
    return true;
}

/* `where` names the item for a message: "floor 3: the Crowbar at (4, 5)" or "inventory[2]". */
static bool item_ok(const Game *game, const Entity *e, const char *where, char *err,
                    size_t err_size)
{
    if (e->kind != KIND_ITEM)
        return errline_fail(err, err_size, "%s: a %s is no item", where, e->name);
    if (e->item.floor < 0 || e->item.floor > game->deepest)
        return errline_fail(err, err_size, "%s: made on floor %d, a floor not yet visited", where,
                            e->item.floor);
    const ItemStats want =
        kind_item_stats(kind_get(game->factory.kinds, e->kind_id), e->item.floor);
    const ItemStats *a = &e->item, *b = &want;
    if (a->slot != b->slot || a->attack != b->attack || a->defence != b->defence ||
        a->hit != b->hit || a->dodge != b->dodge || a->heal != b->heal)
        return errline_fail(
            err, err_size,
            "%s: a %s of floor %d with attack %d, defence %d, hit %d, dodge %d, heal %d; "
            "the rules give %d, %d, %d, %d, %d",
            where, e->name, a->floor, a->attack, a->defence, a->hit, a->dodge, a->heal, b->attack,
            b->defence, b->hit, b->dodge, b->heal);
    return true;
}

static bool pack_ok(const Game *game, char *err, size_t err_size)
{
    if (game->inventory_count < 0 || game->inventory_count > game->rules->inventory_limit)
        return errline_fail(err, err_size, "inventory: %d items, more than the %d that fit",
                            game->inventory_count, game->rules->inventory_limit);
    int carried_count = 0;
    for (int i = 0; i < RULES_INVENTORY_CAP; i++) {
        if (!game->inventory[i])
            continue;
        char where[32];
        snprintf(where, sizeof where, "inventory[%d]", i);
        if (i >= game->rules->inventory_limit)
            return errline_fail(err, err_size, "%s: a letter past the %d the pack has", where,
                                game->rules->inventory_limit);
        if (!item_ok(game, game->inventory[i], where, err, err_size))
            return false;
        carried_count++;
    }
    if (carried_count != game->inventory_count)
        return errline_fail(err, err_size, "inventory: %d items counted, %d carried",
                            game->inventory_count, carried_count);
    for (int slot = SLOT_WEAPON; slot < SLOT_COUNT; slot++) {
        const Entity *worn = game->equipped[slot];
        if (!worn)
            continue;
        bool carried = false;
        for (int i = 0; i < RULES_INVENTORY_CAP; i++)
            carried |= game->inventory[i] == worn;
        if (!carried || worn->item.slot != (ItemSlot)slot)
            return errline_fail(err, err_size, "equipped: a %s worn in slot %d", worn->name, slot);
    }
    return true;
}

static bool floor_entities_ok(const Game *game, const Floor *floor, char *err, size_t err_size)
{
    int players = 0;
    for (const Entity *e = floor->entities.head; e; e = e->next) {
        if (e->flags & EF_REMOVED)
            continue;
        if (e->kind == KIND_PLAYER) {
            if (e != game->player)
                return errline_fail(err, err_size, "floor %d: a second player", floor->number);
            players++;
        } else if (e->kind == KIND_MONSTER) {
            if (!mouse_ok(game, floor, e, err, err_size))
                return false;
        } else if (e->kind == KIND_ITEM) {
            char where[96];
            snprintf(where, sizeof where, "floor %d: the %s at (%d, %d)", floor->number, e->name,
                     e->x, e->y);
            if (!item_ok(game, e, where, err, err_size))
                return false;
        }
    }
    int want = floor->number == game->current;
    if (players != want)
        return errline_fail(err, err_size, "floor %d: the player is %s", floor->number,
                            want ? "not on it, the current floor" : "on it, but it is not current");
    return true;
}

static bool floors_ok(const Game *game, char *err, size_t err_size)
{
    if (game->current < 0 || game->current > MAX_FLOORS || game->deepest < game->current ||
        game->deepest > MAX_FLOORS)
        return errline_fail(err, err_size, "current: floor %d with deepest %d", game->current,
                            game->deepest);
    for (int f = 0; f < FLOOR_COUNT; f++) {
        const Floor *floor = game->floors[f];
        bool visited = f <= game->deepest;
        if (!floor != !visited)
            return errline_fail(err, err_size, "floor %d: %s, but the deepest floor reached is %d",
                                f, floor ? "visited" : "never visited", game->deepest);
        if (!floor)
            continue;
        if (floor->number != f)
            return errline_fail(err, err_size, "floor %d: numbered %d", f, floor->number);
        if (!gen_floor_check(floor, game->factory.kinds, GEN_CHECK_PLAYED, err, err_size) ||
            !floor_entities_ok(game, floor, err, err_size))
            return false;
    }
    return true;
}

bool game_check_invariants(const Game *game, char *err, size_t err_size)
{
    if (err_size > 0)
        err[0] = '\0';
    if (game->turn > GAME_TURN_MAX)
        return errline_fail(err, err_size, "turn: %u, more than %d", (unsigned)game->turn,
                            GAME_TURN_MAX);
    const GameCounters *c = &game->counters;
    const int counters[] = {c->kills,        c->doors_opened, c->keys_used,
                            c->hidden_found, c->items_picked, c->doors_closed};
    static const char *const names[] = {"kills",        "doors_opened", "keys_used",
                                        "hidden_found", "items_picked", "doors_closed"};
    for (int i = 0; i < 6; i++)
        if (counters[i] < 0 || counters[i] > GAME_COUNT_MAX)
            return errline_fail(err, err_size, "counters.%s: %d, outside 0..%d", names[i],
                                counters[i], GAME_COUNT_MAX);
    for (int k = 0; k < KIND_MAX; k++)
        if (c->kills_by_kind[k] < 0 || c->kills_by_kind[k] > GAME_COUNT_MAX)
            return errline_fail(err, err_size, "counters.by_kind.%s: %d, outside 0..%d",
                                k < game->factory.kinds->count ? game->factory.kinds->kinds[k].name
                                                               : "?",
                                c->kills_by_kind[k], GAME_COUNT_MAX);
    if (game->search_streak < 0 || game->search_streak > game->rules->search_thorough_after)
        return errline_fail(err, err_size, "search_streak: %d, outside 0..%d", game->search_streak,
                            game->rules->search_thorough_after);
    return player_ok(game, err, err_size) && outcome_ok(game, err, err_size) &&
           pack_ok(game, err, err_size) && floors_ok(game, err, err_size) &&
           game_check_counts(game, err, err_size);
}
