#include "game/game.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "entities/entities.h"

bool game_init(Game *game, uint64_t seed, const Rules *rules)
{
    memset(game, 0, sizeof *game);
    game->rules = rules;
    game->commands_known = true;
    seeds_derive(&game->seeds, seed);
    rng_seed(&game->rng_play, seed, RNG_STREAM_GAMEPLAY);
    rng_seed(&game->rng_cosmetic, seed, RNG_STREAM_COSMETIC);
    vials_shuffle(&game->vials, seed);
    msglog_init(&game->log);
    factory_init(&game->factory, &rules->kinds);
    game->player = factory_make(&game->factory, KIND_ID_PLAYER, 0, 0, 0);
    if (!game->player) {
        snprintf(game->error, sizeof game->error, "%s", game->factory.error);
        return false;
    }
    if (!game_caches_init(&game->caches)) {
        snprintf(game->error, sizeof game->error, "out of memory");
        game_free(game);
        return false;
    }
    game->current = -1;
    if (!game_change_floor(game, 0)) {
        game_free(game);
        return false;
    }
    msglog_add(&game->log, 0, "The mice went up the stairs. Follow them to the Mouse King.");
    return true;
}

void game_free(Game *game)
{
    for (int f = 0; f < FLOOR_COUNT; f++) {
        if (game->floors[f]) {
            floor_free(game->floors[f]);
            free(game->floors[f]);
            game->floors[f] = NULL;
        }
    }
    for (int i = 0; i < RULES_INVENTORY_CAP; i++) {
        free(game->inventory[i]);
        game->inventory[i] = NULL;
    }
    game->inventory_count = 0;
    free(game->player);
    game->player = NULL;
    game_caches_free(&game->caches);
}

Fighter game_fighter(const Game *game, const Entity *who)
{
    const Stats *s = &who->stats;
    Fighter f = {s->attack_min, s->attack_max, s->defence, s->hit, s->dodge};
    if (who != game->player) {
        if (who->kind == KIND_MONSTER && who->mind.fx.dazed > 0)
            f.dodge = 0; /* R-TOOL-4: a dazed mouse cannot dodge */
        return f;
    }
    for (int slot = 0; slot < SLOT_COUNT; slot++) {
        const Entity *gear = game->equipped[slot];
        if (!gear)
            continue;
        f.attack_min += gear->item.attack;
        f.attack_max += gear->item.attack;
        f.defence += gear->item.defence;
        f.hit += gear->item.hit;
        f.dodge += gear->item.dodge;
    }
    return f;
}

int game_item_sight(const Game *game, const Entity *item)
{
    const KindDef *k = item ? kind_get(game->factory.kinds, item->kind_id) : NULL;
    return k ? k->sight : 0;
}

int game_player_sight(const Game *game)
{
    int sight = game->player->stats.sight;
    for (int slot = 0; slot < SLOT_COUNT; slot++)
        sight += game_item_sight(game, game->equipped[slot]);
    return sight > 1 ? sight : 1;
}

int game_next_level_xp(const Game *game)
{
    return rules_next_level_xp(game->rules, game->player->stats.level);
}

int64_t game_score(const Game *game)
{
    const Rules *r = game->rules;
    int64_t score = (int64_t)game->player->stats.xp * r->score_per_xp +
                    (int64_t)game->deepest * r->score_per_floor +
                    (int64_t)game->counters.kills * r->score_per_kill +
                    (game->outcome == GAME_WON ? r->score_victory : 0);
    return score < GAME_SCORE_MAX ? score : GAME_SCORE_MAX;
}

void game_gain_xp(Game *game, int xp)
{
    Stats *s = &game->player->stats;
    const Rules *r = game->rules;
    s->xp = xp < GAME_XP_MAX - s->xp ? s->xp + xp : GAME_XP_MAX;
    for (int next; (next = rules_next_level_xp(r, s->level)) >= 0 && s->xp >= next;) {
        s->level++;
        s->max_hp += r->level_hp;
        s->hp += r->level_hp;
        s->attack_min += r->level_attack;
        s->attack_max += r->level_attack;
        bool tougher = r->level_defence_every && (s->level - 1) % r->level_defence_every == 0;
        s->defence += tougher;
        game->events |= GAME_EVENT_LEVEL_UP;
        msglog_add_tone(&game->log, game->turn, MSG_LEVEL,
                        "Welcome to level %d: +%d HP, +%d attack%s.", s->level, r->level_hp,
                        r->level_attack, tougher ? ", +1 defence" : "");
    }
}

Entity *game_spawn(Game *game, Floor *floor, KindId kind, int x, int y)
{
    Entity *e = factory_make(&game->factory, kind, floor->number, x, y);
    if (!e)
        return NULL;
    entity_list_add(&floor->entities, e);
    if (vial_index(kind) >= 0)
        vials_name_all(game); /* R-VIAL-2: named by its colour like the others */
    return e;
}
