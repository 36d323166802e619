/* Recordings (journal.h): the checksums. A state hash is cheap (no JSON) and sees every part of
 * the game a replay could get wrong; the rules hash names the rules a recording was played with. */
#include "store/journal.h"

#include <string.h>

/* ---- hashes --------------------------------------------------------------------------- */

static inline void mix(uint64_t *h, uint64_t v)
{
    *h = (*h ^ v) * 0x9e3779b97f4a7c15ULL;
    *h ^= *h >> 32;
}

static void mix_text(uint64_t *h, const char *s)
{
    uint64_t f = 0xcbf29ce484222325ULL;
    for (; s && *s; s++)
        f = (f ^ (unsigned char)*s) * 0x100000001b3ULL;
    mix(h, f);
}

static void mix_stats(uint64_t *h, const Stats *s)
{
    const int v[] = {s->hp,    s->max_hp, s->attack_min, s->attack_max, s->defence, s->hit,
                     s->dodge, s->sight,  s->speed,      s->xp,         s->level};
    for (size_t i = 0; i < sizeof v / sizeof *v; i++)
        mix(h, (uint64_t)(int64_t)v[i]);
}

static void mix_item(uint64_t *h, const ItemStats *it)
{
    const int v[] = {(int)it->slot, it->attack, it->defence, it->hit,
                     it->dodge,     it->heal,   it->floor};
    for (size_t i = 0; i < sizeof v / sizeof *v; i++)
        mix(h, (uint64_t)(int64_t)v[i]);
}

static void mix_entity(uint64_t *h, const Entity *e)
{
    mix(h, e->id);
    mix(h, (uint64_t)e->kind);
    mix(h, (uint64_t)(int64_t)e->x);
    mix(h, (uint64_t)(int64_t)e->y);
    mix(h, e->flags);
    mix(h, (uint64_t)e->door);
    mix(h, (uint64_t)(int64_t)e->facing);
    if (e->kind == KIND_MONSTER || e->kind == KIND_PLAYER)
        mix_stats(h, &e->stats);
    if (e->kind == KIND_MONSTER) {
        const Mind *m = &e->mind;
        const int v[] = {(int)m->state, m->target_x,     m->target_y,
                         m->energy,     m->summon_timer, m->stuck};
        for (size_t i = 0; i < sizeof v / sizeof *v; i++)
            mix(h, (uint64_t)(int64_t)v[i]);
        const MouseFx *fx = &m->fx;
        const int t[] = {fx->eating,   fx->held,   fx->dazed,  fx->asleep, fx->scrambled,
                         fx->repelled, fx->hasted, fx->slowed, fx->marked};
        for (size_t i = 0; i < sizeof t / sizeof *t; i++)
            mix(h, (uint64_t)(int64_t)t[i]);
    }
    if (e->kind == KIND_ITEM) {
        mix_item(h, &e->item);
        mix(h, (uint64_t)(int64_t)e->item.count);
    }
}

uint64_t game_state_hash(const Game *g)
{
    uint64_t h = 0x6d6f7573656b696eULL; /* "mouseking" */
    mix(&h, g->turn);
    mix(&h, g->commands);
    mix(&h, (uint64_t)(int64_t)g->current);
    mix(&h, (uint64_t)(int64_t)g->deepest);
    mix(&h, (uint64_t)g->outcome);
    mix_text(&h, g->killed_by);
    const GameCounters *c = &g->counters;
    const int counters[] = {c->kills,        c->doors_opened,  c->keys_used,     c->hidden_found,
                            c->items_picked, g->search_streak, (int)g->activity, g->travel_x,
                            g->travel_y,     g->last_dx,       g->last_dy};
    for (size_t i = 0; i < sizeof counters / sizeof *counters; i++)
        mix(&h, (uint64_t)(int64_t)counters[i]);
    if (c->doors_closed) /* only then: games with no door closed hash as they did before */
        mix(&h, (uint64_t)(int64_t)c->doors_closed);
    const VialState *v = &g->vials; /* the same: only a game with a vial drunk */
    if (v->known | v->adrenaline | v->adrenaline_spare | v->radar)
        mix(&h, (uint64_t)(unsigned)(v->known | v->adrenaline << 6 | v->adrenaline_spare << 10 |
                                     v->radar << 11));
    mix(&h, g->rng_play.state);
    mix(&h, g->rng_play.inc);
    mix(&h, g->rng_cosmetic.state);
    mix(&h, g->rng_cosmetic.inc);
    mix(&h, g->factory.next_id);
    if (g->player)
        mix_entity(&h, g->player);
    mix(&h, (uint64_t)(int64_t)g->inventory_count);
    for (int letter = 0, rank = 0; letter < RULES_INVENTORY_CAP; letter++) {
        const Entity *item = g->inventory[letter];
        if (!item)
            continue;
        mix_entity(&h, item);
        /* The letter counts only where it differs from the item's rank in the pack, so a
         * pack without gaps hashes as packs did before letters were kept, and recordings
         * made then still check wherever no letter was left empty. */
        if (letter != rank++)
            mix(&h, 2000u + (uint64_t)letter);
        for (int s = 0; s < SLOT_COUNT; s++)
            if (g->equipped[s] == item)
                mix(&h, 1000u + (uint64_t)s);
    }
    const Floor *f = g->current >= 0 && g->current < FLOOR_COUNT ? g->floors[g->current] : NULL;
    if (f)
        for (const Entity *e = f->entities.head; e; e = e->next)
            if (!(e->flags & EF_REMOVED))
                mix_entity(&h, e);
    mix(&h, g->log.total);
    return rng_mix64(h);
}

uint32_t rules_hash(const Rules *r)
{
    uint64_t h = 0x72756c6573ULL; /* "rules" */
    mix_stats(&h, &r->player);
    const int top[] = {r->min_damage,
                       r->regen_turns,
                       r->level_count,
                       r->level_hp,
                       r->level_attack,
                       r->level_defence_every,
                       r->inventory_limit,
                       r->item_xp,
                       r->search_chance,
                       r->search_thorough_after,
                       r->search_thorough_radius,
                       r->score_per_xp,
                       r->score_per_floor,
                       r->score_per_kill,
                       r->score_victory,
                       r->monster_count,
                       r->item_count,
                       r->hearing};
    for (size_t i = 0; i < sizeof top / sizeof *top; i++)
        mix(&h, (uint64_t)(int64_t)top[i]);
    for (int i = 0; i < r->level_count && i < RULES_MAX_LEVELS; i++)
        mix(&h, (uint64_t)(int64_t)r->level_xp[i]);
    for (int i = 0; i < r->monster_count && i < RULES_MAX_MONSTERS; i++) {
        const MonsterRules *m = &r->monsters[i];
        mix_text(&h, m->name);
        mix_stats(&h, &m->stats);
        mix(&h, (uint64_t)(int64_t)m->summon_every);
        mix(&h, (uint64_t)(int64_t)m->summon_alive_max);
        mix(&h, (uint64_t)(int64_t)m->summon_count);
        for (int s = 0; s < m->summon_count && s < RULES_MAX_SUMMONS; s++)
            mix_text(&h, m->summons[s]);
        const KindDef *k = kind_get(&r->kinds, m->kind);
        if (k) { /* how it plays: a behaviour and its numbers (R-MOUSE-7) */
            const int how[] = {k->behaviour, k->behave.below, k->behave.every, k->behave.range,
                               k->behave.chance};
            for (size_t j = 0; j < sizeof how / sizeof *how; j++)
                mix(&h, (uint64_t)(int64_t)how[j]);
        }
    }
    for (int i = 0; i < r->item_count && i < RULES_MAX_ITEMS; i++) {
        const ItemRules *it = &r->items[i];
        mix_text(&h, it->name);
        mix_item(&h, &it->base);
        mix(&h, (uint64_t)(int64_t)it->per_floors);
        mix(&h, (uint64_t)(int64_t)it->heal_per_floors);
        const KindDef *k = kind_get(&r->kinds, it->kind);
        if (k) { /* what it does worn (R-GEAR), or as a tool (R-TOOL) */
            const int worn[] = {k->effect, k->sight,      k->reach,  k->count,   k->stacks,
                                k->turns,  k->boss_turns, k->damage, k->tool_hit};
            for (size_t j = 0; j < sizeof worn / sizeof *worn; j++)
                mix(&h, (uint64_t)(int64_t)worn[j]);
        }
    }
    h = rng_mix64(h);
    return (uint32_t)(h ^ (h >> 32));
}
