/* Every save the game writes is one it reads, and reads back to the same game: the bot plays
 * whole games of many seeds (some to floor 13 and the Mouse King), and every 250 turns, at
 * every floor change and at the end the game is checked as save_write checks it, saved,
 * loaded, and compared: the loaded game has the same state hash, and saving it again gives
 * the same bytes. A check on the counters that refused a state the game reached, or a value
 * the save loses, fails here naming the seed and the turn. */
#include "test_support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bot/bot.h"
#include "game/invariants.h"
#include "store/journal.h"
#include "store/save.h"
#include "test_rules.h"

enum { SEEDS = 40, MAX_TURNS = 20000, EVERY = 250 };

typedef struct Reached {
    int saves, top, won, died, summoned_kills;
} Reached;

/* Saves the game, loads it and saves the loaded game: the same state and the same bytes. */
static void assert_save_reloads(const Game *g, uint64_t seed, Reached *reached)
{
    char why[SAVE_ERROR_MAX];
    if (!game_check_invariants(g, why, sizeof why)) /* what save_write refuses */
        fail_msg("seed %llu, turn %u: the writer would refuse: %s", (unsigned long long)seed,
                 (unsigned)g->turn, why);
    char *text = save_to_json(g);
    assert_non_null(text);
    Game *loaded = malloc(sizeof *loaded);
    assert_non_null(loaded);
    if (!save_from_json(loaded, text, strlen(text), test_rules(), why, sizeof why))
        fail_msg("seed %llu, turn %u: the save is refused: %s", (unsigned long long)seed,
                 (unsigned)g->turn, why);
    if (game_state_hash(loaded) != game_state_hash(g))
        fail_msg("seed %llu, turn %u: the loaded game's state differs", (unsigned long long)seed,
                 (unsigned)g->turn);
    char *again = save_to_json(loaded);
    assert_non_null(again);
    if (strcmp(text, again) != 0)
        fail_msg("seed %llu, turn %u: the loaded game saves other bytes", (unsigned long long)seed,
                 (unsigned)g->turn);
    reached->saves++;
    free(again);
    game_free(loaded);
    free(loaded);
    free(text);
}

/* The mice on floor 13 and the kills: more kills than floor 13 and the floors below made
 * means some were called by the King. */
static int mice_made_with_floors(const Game *g)
{
    int alive = 0;
    for (int f = 0; f <= g->deepest; f++)
        for (const Entity *e = g->floors[f]->entities.head; e; e = e->next)
            alive += e->kind == KIND_MONSTER && !(e->flags & EF_REMOVED);
    return alive + g->counters.kills;
}

static void play_and_reload(uint64_t seed, Bot *bot, Reached *reached)
{
    Game *g = malloc(sizeof *g);
    assert_non_null(g);
    assert_true(game_init(g, seed, test_rules()));
    bot_init(bot);
    assert_save_reloads(g, seed, reached);
    int made_at_top = 0;
    while (g->outcome == GAME_PLAYING && (int)g->turn < MAX_TURNS && bot_play_turn(bot, g)) {
        if ((g->events & GAME_EVENT_FLOOR_CHANGED) || g->turn % EVERY == 0)
            assert_save_reloads(g, seed, reached);
        if ((g->events & GAME_EVENT_FLOOR_CHANGED) && g->current == MAX_FLOORS && !made_at_top)
            made_at_top = mice_made_with_floors(g);
    }
    assert_save_reloads(g, seed, reached);
    reached->top += g->deepest == MAX_FLOORS;
    reached->won += g->outcome == GAME_WON;
    reached->died += g->outcome == GAME_DIED;
    reached->summoned_kills += made_at_top && mice_made_with_floors(g) > made_at_top;
    game_free(g);
    free(g);
}

static void bot_games_save_and_load_to_the_same_game(void **state)
{
    (void)state;
    Bot *bot = malloc(sizeof *bot);
    assert_non_null(bot);
    Reached reached = {0};
    for (uint64_t seed = 101; seed < 101 + SEEDS; seed++)
        play_and_reload(seed, bot, &reached);
    free(bot);
    printf("%d saves; %d games reached floor %d, %d won, %d died; %d had the King's help\n",
           reached.saves, reached.top, MAX_FLOORS, reached.won, reached.died,
           reached.summoned_kills);
    /* The deep floors were tried, and a game where summoned mice were killed and counted. */
    assert_true(reached.top >= 5);
    assert_true(reached.won >= 1 && reached.died >= 1);
    assert_true(reached.summoned_kills >= 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(bot_games_save_and_load_to_the_same_game),
    };
    return RUN_TESTS(tests);
}
