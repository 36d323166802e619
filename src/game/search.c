#include <stdlib.h>

#include "entities/entities.h"
#include "game/game.h"
#include "game/view_list.h"

static void reveal(Game *game, Entity *door)
{
    game_set_door(game, door, DOOR_CLOSED);
    game->counters.hidden_found = limits_count_up(game->counters.hidden_found, GAME_COUNT_MAX);
    game->events |= GAME_EVENT_FOUND;
    msglog_add_tone(&game->log, game->turn, MSG_FIND, "You found a hidden door!");
}

/* docs/RULES.md R-SEARCH-1, R-SEARCH-2: each hidden door among the 8 neighbours turns up
 * with search.chance percent; the search.thorough_after-th search in a row finds every hidden
 * door in view within search.thorough_radius cells. */
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
    } else if (!found) {
        /* One line that counts up, not one per search (msglog_add_progress). */
        msglog_add_progress(&game->log, game->turn, MSG_PLAIN, "You search. (%d/%d)",
                            game->search_streak, r->search_thorough_after);
    }
    return true;
}

/* Brogue's Z: rest until healed, unless something happens (game_apply stops it). */
bool game_rest_start(Game *game)
{
    const Stats *s = &game->player->stats;
    if (s->hp >= s->max_hp) {
        msglog_add_tone(&game->log, game->turn, MSG_WARN, "You are already at full health.");
        return false;
    }
    if (game->rules->regen_turns <= 0) {
        msglog_add_tone(&game->log, game->turn, MSG_WARN, "Resting would not heal you.");
        return false;
    }
    const Entity *mouse = game_nearest_mouse_in_view(game);
    if (mouse) {
        msglog_add_tone(&game->log, game->turn, MSG_WARN, "Not while %s is in view, to the %s.",
                        entity_a(mouse, false).s, game_compass_to(game, mouse));
        return false;
    }
    game->activity = ACTIVITY_REST;
    return true;
}
