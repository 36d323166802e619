/* Why a walk, a rest or a long search stops (docs/RULES.md R-WALK-6, R-REST-3, R-FLOOR-8):
 * each reason alone, in a scene where nothing else would stop it, so that a reason taken out
 * of the code fails here and nowhere else by luck. */
#include "test_support.h"

#include "game_fixture.h"

/* A room the player knows whole, a long way to walk west to east. */
static const char *const open_room[] = {
    "######################", "#....................#", "#@...................#",
    "#....................#", "######################", NULL,
};

static Game *known_room(uint64_t seed)
{
    Game *g = fixture_game(seed, 1, open_room);
    Floor *f = game_floor(g);
    memset(f->seen, 1, (size_t)(f->map.width * f->map.height));
    return g;
}

/* Hurt: a hunting mouse in view from the start (so neither its coming into view nor its
 * waking stops anything), fast enough to catch up and bite. Whenever a bite lands, the walk
 * ends on that turn. */
static void a_bite_stops_the_walk(void **state)
{
    (void)state;
    int bitten = 0;
    for (uint64_t seed = 1; seed <= 12; seed++) {
        Game *g = known_room(seed);
        Entity *m = game_spawn(g, game_floor(g), KIND_ID_MICRO_MOUSE, 2, 1);
        assert_non_null(m);
        m->mind.state = MIND_HUNTING;
        m->stats.speed = 20; /* a step and a bite each turn */
        game_rebuild_derived(g);
        assert_true(game_cell_visible(g, m->x, m->y));
        Command go = command_travel(20, 2);
        for (int turn = 0; turn < 15 && (turn == 0 || g->activity == ACTIVITY_TRAVEL); turn++) {
            int hp = g->player->stats.hp;
            assert_true(fixture_do(g, turn == 0 ? go : command_of(CMD_CONTINUE)));
            if (g->player->stats.hp < hp) {
                assert_int_equal(g->activity, ACTIVITY_NONE);
                assert_true(g->events & GAME_EVENT_STOPPED);
                bitten++;
                break;
            }
        }
        fixture_free(g);
    }
    assert_true(bitten >= 3); /* the scene does what it is for */
}

/* A level gained: travel to a mouse's cell (a sidebar row, a click on it) attacks it once
 * beside it; the kill's XP makes a level, and that ends the walk before it steps on. */
static void a_level_gained_stops_the_walk(void **state)
{
    (void)state;
    int levels = 0;
    for (uint64_t seed = 1; seed <= 8; seed++) {
        Game *g = known_room(seed);
        Entity *m = game_spawn(g, game_floor(g), KIND_ID_MICRO_MOUSE, 2, 2);
        assert_non_null(m);
        m->stats.hp = 1; /* any hit kills it */
        m->mind.state = MIND_HUNTING;
        m->stats.speed = 1; /* it does not act in the few turns this takes */
        game_rebuild_derived(g);
        g->player->stats.xp = game_next_level_xp(g) - 1;
        Command go = command_travel(2, 2);
        for (int turn = 0; turn < 20 && g->player->stats.level == 1; turn++) {
            bool walking = g->activity == ACTIVITY_TRAVEL;
            assert_true(fixture_do(g, walking ? command_of(CMD_CONTINUE) : go));
        }
        if (g->player->stats.level == 2) {
            assert_true(g->counters.kills == 1);
            assert_int_equal(g->player->x, 1); /* the kill, not a step, was the turn */
            assert_int_equal(g->activity, ACTIVITY_NONE);
            levels++;
        }
        fixture_free(g);
    }
    assert_true(levels >= 4);
}

/* A kill without a level does not end the walk: so the walk above stopped for the level. */
static void a_kill_alone_walks_on(void **state)
{
    (void)state;
    Game *g = NULL;
    for (uint64_t seed = 1; seed <= 8; seed++) {
        g = known_room(seed);
        Entity *m = game_spawn(g, game_floor(g), KIND_ID_MICRO_MOUSE, 2, 2);
        assert_non_null(m);
        m->stats.hp = 1;
        m->mind.state = MIND_HUNTING;
        m->stats.speed = 1;
        game_rebuild_derived(g);
        fixture_do(g, command_travel(2, 2));
        if (g->counters.kills == 1)
            break;
        fixture_free(g);
        g = NULL;
    }
    assert_non_null(g);
    assert_int_equal(g->player->stats.level, 1);
    assert_int_equal(g->activity, ACTIVITY_TRAVEL);
    assert_true(fixture_do(g, command_of(CMD_CONTINUE))); /* onto the cell it stood on */
    assert_int_equal(g->player->x, 2);
    assert_int_equal(g->activity, ACTIVITY_NONE);
    fixture_free(g);
}

/* A door found: a long search beside a hidden door stops on the search that finds it, not
 * only at the thorough fifth. */
static void a_door_found_stops_the_long_search(void **state)
{
    (void)state;
    static const char *const rows[] = {
        "#######", "#.....#", "#..@..#", "###H###", "#.....#", "#######", NULL,
    };
    int early = 0;
    for (uint64_t seed = 1; seed <= 30; seed++) {
        Game *g = fixture_game(seed, 1, rows);
        Entity *door = fixture_find(g, KIND_ID_DOOR_HIDDEN);
        assert_non_null(door);
        assert_true(fixture_do(g, command_of(CMD_SEARCH_LONG)));
        for (int turn = 0; turn < 6 && g->activity == ACTIVITY_SEARCH; turn++)
            assert_true(fixture_do(g, command_of(CMD_CONTINUE)));
        assert_int_equal(g->activity, ACTIVITY_NONE);
        if (door->door == DOOR_CLOSED && g->search_streak > 0) {
            /* found before the thorough search, and the search stopped right there */
            assert_true(g->search_streak < g->rules->search_thorough_after);
            assert_true(fixture_said_recently(g, "You found a hidden door!", 2));
            early++;
        }
        fixture_free(g);
    }
    assert_true(early >= 5);
}

/* A floor change: travel onto stairs takes them and ends there, on the new floor. */
static void a_floor_change_stops_the_walk(void **state)
{
    (void)state;
    static const char *const rows[] = {
        "##########", "#@.......#", "#.......<#", "##########", NULL,
    };
    for (uint64_t seed = 1; seed <= 4; seed++) {
        Game *g = fixture_game(seed, 1, rows);
        Floor *f = game_floor(g);
        memset(f->seen, 1, (size_t)(f->map.width * f->map.height));
        int start = g->current;
        assert_true(fixture_do(g, command_travel(8, 2)));
        for (int turn = 0; turn < 12 && g->current == start; turn++)
            assert_true(fixture_do(g, command_of(CMD_CONTINUE)));
        assert_int_equal(g->current, start + 1);
        assert_int_equal(g->activity, ACTIVITY_NONE);
        assert_false(fixture_do(g, command_of(CMD_CONTINUE))); /* nothing left to go on with */
        fixture_free(g);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_bite_stops_the_walk),
        cmocka_unit_test(a_level_gained_stops_the_walk),
        cmocka_unit_test(a_kill_alone_walks_on),
        cmocka_unit_test(a_door_found_stops_the_long_search),
        cmocka_unit_test(a_floor_change_stops_the_walk),
    };
    return RUN_TESTS(tests);
}
