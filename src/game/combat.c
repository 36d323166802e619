#include <stdio.h>
#include <string.h>

#include "game/effects.h"
#include "game/game.h"
#include "game/tools.h"

/* The combat rules, as the help screen gives them (numbers in data/rules.json):
 *   chance to hit = attacker's hit - target's dodge (gear included), kept within 5..95 %
 *                   (GAME_HIT_CHANCE_MIN, GAME_HIT_CHANCE_MAX in game/limits.h);
 *   damage = a roll in the attacker's attack range + weapon bonus - target's defence
 *            (+ armour), at least combat.min_damage. */
int game_hit_chance(const Fighter *attacker, const Fighter *target)
{
    int chance = attacker->hit - target->dodge;
    return chance < GAME_HIT_CHANCE_MIN   ? GAME_HIT_CHANCE_MIN
           : chance > GAME_HIT_CHANCE_MAX ? GAME_HIT_CHANCE_MAX
                                          : chance;
}

static void kill_mouse(Game *game, Entity *mouse)
{
    Floor *floor = game_floor(game);
    game->counters.kills = limits_count_up(game->counters.kills, GAME_COUNT_MAX);
    FloorStats *here = &game->floor_stats[game->current];
    here->kills = limits_count_up(here->kills, GAME_COUNT_MAX);
    if (mouse->kind_id >= 0 && mouse->kind_id < KIND_MAX)
        game->counters.kills_by_kind[mouse->kind_id] =
            limits_count_up(game->counters.kills_by_kind[mouse->kind_id], GAME_COUNT_MAX);
    game->events |= GAME_EVENT_KILL;
    bool king = kind_is_boss(game->factory.kinds, mouse->kind_id);
    msglog_add_tone(&game->log, game->turn, MSG_HIT, "You kill %s (+%d XP).",
                    entity_the(mouse, false).s, mouse->stats.xp);
    entity_list_remove(&floor->entities, mouse);
    game_gain_xp(game, mouse->stats.xp);
    if (king) {
        game->outcome = GAME_WON;
        game->events |= GAME_EVENT_WON;
        msglog_add_tone(&game->log, game->turn, MSG_KING,
                        "The Mouse King falls, and every chip in the tower goes dark. You win!");
    }
}

static void kill_player(Game *game, const Entity *mouse)
{
    game->outcome = GAME_DIED;
    game->events |= GAME_EVENT_DIED;
    snprintf(game->killed_by, sizeof game->killed_by, "%s", mouse->name);
    msglog_add_tone(&game->log, game->turn, MSG_HURT, "You die on floor %d, bitten by %s.",
                    game->current, entity_a(mouse, false).s);
}

void game_attack(Game *game, Entity *attacker, Entity *target)
{
    const Fighter a = game_fighter(game, attacker), t = game_fighter(game, target);
    const bool by_player = attacker == game->player;
    if (by_player) {
        game->events |= GAME_EVENT_ATTACK;
        attacker->facing = target->x > attacker->x   ? 1
                           : target->x < attacker->x ? -1
                                                     : attacker->facing;
    }
    if (rng_range(&game->rng_play, 1, 100) > game_hit_chance(&a, &t)) {
        if (by_player)
            msglog_add(&game->log, game->turn, "You miss %s.", entity_the(target, false).s);
        else
            msglog_add(&game->log, game->turn, "%s misses you.", entity_the(attacker, true).s);
        return;
    }
    int damage = rng_range(&game->rng_play, a.attack_min, a.attack_max) - t.defence;
    if (damage < game->rules->min_damage)
        damage = game->rules->min_damage;
    target->stats.hp -= damage;
    if (by_player) {
        game->events |= GAME_EVENT_HIT;
        mouse_fx_hurt(target);
        if (target->stats.hp > 0) {
            msglog_add_tone(&game->log, game->turn, MSG_HIT, "You hit %s for %d.",
                            entity_the(target, false).s, damage);
            effect_worn_hit(game, target);
        } else
            kill_mouse(game, target);
        return;
    }
    game->events |= GAME_EVENT_HURT;
    msglog_add_tone(&game->log, game->turn, MSG_HURT, "%s bites you for %d.",
                    entity_the(attacker, true).s, damage);
    if (target->stats.hp <= 0) {
        target->stats.hp = 0;
        kill_player(game, attacker);
    }
}

void game_hurt_mouse(Game *game, Entity *mouse, int damage, const char *how)
{
    mouse->stats.hp -= damage;
    mouse_fx_hurt(mouse);
    game->events |= GAME_EVENT_HIT;
    if (mouse->stats.hp > 0) {
        msglog_add_tone(&game->log, game->turn, MSG_HIT, "%s %s for %d.", how,
                        entity_the(mouse, false).s, damage);
        return;
    }
    kill_mouse(game, mouse);
}
