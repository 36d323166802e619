/* The counters and the command count against what the game's rules let them reach: see
 * game_check_counts in invariants.h. What generation made is counted on each floor visited
 * made again from its seed (about 2 ms for all 14), so nothing of it needs saving or trusting. */
#include "game/invariants.h"

#include <stdio.h>

#include "core/errline.h"
#include "gen/gen.h"

/* Entities of one kind or another over floors 0..deepest, as made or as they are now. */
typedef struct Tally {
    long long mice, items, keys, fresh_items, locked, hidden, open;
    long long summons; /* the most mice the summoners made could have called (made only) */
} Tally;

/* The most calls for help a summoner of kind k makes in `turns` turns: its energy is below
 * GAME_ENERGY_PER_ACTION (10) when each turn's mice act, so it acts at most (9 + speed) / 10
 * times a turn; each call
 * needs the timer counted down from summon_every, one act each, from at most that. */
static long long calls_by(const KindDef *k, long long turns)
{
    long long acts =
        turns * ((GAME_ENERGY_PER_ACTION - 1 + k->stats.speed) / GAME_ENERGY_PER_ACTION);
    return acts / k->summon_every + 1;
}

/* Whether a summoner can call another summoner: then the summoners are not only those made
 * with the floors, and the bound is the one that holds per turn. */
static bool summons_summoners(const KindTable *kinds, int *alive_max)
{
    bool chain = false;
    *alive_max = 0;
    for (KindId k = 0; k < kinds->count; k++) {
        const KindDef *d = kind_get(kinds, k);
        if (!d->summon_every)
            continue;
        *alive_max = d->summon_alive_max > *alive_max ? d->summon_alive_max : *alive_max;
        for (int s = 0; s < d->summon_count; s++)
            chain |= kind_get(kinds, d->summons[s])->summon_every > 0;
    }
    return chain;
}

static void count_entity(const KindTable *kinds, const Entity *e, long long turns, Tally *t)
{
    if (e->flags & EF_REMOVED)
        return;
    if (e->kind == KIND_MONSTER) {
        t->mice++;
        const KindDef *k = kind_get(kinds, e->kind_id);
        if (k && k->summon_every)
            t->summons += calls_by(k, turns);
    } else if (e->kind == KIND_ITEM) {
        t->items++;
        t->keys += e->kind_id == KIND_ID_KEY;
        t->fresh_items += !(e->flags & EF_CARRIED_BEFORE);
    } else if (e->kind == KIND_DOOR) {
        t->locked += e->door == DOOR_LOCKED;
        t->hidden += e->door == DOOR_HIDDEN;
        t->open += e->door == DOOR_OPEN;
    }
}

/* What the floors visited hold now, the pack included. */
static Tally tally_now(const Game *game)
{
    Tally now = {0};
    for (int f = 0; f <= game->deepest; f++)
        for (const Entity *e = game->floors[f]->entities.head; e; e = e->next)
            count_entity(game->factory.kinds, e, 0, &now);
    for (int i = 0; i < RULES_INVENTORY_CAP; i++)
        if (game->inventory[i])
            count_entity(game->factory.kinds, game->inventory[i], 0, &now);
    now.summons = 0;
    return now;
}

/* What generation made on floors 0..deepest; false when a floor cannot be made again. */
static bool tally_made(const Game *game, Tally *made, char *err, size_t err_size)
{
    *made = (Tally){0};
    for (int f = 0; f <= game->deepest; f++) {
        EntityFactory factory = game->factory; /* a copy: the game's ids stay as they are */
        Floor floor;
        if (!gen_floor(&floor, f, game->seeds.floors[f], &factory, NULL))
            return errline_fail(err, err_size, "floor %d: cannot be made again from its seed: %s",
                                f, factory.error);
        for (const Entity *e = floor.entities.head; e; e = e->next)
            count_entity(game->factory.kinds, e, game->turn, made);
        floor_free(&floor);
    }
    int alive_max;
    if (made->summons && game->turn >= GAME_TURN_MAX)
        made->summons = GAME_COUNT_MAX; /* the clock stopped: the turns bound nothing more */
    else if (made->summons && summons_summoners(game->factory.kinds, &alive_max))
        /* Each call in one turn needs fewer than alive_max other mice on the floor, and the
         * mice called that turn are among them: at most alive_max calls a turn. */
        made->summons = (long long)game->turn * alive_max;
    return true;
}

static bool kills_ok(const Game *game, const Tally *made, const Tally *now, char *err,
                     size_t err_size)
{
    const GameCounters *c = &game->counters;
    long long by_kind = 0;
    for (int k = 0; k < KIND_MAX; k++)
        by_kind += c->kills_by_kind[k];
    /* Every kill counts once in each; only the counts' limit can part them. */
    if (by_kind != c->kills && !(c->kills == GAME_COUNT_MAX && by_kind >= c->kills))
        return errline_fail(err, err_size, "kills %d but the kills by kind sum to %lld", c->kills,
                            by_kind);
    /* A mouse comes to be with its floor or called by a summoner, and leaves the game only
     * by the player's hand; mice never change floors. */
    if (c->kills + now->mice > made->mice + made->summons)
        return errline_fail(err, err_size,
                            "kills %d with %lld mice alive, but floors 0..%d made %lld mice and "
                            "summoners could call %lld more",
                            c->kills, now->mice, game->deepest, made->mice, made->summons);
    return true;
}

/* Doors go hidden or locked to closed, and closed to open and back (only the player closes
 * one, R-DOOR-CLOSE); none is made or lost. */
static bool doors_ok(const Game *game, const Tally *made, const Tally *now, char *err,
                     size_t err_size)
{
    const GameCounters *c = &game->counters;
    long long opened = now->open - made->open + c->doors_closed; /* each close, one more open */
    if (c->doors_opened > opened)
        return errline_fail(err, err_size,
                            "doors_opened %d but only %lld doors on floors 0..%d were opened since "
                            "they were made",
                            c->doors_opened, opened, game->deepest);
    if (c->keys_used > made->locked - now->locked)
        return errline_fail(
            err, err_size,
            "keys_used %d but only %lld of the %lld locked doors made on floors 0..%d "
            "are unlocked",
            c->keys_used, made->locked - now->locked, made->locked, game->deepest);
    if (c->keys_used + now->keys > made->keys)
        return errline_fail(err, err_size,
                            "keys_used %d with %lld Keys left, but floors 0..%d made %lld",
                            c->keys_used, now->keys, game->deepest, made->keys);
    if (c->hidden_found > made->hidden - now->hidden)
        return errline_fail(err, err_size,
                            "hidden_found %d but only %lld of the %lld hidden doors made on floors "
                            "0..%d are found",
                            c->hidden_found, made->hidden - now->hidden, made->hidden,
                            game->deepest);
    return true;
}

static bool commands_ok(const Game *game, char *err, size_t err_size)
{
    if (!game->commands_known)
        return true;
    if (game->commands > GAME_COMMANDS_MAX)
        return errline_fail(err, err_size, "commands %llu, more than %llu",
                            (unsigned long long)game->commands,
                            (unsigned long long)GAME_COMMANDS_MAX);
    /* Every turn is some command's. */
    if (game->commands < game->turn)
        return errline_fail(err, err_size, "commands %llu is fewer than the %u turns",
                            (unsigned long long)game->commands, (unsigned)game->turn);
    return true;
}

bool game_check_counts(const Game *game, char *err, size_t err_size)
{
    if (!commands_ok(game, err, err_size))
        return false;
    Tally made, now = tally_now(game);
    if (!tally_made(game, &made, err, err_size) || !kills_ok(game, &made, &now, err, err_size) ||
        !doors_ok(game, &made, &now, err, err_size))
        return false;
    /* An item is made with its floor only, counts the first time it is picked up (then it is
     * marked carried), and one never picked up is still where it was made. */
    const GameCounters *c = &game->counters;
    if (c->items_picked + now.fresh_items > made.items)
        return errline_fail(
            err, err_size,
            "items_picked %d with %lld items never picked up, but floors 0..%d made "
            "%lld items",
            c->items_picked, now.fresh_items, game->deepest, made.items);
    return true;
}
