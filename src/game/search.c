#include <stdlib.h>

#include "entities/entities.h"
#include "game/game.h"

static void reveal(Game *game, Entity *door)
{
    door_set_state(door, DOOR_CLOSED);
    game_know_more(game);
    game->counters.hidden_found = limits_count_up(game->counters.hidden_found, GAME_COUNT_MAX);
    game->events |= GAME_EVENT_FOUND;
    msglog_add_tone(&game->log, game->turn, MSG_FIND, "You found a hidden door!");
}

/* SPEC.md: each hidden door among the 8 neighbours turns up with search.chance percent; the
 * search.thorough_after-th search in a row finds every hidden door in view within
 * search.thorough_radius cells. */
bool game_search(Game *game)
{
    const Rules *r = game->rules;
    Floor *floor = game_floor(game);
    const Entity *p = game->player;
    bool thorough = ++game->search_streak >= r->search_thorough_after;
    game->events |= GAME_EVENT_SEARCHED;
    int found = 0;
    for (Entity *e = floor->entities.head; e; e = e->next) {
        if (e->kind != KIND_DOOR || e->door != DOOR_HIDDEN)
            continue;
        int dx = abs(e->x - p->x), dy = abs(e->y - p->y);
        bool beside = dx <= 1 && dy <= 1;
        bool in_reach = thorough && dx <= r->search_thorough_radius &&
                        dy <= r->search_thorough_radius && game_cell_visible(game, e->x, e->y);
        /* The roll is made for every neighbour, thorough or not, so a thorough search does
         * not change which random numbers later turns see. */
        bool lucky = beside && rng_range(&game->rng_play, 1, 100) <= r->search_chance;
        if (lucky || in_reach) {
            reveal(game, e);
            found++;
        }
    }
    if (thorough) {
        game->search_streak = 0;
        if (!found)
            msglog_add(&game->log, game->turn, "You search every wall in sight: nothing.");
    }
    return true;
}
