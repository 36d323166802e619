/* Closing doors (docs/RULES.md R-DOOR-CLOSE): the command, its refusals, the mice behind a
 * door she closed, and the Tough Mouse's barge against another mouse's two actions. */
#include "test_support.h"

#include "bot/bot.h"
#include "game/invariants.h"
#include "game_fixture.h"
#include "store/save.h"

static const char *const CORRIDOR[] = {
    "##########",
    "#@'.....m#",
    "##########",
    NULL,
};

static Command close_cmd(int dx, int dy)
{
    return command_close(dx, dy);
}

/* R-DOOR-CLOSE-1: the only open door in reach closes, blocks sight again and takes a turn. */
static void closing_the_door_beside_her_takes_a_turn(void **state)
{
    (void)state;
    Game *g = fixture_game(1, 1, CORRIDOR);
    Entity *door = fixture_find(g, KIND_ID_DOOR);
    uint32_t turn = g->turn;
    assert_true(game_cell_visible(g, 4, 1));
    assert_true(fixture_do(g, close_cmd(0, 0)));
    assert_int_equal(door->door, DOOR_CLOSED);
    assert_int_equal(g->turn, turn + 1);
    assert_int_equal(g->counters.doors_closed, 1);
    assert_true(g->events & GAME_EVENT_DOOR_CLOSED);
    assert_true(fixture_said_recently(g, "You close the door.", 3));
    assert_false(game_cell_visible(g, 4, 1)); /* R-DOOR-2: a closed door blocks sight */
    /* ... and a direction names the door just the same; opening it again is a bump. */
    assert_true(fixture_step(g, 1, 0));
    assert_int_equal(door->door, DOOR_OPEN);
    assert_true(fixture_do(g, close_cmd(1, 0)));
    assert_int_equal(door->door, DOOR_CLOSED);
    assert_int_equal(g->counters.doors_closed, 2);
    fixture_free(g);
}

/* A closed door of the game's floor with a free floor cell in line beside it: the player is
 * put there, (dx, dy) the step into the door. NULL when the floor has none. */
static Entity *a_closed_door_and_her_beside_it(Game *g, const int dirs[4][2], int *dx, int *dy)
{
    const Floor *f = game_floor(g);
    for (Entity *e = f->entities.head; e; e = e->next)
        for (int d = 0; d < 4 && e->kind == KIND_DOOR && e->door == DOOR_CLOSED; d++) {
            int x = e->x - dirs[d][0], y = e->y - dirs[d][1];
            if (map_in_bounds(&f->map, x, y) && !map_is_wall(&f->map, x, y) &&
                !floor_entity_at(f, x, y, 0)) {
                *dx = dirs[d][0];
                *dy = dirs[d][1];
                g->player->x = x;
                g->player->y = y;
                return e;
            }
        }
    return NULL;
}

/* R-DOOR-CLOSE-1 (R-SAVE-3): a door opened, closed and opened again counts two openings, and
 * the game that did it still keeps its invariants (the save loads it). */
static void opening_a_door_twice_keeps_the_counts_possible(void **state)
{
    (void)state;
    Game *g = NULL;
    static const int dirs[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
    Entity *door = NULL;
    int dx = 0, dy = 0;
    for (uint64_t seed = 1; seed < 50 && !door; seed++) {
        if (g)
            fixture_free(g);
        g = malloc(sizeof *g);
        assert_true(g && game_init(g, seed, test_rules()));
        game_change_floor(g, 1); /* floor 0 is one room */
        door = a_closed_door_and_her_beside_it(g, dirs, &dx, &dy);
    }
    assert_non_null(door);
    game_rebuild_derived(g);
    for (int i = 0; i < 2; i++) {
        assert_true(fixture_step(g, dx, dy));
        assert_int_equal(door->door, DOOR_OPEN);
        assert_true(fixture_do(g, command_close(dx, dy)));
        assert_int_equal(door->door, DOOR_CLOSED);
    }
    assert_int_equal(g->counters.doors_opened, 2);
    assert_int_equal(g->counters.doors_closed, 2);
    char err[256];
    if (!game_check_invariants(g, err, sizeof err))
        fail_msg("%s", err);
    /* R-SAVE-4: the door she closed loads closed, and the count with it. */
    char *text = save_to_json(g);
    assert_non_null(text);
    assert_non_null(strstr(text, "\"doors_closed\":2"));
    Game *back = malloc(sizeof *back);
    assert_non_null(back);
    if (!save_from_json(back, text, strlen(text), test_rules(), err, sizeof err))
        fail_msg("%s", err);
    const Entity *loaded = floor_entity_at(game_floor(back), door->x, door->y, 0);
    assert_non_null(loaded);
    assert_int_equal(loaded->door, DOOR_CLOSED);
    assert_int_equal(back->counters.doors_closed, 2);
    free(text);
    fixture_free(back);
    fixture_free(g);
}

/* R-DOOR-CLOSE-1: a mouse or an item in the doorway keeps it open: said, and no turn. */
static void something_in_the_doorway_keeps_it_open(void **state)
{
    (void)state;
    static const char *const rows[] = {
        "##########",
        "#@'....k.#",
        "##########",
        NULL,
    };
    Game *g = fixture_game(1, 1, rows);
    Entity *door = fixture_find(g, KIND_ID_DOOR);
    Entity *key = fixture_find(g, KIND_ID_KEY);
    key->x = door->x;
    uint32_t turn = g->turn;
    assert_false(fixture_do(g, close_cmd(1, 0)));
    assert_true(fixture_said(g, "A Key lies in the doorway."));
    key->x = 7;
    Entity *m = game_spawn(g, game_floor(g), KIND_ID_NEO_MOUSE, door->x, door->y);
    assert_non_null(m);
    game_rebuild_derived(g);
    assert_false(fixture_do(g, close_cmd(0, 0)));
    assert_true(fixture_said(g, "A Neo Mouse stands in the doorway."));
    assert_int_equal(door->door, DOOR_OPEN);
    assert_int_equal(g->turn, turn);
    assert_int_equal(g->counters.doors_closed, 0);
    fixture_free(g);
}

/* R-DOOR-CLOSE-1: no open door in reach (a closed one, or one only diagonally beside her, as a
 * bump could not reach it either, R-DOOR-6): said, and no turn. */
static void no_open_door_in_reach_is_said_with_no_turn(void **state)
{
    (void)state;
    static const char *const rows[] = {
        "#######", "###'###", "#.@...#", "###+###", "#######", NULL,
    };
    Game *g = fixture_game(1, 1, rows);
    int dx = 9, dy = 9;
    assert_int_equal(game_doors_to_close(g, &dx, &dy), 0);
    uint32_t turn = g->turn;
    assert_false(fixture_do(g, close_cmd(0, 0)));
    assert_true(fixture_said(g, "There is no open door beside you."));
    assert_false(fixture_do(g, close_cmd(1, -1)));
    assert_true(fixture_said(g, "There is no open door there."));
    assert_false(fixture_do(g, close_cmd(1, 1)));
    assert_int_equal(g->turn, turn);
    g->player->x = 3;
    assert_int_equal(game_doors_to_close(g, &dx, &dy), 1);
    assert_int_equal(dx, 0);
    assert_int_equal(dy, -1);
    fixture_free(g);
}

/* R-DOOR-CLOSE-2: with two open doors in reach the game needs a direction (the window asks). */
static void two_doors_need_a_direction(void **state)
{
    (void)state;
    static const char *const rows[] = {
        "#######",
        "#.'@'.#",
        "#######",
        NULL,
    };
    Game *g = fixture_game(1, 1, rows);
    int dx = 0, dy = 0;
    assert_int_equal(game_doors_to_close(g, &dx, &dy), 2);
    uint32_t turn = g->turn;
    assert_false(fixture_do(g, close_cmd(0, 0)));
    assert_true(fixture_said(g, "Close which door? Give a direction."));
    assert_int_equal(g->turn, turn);
    assert_true(fixture_do(g, close_cmd(1, 0)));
    assert_int_equal(floor_entity_at(game_floor(g), 4, 1, 0)->door, DOOR_CLOSED);
    assert_int_equal(floor_entity_at(game_floor(g), 2, 1, 0)->door, DOOR_OPEN);
    fixture_free(g);
}

/* R-DOOR-CLOSE-3 (R-MOUSE-2): a hunting mouse that loses sight of her behind the door she
 * closed goes on searching, to where it saw her last, and opens the door on its way. */
static void a_hunting_mouse_behind_the_closed_door_searches(void **state)
{
    (void)state;
    Game *g = fixture_game(1, 1, CORRIDOR);
    Entity *m = fixture_find(g, KIND_ID_MICRO_MOUSE), *door = fixture_find(g, KIND_ID_DOOR);
    m->mind = (Mind){.state = MIND_HUNTING, .target_x = 1, .target_y = 1};
    assert_true(fixture_do(g, close_cmd(1, 0)));
    assert_int_equal(m->mind.state, MIND_SEARCHING);
    assert_int_equal(m->mind.target_x, 1);
    assert_int_equal(m->mind.target_y, 1);
    for (int i = 0; i < 10 && door->door == DOOR_CLOSED; i++)
        fixture_do(g, command_wait());
    assert_int_equal(door->door, DOOR_OPEN); /* R-DOOR-5: as ever, it opens the door */
    fixture_free(g);
}

/* One action of the mouse: the energy for exactly one in the next turn. */
static void one_action(Game *g, Entity *m)
{
    m->mind.energy = GAME_ENERGY_PER_ACTION - m->stats.speed;
    fixture_do(g, command_wait());
}

static Game *mouse_at_a_closed_door(KindId kind, Entity **m, Entity **door)
{
    static const char *const rows[] = {
        "##########",
        "#@...+...#",
        "##########",
        NULL,
    };
    Game *g = fixture_game(1, 1, rows);
    *m = game_spawn(g, game_floor(g), kind, 6, 1);
    game_rebuild_derived(g);
    (*m)->mind = (Mind){.state = MIND_SEARCHING, .target_x = 1, .target_y = 1};
    *door = fixture_find(g, KIND_ID_DOOR);
    return g;
}

/* R-DOOR-CLOSE-3 (R-MOUSE-7 brute): a Tough Mouse opens a closed door and steps in in one
 * action; a Micro Mouse takes one action to open it and another to step in. */
static void a_tough_mouse_barges_where_a_micro_mouse_takes_two(void **state)
{
    (void)state;
    Entity *m, *door;
    Game *g = mouse_at_a_closed_door(KIND_ID_TOUGH_MOUSE, &m, &door);
    one_action(g, m);
    assert_int_equal(door->door, DOOR_OPEN);
    assert_int_equal(m->x, 5);
    fixture_free(g);
    g = mouse_at_a_closed_door(KIND_ID_MICRO_MOUSE, &m, &door);
    one_action(g, m);
    assert_int_equal(door->door, DOOR_OPEN);
    assert_int_equal(m->x, 6);
    one_action(g, m);
    assert_int_equal(m->x, 5);
    fixture_free(g);
}

/* R-DOOR-CLOSE-4: the bot fleeing from a hunting mouse closes the door it has just stepped out
 * of, but not with the mouse in that doorway, nor when it is not fleeing. */
static Game *bot_out_of_a_doorway(Bot *bot, int hp)
{
    static const char *const rows[] = {
        "##########",
        "#.@'...m.#",
        "##########",
        NULL,
    };
    Game *g = fixture_game(1, 1, rows);
    fixture_find(g, KIND_ID_MICRO_MOUSE)->mind =
        (Mind){.state = MIND_HUNTING, .target_x = 2, .target_y = 1};
    g->player->stats.hp = hp;
    g->events = GAME_EVENT_STEP; /* the step just made: west, out of the doorway */
    g->last_dx = -1;
    g->last_dy = 0;
    bot_init(bot);
    return g;
}

static void the_fleeing_bot_closes_the_door_behind_it(void **state)
{
    (void)state;
    static Bot bot;
    Game *g = bot_out_of_a_doorway(&bot, 2);
    Entity *door = fixture_find(g, KIND_ID_DOOR);
    assert_true(bot_play_turn(&bot, g));
    assert_int_equal(door->door, DOOR_CLOSED);
    assert_int_equal(g->counters.doors_closed, 1);
    fixture_free(g);
    g = bot_out_of_a_doorway(&bot, 30); /* full HP: no flight, no closing */
    bot_play_turn(&bot, g);
    assert_int_equal(fixture_find(g, KIND_ID_DOOR)->door, DOOR_OPEN);
    fixture_free(g);
    g = bot_out_of_a_doorway(&bot, 2);
    Entity *m = fixture_find(g, KIND_ID_MICRO_MOUSE);
    m->x = 3; /* in the doorway */
    game_rebuild_derived(g);
    g->events = GAME_EVENT_STEP;
    bot_play_turn(&bot, g);
    assert_int_equal(g->counters.doors_closed, 0);
    assert_false(fixture_said_recently(g, "in the doorway", 5)); /* not even tried */
    fixture_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(closing_the_door_beside_her_takes_a_turn),
        cmocka_unit_test(opening_a_door_twice_keeps_the_counts_possible),
        cmocka_unit_test(something_in_the_doorway_keeps_it_open),
        cmocka_unit_test(no_open_door_in_reach_is_said_with_no_turn),
        cmocka_unit_test(two_doors_need_a_direction),
        cmocka_unit_test(a_hunting_mouse_behind_the_closed_door_searches),
        cmocka_unit_test(a_tough_mouse_barges_where_a_micro_mouse_takes_two),
        cmocka_unit_test(the_fleeing_bot_closes_the_door_behind_it),
    };
    return RUN_TESTS(tests);
}
