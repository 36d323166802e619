/* Gear with a trade-off (docs/RULES.md R-GEAR-1 to R-GEAR-5): sight from what is worn, the
 * Fire Extinguisher's push, the Lab Goggles' eye for hidden doors, the Jammer Chip (the
 * pack's comparison, R-GEAR-5, is test_pack's). The pieces come from the fixture's rules. */
#include "test_support.h"

#include "core/factory.h"
#include "game/effects.h"
#include "game_fixture.h"

/* A piece of the kind called `name`, made on floor 0, put in the pack and worn. */
static Entity *wear(Game *g, const char *name)
{
    KindId kind = kind_find(g->factory.kinds, name);
    assert_int_not_equal(kind, KIND_NONE);
    Entity *e = factory_make(&g->factory, kind, 0, 0, 0);
    assert_non_null(e);
    int letter = game_pack_add(g, e);
    assert_true(letter >= 0);
    assert_true(game_equip_item(g, letter));
    return e;
}

static void wait_turns(Game *g, int n)
{
    for (int i = 0; i < n; i++)
        assert_true(fixture_do(g, command_of(CMD_WAIT)));
}

/* R-GEAR-1: worn sight adds to the player's, a penalty shrinks what she sees. */
static void sight_from_gear_changes_the_view(void **state)
{
    (void)state;
    static const char *const rows[] = {"########################", "#@.....................#",
                                       "########################", NULL};
    Game *g = fixture_game(3, 0, rows);
    int own = g->player->stats.sight;
    assert_true(own + 3 < 22);
    game_caches_settle_sight(g);
    assert_true(game_cell_visible(g, 1 + own, 1));
    assert_false(game_cell_visible(g, 1 + own + 1, 1));
    Entity *suit = wear(g, "Hazmat Suit");
    assert_int_equal(game_player_sight(g), own - 2);
    game_caches_settle_sight(g);
    assert_false(game_cell_visible(g, 1 + own, 1));
    assert_false(game_cell_visible(g, 1 + own - 1, 1));
    assert_true(game_cell_visible(g, 1 + own - 2, 1));
    wear(g, "Lab Goggles");
    assert_int_equal(game_player_sight(g), own);
    game_caches_settle_sight(g);
    assert_true(game_cell_visible(g, 1 + own, 1));
    /* Taking the suit off gives its two cells back. */
    for (int i = 0; i < RULES_INVENTORY_CAP; i++)
        if (g->inventory[i] == suit)
            assert_true(game_equip_item(g, i));
    game_caches_settle_sight(g);
    assert_true(game_cell_visible(g, 1 + own + 2, 1));
    assert_false(game_cell_visible(g, 1 + own + 3, 1));
    fixture_free(g);
}

/* R-GEAR-1: a penalty does not grow with the floor; the gain does. */
static void a_penalty_stays_as_the_floor_grows(void **state)
{
    (void)state;
    Game *g = fixture_game(3, 0, fixture_map_door_three_away());
    const KindDef *k = kind_get(g->factory.kinds, kind_find(g->factory.kinds, "Fire Extinguisher"));
    assert_non_null(k);
    ItemStats deep = kind_item_stats(k, 8);
    assert_int_equal(deep.attack, k->item.attack + 8 / k->per_floors);
    assert_int_equal(deep.hit, k->item.hit);
    assert_true(deep.hit < 0);
    fixture_free(g);
}

/* Strikes `m` until a blow lands (its HP drops). */
static void hit_until_it_lands(Game *g, Entity *m)
{
    m->stats.hp = m->stats.max_hp = 500;
    for (int i = 0; i < 200 && m->stats.hp == 500; i++)
        game_attack(g, g->player, m);
    assert_true(m->stats.hp < 500);
}

/* R-GEAR-2: a blow from the Fire Extinguisher knocks the mouse one cell straight back when a
 * mouse could stand there; a wall or another mouse behind it holds it. */
static void the_extinguisher_knocks_a_mouse_back_into_an_open_cell(void **state)
{
    (void)state;
    static const char *const rows[] = {"########", "#@m...##", "#@m#####",
                                       "#@mm####", "########", NULL};
    Game *g = fixture_game(5, 0, rows);
    wear(g, "Fire Extinguisher");
    Entity *open = NULL, *walled = NULL, *blocked = NULL;
    for (Entity *e = game_floor(g)->entities.head; e; e = e->next)
        if (e->kind_id == KIND_ID_MICRO_MOUSE && e->x == 2)
            *(e->y == 1 ? &open : e->y == 2 ? &walled : &blocked) = e;
    g->player->x = 1;
    g->player->y = 1;
    hit_until_it_lands(g, open);
    assert_int_equal(open->x, 3);
    assert_int_equal(open->y, 1);
    assert_true(fixture_said_recently(g, "knocked back", 2));
    g->player->y = 2;
    hit_until_it_lands(g, walled);
    assert_int_equal(walled->x, 2);
    g->player->y = 3;
    hit_until_it_lands(g, blocked);
    assert_int_equal(blocked->x, 2);
    fixture_free(g);
}

/* Without a pushing piece a blow moves nothing. */
static void other_weapons_do_not_push(void **state)
{
    (void)state;
    static const char *const rows[] = {"########", "#@m...##", "########", NULL};
    Game *g = fixture_game(5, 0, rows);
    wear(g, "Scalpel");
    Entity *m = fixture_find(g, KIND_ID_MICRO_MOUSE);
    hit_until_it_lands(g, m);
    assert_int_equal(m->x, 2);
    fixture_free(g);
}

/* R-GEAR-3: worn Lab Goggles find a hidden door 3 cells away at the turn's end, with no
 * search; one 4 away stays hidden until she comes a step nearer. */
static void the_goggles_find_a_hidden_door_three_cells_away(void **state)
{
    (void)state;
    static const char *const rows[] = {"##########", "#@.......#", "#........#",
                                       "#........#", "#####H####", NULL};
    Game *g = fixture_game(6, 0, rows);
    Entity *door = fixture_find(g, KIND_ID_DOOR_HIDDEN);
    assert_non_null(door);
    wait_turns(g, 1);
    assert_int_equal(door->door, DOOR_HIDDEN); /* no goggles: waiting finds nothing */
    wear(g, "Lab Goggles");
    wait_turns(g, 2);
    assert_int_equal(door->door, DOOR_HIDDEN); /* 4 across, 3 down: out of reach */
    assert_true(fixture_step(g, 1, 0));
    assert_int_equal(door->door, DOOR_CLOSED); /* 3 and 3: found */
    assert_int_equal(g->counters.hidden_found, 1);
    assert_true(fixture_said_recently(g, "Your goggles pick out a hidden door!", 3));
    fixture_free(g);
}

/* R-GEAR-4: a Meta Mouse within 5 cells of a Jammer Chip's wearer cannot blink (it walks);
 * 6 away it blinks. */
static void the_jammer_stops_a_blink_within_five(void **state)
{
    (void)state;
    static const char *const rows[] = {"############", "#@....M....#", "############", NULL};
    Game *g = fixture_game(12, 9, rows);
    wear(g, "Jammer Chip");
    Entity *m = fixture_find(g, KIND_ID_META_MOUSE);
    m->mind = (Mind){.state = MIND_HUNTING, .target_x = 1, .target_y = 1};
    wait_turns(g, 1);
    assert_int_equal(m->x, 5); /* 5 away: a step, not a blink */
    assert_false(fixture_said_recently(g, "blinks", 3));
    m->x = 7;
    m->mind.ready_turn = 0;
    wait_turns(g, 1);
    assert_int_equal(m->x, 2); /* 6 away: out of the jammer's reach, it blinks */
    fixture_free(g);
}

/* R-GEAR-4: a Neo Mouse within 5 cells cannot call. */
static void the_jammer_stops_a_call_within_five(void **state)
{
    (void)state;
    static const char *const rows[] = {
        "####################", "#@....n............#", "####################",
        "#.....m............#", "####################", NULL,
    };
    Game *g = fixture_game(7, 3, rows);
    wear(g, "Jammer Chip");
    Entity *near = fixture_find(g, KIND_ID_MICRO_MOUSE);
    wait_turns(g, 1);
    assert_false(fixture_said_recently(g, "squeaks for help", 4));
    assert_int_equal(near->mind.state, MIND_DORMANT);
    fixture_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(sight_from_gear_changes_the_view),
        cmocka_unit_test(a_penalty_stays_as_the_floor_grows),
        cmocka_unit_test(the_extinguisher_knocks_a_mouse_back_into_an_open_cell),
        cmocka_unit_test(other_weapons_do_not_push),
        cmocka_unit_test(the_goggles_find_a_hidden_door_three_cells_away),
        cmocka_unit_test(the_jammer_stops_a_blink_within_five),
        cmocka_unit_test(the_jammer_stops_a_call_within_five),
    };
    return RUN_TESTS(tests);
}
