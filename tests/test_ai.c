/* The mice (src/game/ai.c): asleep until they see the player, hunting by A*, doors, speed,
 * the lost trail, and the King's summons. */
#include "test_support.h"

#include "game_fixture.h"

static void wait_turns(Game *g, int n)
{
    for (int i = 0; i < n; i++)
        fixture_do(g, command_wait());
}

static void a_mouse_sleeps_until_it_sees_the_player(void **state)
{
    (void)state;
    static const char *const rows[] = {
        "#########",
        "#@......#",
        "#######.#",
        "#m......#",
        "#########",
        NULL,
    };
    Game *g = fixture_game(1, 1, rows);
    Entity *m = fixture_find(g, "Micro Mouse");
    wait_turns(g, 10);
    assert_int_equal(m->x, 1); /* the wall hides the player: it never stirs */
    assert_int_equal(m->mind.state, MIND_DORMANT);
    fixture_free(g);
}

static void a_mouse_that_sees_the_player_comes_and_bites(void **state)
{
    (void)state;
    static const char *const rows[] = {
        "##########",
        "#@.....m.#",
        "##########",
        NULL,
    };
    Game *g = fixture_game(2, 1, rows);
    Entity *m = fixture_find(g, "Micro Mouse");
    int hp = g->player->stats.hp;
    wait_turns(g, 1);
    assert_int_equal(m->mind.state, MIND_HUNTING);
    assert_int_equal(m->x, 6);
    wait_turns(g, 12);
    assert_int_equal(m->x, 2); /* beside the player */
    assert_true(g->player->stats.hp < hp || fixture_said_recently(g, "misses you", 12));
    fixture_free(g);
}

static const char *const DOOR_BETWEEN[] = {
    "##########",
    "#@...+..m#",
    "##########",
    NULL,
};

/* A mouse hunting the player opens an unlocked door on its way, and the player hears of it. */
static void a_mouse_opens_an_unlocked_door(void **state)
{
    (void)state;
    Game *g = fixture_game(3, 1, DOOR_BETWEEN);
    Entity *m = fixture_find(g, "Micro Mouse"), *door = fixture_find(g, "Door");
    m->mind = (Mind){.state = MIND_HUNTING, .target_x = 1, .target_y = 1};
    wait_turns(g, 3);
    assert_int_equal(door->door, DOOR_OPEN);
    assert_true(fixture_said_recently(g, "A Micro Mouse opens a door.", 3));
    wait_turns(g, 3);
    assert_true(m->x < 5); /* and came through it */
    fixture_free(g);
}

static void a_mouse_never_opens_a_locked_or_hidden_door(void **state)
{
    (void)state;
    static const char *const rows[] = {
        "##########",
        "#@...L..m#",
        "#....#####",
        "#....H..n#",
        "##########",
        NULL,
    };
    Game *g = fixture_game(4, 1, rows);
    Entity *m = fixture_find(g, "Micro Mouse"), *n = fixture_find(g, "Neo Mouse");
    m->mind = (Mind){.state = MIND_HUNTING, .target_x = 1, .target_y = 1};
    n->mind = (Mind){.state = MIND_HUNTING, .target_x = 1, .target_y = 3};
    wait_turns(g, 30);
    assert_int_equal(fixture_find(g, "Door (Locked)")->door, DOOR_LOCKED);
    assert_int_equal(fixture_find(g, "Door (Hidden)")->door, DOOR_HIDDEN);
    assert_true(m->x > 5 && n->x > 5); /* both still on their side */
    fixture_free(g);
}

static void speed_is_turns_per_ten(void **state)
{
    (void)state;
    static const char *const rows[] = {
        "##################################",
        "#@..............................r#",
        "##################################",
        NULL,
    };
    Game *g = fixture_game(5, 7, rows);
    Entity *r = fixture_find(g, "Rabid Mouse");
    r->mind = (Mind){.state = MIND_HUNTING, .target_x = 1, .target_y = 1};
    int start = r->x;
    wait_turns(g, 10);
    assert_int_equal(start - r->x, r->stats.speed); /* speed 14: 14 steps in 10 turns */
    fixture_free(g);
}

static void a_lost_mouse_goes_to_where_it_last_saw_the_player(void **state)
{
    (void)state;
    static const char *const rows[] = {
        "###########",
        "#@........#",
        "#########.#",
        "#m........#",
        "###########",
        NULL,
    };
    Game *g = fixture_game(6, 1, rows);
    Entity *m = fixture_find(g, "Micro Mouse");
    m->mind = (Mind){.state = MIND_SEARCHING, .target_x = 9, .target_y = 1};
    wait_turns(g, 1);
    assert_int_equal(m->mind.state, MIND_SEARCHING);
    for (int i = 0; i < 30 && !(m->x == 9 && m->y == 1); i++)
        wait_turns(g, 1);
    assert_int_equal(m->x, 9); /* it went round to the place ... */
    assert_int_equal(m->y, 1);
    wait_turns(g, 1); /* ... found nobody (the player is beyond its sight) and wanders off */
    assert_int_equal(m->mind.state, MIND_WANDERING);
    fixture_free(g);
}

static void the_king_calls_for_mice(void **state)
{
    (void)state;
    static const char *const rows[] = {
        "###############",
        "#@...........K#",
        "#.............#",
        "###############",
        NULL,
    };
    Game *g = fixture_game(7, 13, rows);
    const MonsterRules *kr = rules_monster(g->rules, "Mouse King");
    g->player->stats.hp = g->player->stats.max_hp = 100000; /* survive to count */
    int mice = 0;
    wait_turns(g, kr->summon_every * (kr->summon_alive_max + 3));
    for (Entity *e = game_floor(g)->entities.head; e; e = e->next)
        mice += e->kind == KIND_MONSTER && e != fixture_find(g, "Mouse King");
    assert_int_equal(mice, kr->summon_alive_max); /* as many as allowed, no more */
    assert_true(fixture_said_recently(g, "The Mouse King shrieks", 200));
    fixture_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_mouse_sleeps_until_it_sees_the_player),
        cmocka_unit_test(a_mouse_that_sees_the_player_comes_and_bites),
        cmocka_unit_test(a_mouse_opens_an_unlocked_door),
        cmocka_unit_test(a_mouse_never_opens_a_locked_or_hidden_door),
        cmocka_unit_test(speed_is_turns_per_ten),
        cmocka_unit_test(a_lost_mouse_goes_to_where_it_last_saw_the_player),
        cmocka_unit_test(the_king_calls_for_mice),
    };
    return RUN_TESTS(tests);
}
