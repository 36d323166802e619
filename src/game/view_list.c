#include "game/view_list.h"

#include <stdlib.h>

MonsterMood game_monster_mood(const Game *game, const Entity *mouse)
{
    (void)game;
    switch (mouse->mind.state) {
    case MIND_HUNTING: return MOOD_HUNTING;
    case MIND_SEARCHING: return MOOD_SEARCHING;
    case MIND_WANDERING: return MOOD_WANDERING;
    case MIND_FLEEING: return MOOD_FLEEING;
    case MIND_ANSWERING: return MOOD_ANSWERING;
    case MIND_DORMANT:
    default: return MOOD_ASLEEP;
    }
}

const char *monster_mood_label(MonsterMood mood)
{
    static const char *const LABELS[MOOD_COUNT] = {"asleep",    "hunting", "searching",
                                                   "wandering", "fleeing", "answering a call"};
    return (int)mood >= 0 && mood < MOOD_COUNT ? LABELS[mood] : "";
}

const char *game_compass(int dx, int dy)
{
    int ax = abs(dx), ay = abs(dy);
    if (ax == 0 && ay == 0)
        return "";
    /* tan(22.5 degrees) is about 0.41: within it of an axis is that axis */
    bool ns = 5 * ax <= 2 * ay, ew = 5 * ay <= 2 * ax;
    if (ns)
        return dy < 0 ? "north" : "south";
    if (ew)
        return dx < 0 ? "west" : "east";
    return dy < 0 ? (dx < 0 ? "north-west" : "north-east") : (dx < 0 ? "south-west" : "south-east");
}

const char *game_compass_to(const Game *game, const Entity *e)
{
    return game_compass(e->x - game->player->x, e->y - game->player->y);
}

typedef struct Ranked {
    const Entity *e;
    int group;     /* 0 mice, 1 items */
    uint32_t came; /* when it came into view; 0 when the order is by distance alone */
    int chebyshev, squared, order;
} Ranked;

static bool before(const Ranked *a, const Ranked *b)
{
    if (a->group != b->group)
        return a->group < b->group;
    if (a->came != b->came)
        return a->came < b->came;
    if (a->chebyshev != b->chebyshev)
        return a->chebyshev < b->chebyshev;
    if (a->squared != b->squared)
        return a->squared < b->squared;
    return a->order < b->order;
}

/* The things in view in the order of `before`: by the turn each came into view when `steady`,
 * else by distance alone. */
static int things_in_view(const Game *game, const Entity **out, int max, bool steady, bool radar)
{
    if (max <= 0 || !game->player || game->current < 0 || !game->floors[game->current])
        return 0;
    const Floor *floor = game->floors[game->current];
    const Entity *p = game->player;
    /* Insertion into a sorted window of the best `max`: a floor holds few things in view. */
    enum { WINDOW = 256 };
    Ranked best[WINDOW];
    int cap = max < WINDOW ? max : WINDOW, n = 0, order = 0;
    for (const Entity *e = floor->entities.head; e; e = e->next, order++) {
        if (e == p || (e->flags & EF_REMOVED) ||
            (e->kind != KIND_MONSTER && e->kind != KIND_ITEM) ||
            !(game_cell_visible(game, e->x, e->y) || (radar && vials_radar_shows(game, e))))
            continue;
        int dx = abs(e->x - p->x), dy = abs(e->y - p->y);
        /* One not looked at yet (game_memory_update) came into view last. */
        uint32_t came = !steady ? 0 : e->in_view_since ? e->in_view_since : UINT32_MAX;
        Ranked r = {
            e, e->kind == KIND_MONSTER ? 0 : 1, came, dx > dy ? dx : dy, dx * dx + dy * dy, order};
        if (n == cap && !before(&r, &best[n - 1]))
            continue;
        int at = n < cap ? n++ : n - 1;
        while (at > 0 && before(&r, &best[at - 1])) {
            best[at] = best[at - 1];
            at--;
        }
        best[at] = r;
    }
    for (int i = 0; i < n; i++)
        out[i] = best[i].e;
    return n;
}

int game_things_in_view(const Game *game, const Entity **out, int max)
{
    return things_in_view(game, out, max, true, false);
}

int game_things_shown(const Game *game, const Entity **out, int max)
{
    return things_in_view(game, out, max, true, true);
}

int game_things_nearest(const Game *game, const Entity **out, int max)
{
    return things_in_view(game, out, max, false, false);
}

const Entity *game_boss_shown(const Game *game)
{
    if (!game->player || game->current < 0 || !game->floors[game->current])
        return NULL;
    for (const Entity *e = game->floors[game->current]->entities.head; e; e = e->next)
        if (e->kind == KIND_MONSTER && (e->flags & EF_UNIQUE) && !(e->flags & EF_REMOVED) &&
            (e->mind.state == MIND_HUNTING || game_cell_visible(game, e->x, e->y)))
            return e;
    return NULL;
}

const Entity *game_nearest_mouse_in_view(const Game *game)
{
    const Entity *first;
    return game_things_nearest(game, &first, 1) == 1 && first->kind == KIND_MONSTER ? first : NULL;
}
