/* The pace measure of docs/RULES.md R-PACE-1: fights joined across short lulls, gaps from the
 * game's start and between fights, floors 0-4 only, and their median. */
#include "test_support.h"

#include "cli/fight_gaps.h"

static Game game; /* only turn, current and events are read */

static void see(FightGaps *f, uint32_t turn, int floor, uint32_t events)
{
    game.turn = turn;
    game.current = floor;
    game.events = events;
    fight_gaps_see(f, &game);
}

static void gaps_run_between_fights_on_the_early_floors(void **state)
{
    (void)state;
    FightGaps f = {0};
    see(&f, 3, 0, GAME_EVENT_BLOCKED);
    see(&f, 10, 0, GAME_EVENT_ATTACK);
    see(&f, 12, 0, GAME_EVENT_HURT);    /* two quiet turns: the same fight */
    see(&f, 17, 0, GAME_EVENT_ATTACK);  /* five: still the same */
    see(&f, 35, 1, GAME_EVENT_ATTACK);  /* a new fight, 18 turns on */
    see(&f, 100, 4, GAME_EVENT_HURT);   /* 65 turns on */
    see(&f, 400, 5, GAME_EVENT_ATTACK); /* floor 5: not counted */
    assert_int_equal(f.count, 3);
    assert_int_equal(f.gap[0], 10);
    assert_int_equal(f.gap[1], 18);
    assert_int_equal(f.gap[2], 65);
    assert_int_equal(fight_gaps_median(f.gap, f.count), 18);
    long long hist[FIGHT_GAP_HIST] = {0};
    hist[10] = 1;
    hist[18] = 1;
    hist[65] = 1;
    assert_int_equal(fight_gaps_median_hist(hist), 18);
    assert_int_equal(fight_gaps_median(f.gap, 0), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(gaps_run_between_fights_on_the_early_floors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
