#include "test_support.h"

#include <stdlib.h>
#include <string.h>

#include "game/game.h"
#include "test_rules.h"

static bool in_list(const Floor *f, const Entity *e)
{
    for (const Entity *x = f->entities.head; x; x = x->next)
        if (x == e)
            return true;
    return false;
}

static bool beside(const Entity *a, const Entity *b)
{
    return abs(a->x - b->x) <= 1 && abs(a->y - b->y) <= 1 && (a->x != b->x || a->y != b->y);
}

/* Steps toward `target` until the game changes floor. Returns false if it never does. */
static bool walk_into(Game *g, const Entity *target)
{
    int start = g->current;
    for (int i = 0; i < 200 && g->current == start; i++) {
        Command c = command_move((target->x > g->player->x) - (target->x < g->player->x),
                                 (target->y > g->player->y) - (target->y < g->player->y));
        game_apply(g, &c);
    }
    return g->current != start;
}

static int setup(void **state)
{
    Game *g = malloc(sizeof *g);
    if (!game_init(g, 4242, test_rules()))
        return -1;
    *state = g;
    return 0;
}

static int teardown(void **state)
{
    game_free(*state);
    free(*state);
    return 0;
}

static void a_new_game_starts_on_floor_zero(void **state)
{
    Game *g = *state;
    Floor *f = game_floor(g);
    assert_int_equal(g->current, 0);
    assert_int_equal(f->number, 0);
    assert_int_equal(g->player->x, f->arrival_x);
    assert_int_equal(g->player->y, f->arrival_y);
    assert_true(in_list(f, g->player));
    assert_int_equal(g->turn, 0);
    for (int n = 1; n < FLOOR_COUNT; n++)
        assert_null(g->floors[n]); /* floors are made on first visit */
}

static void walls_block_without_a_turn(void **state)
{
    Game *g = *state;
    Command west = command_move(-1, 0);
    int x0 = g->player->x;
    assert_true(game_apply(g, &west)); /* the start is one cell from the west wall */
    assert_int_equal(g->player->x, x0 - 1);
    assert_int_equal(g->player->facing, -1);
    uint32_t turn = g->turn;
    assert_false(game_apply(g, &west));
    assert_int_equal(g->player->x, x0 - 1);
    assert_int_equal(g->turn, turn);
    assert_true(g->events & GAME_EVENT_BLOCKED);
}

static void no_squeezing_between_two_walls(void **state)
{
    Game *g = *state;
    Floor *f = game_floor(g);
    const Room *r = &f->rooms[0];
    g->player->x = r->x;
    g->player->y = r->y;
    map_set(&f->map, r->x - 1, r->y - 1, TILE_FLOOR, ZONE_CORRIDOR);
    Command nw = command_move(-1, -1);
    assert_false(game_apply(g, &nw));
    assert_int_equal(g->player->x, r->x);
    map_set(&f->map, r->x - 1, r->y, TILE_FLOOR, ZONE_CORRIDOR); /* one side open: allowed */
    assert_true(game_apply(g, &nw));
    assert_int_equal(g->player->x, r->x - 1);
    assert_int_equal(g->player->y, r->y - 1);
}

static void bad_commands_do_nothing(void **state)
{
    Game *g = *state;
    Command wild = {.type = CMD_MOVE, .dx = 2, .dy = 0}, still = command_move(0, 0), none = {0};
    int x = g->player->x;
    assert_false(game_apply(g, &wild));
    assert_false(game_apply(g, &still));
    assert_false(game_apply(g, &none));
    assert_int_equal(g->player->x, x);
    assert_int_equal(g->turn, 0);
    Command wait = command_wait();
    assert_true(game_apply(g, &wait));
    assert_int_equal(g->turn, 1);
}

static void stairs_lead_up_and_down(void **state)
{
    Game *g = *state;
    Floor *ground = game_floor(g);
    assert_true(walk_into(g, floor_find(ground, KIND_ID_STAIRS_UP)));
    assert_int_equal(g->current, 1);
    assert_true(g->events & GAME_EVENT_FLOOR_CHANGED);
    assert_string_equal(msglog_get(&g->log, 0)->text, "Entering floor #1");
    Floor *first = game_floor(g);
    assert_true(beside(g->player, floor_find(first, KIND_ID_STAIRS_DOWN)));
    assert_true(in_list(first, g->player));
    assert_false(in_list(ground, g->player));
    assert_int_equal(g->deepest, 1);

    assert_true(walk_into(g, floor_find(first, KIND_ID_STAIRS_DOWN)));
    assert_int_equal(g->current, 0);
    assert_ptr_equal(game_floor(g), ground);
    assert_true(beside(g->player, floor_find(ground, KIND_ID_STAIRS_UP)));
    assert_ptr_equal(g->floors[1], first); /* kept, not regenerated */
    assert_int_equal(g->deepest, 1);
}

/* A door opened on floor 1 is still open after a trip down and back up. */
static void floors_keep_their_state(void **state)
{
    Game *g = *state;
    assert_true(walk_into(g, floor_find(game_floor(g), KIND_ID_STAIRS_UP)));
    Floor *first = game_floor(g);
    int dx = 0, dy = 0;
    /* A free cell beside the player, in line: a doorway is never entered diagonally. */
    static const int straight[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
    for (int i = 0; i < 4 && !dx && !dy; i++) {
        int tx = straight[i][0], ty = straight[i][1];
        if (!floor_cell_blocked(first, g->player->x + tx, g->player->y + ty)) {
            dx = tx;
            dy = ty;
        }
    }
    assert_true(dx || dy);
    Entity *door = factory_create(&g->factory, "Door", g->player->x + dx, g->player->y + dy);
    entity_list_add(&first->entities, door);
    Command toward = command_move(dx, dy);
    int px = g->player->x;
    assert_true(game_apply(g, &toward)); /* the bump opens it, the player stays */
    assert_int_equal(door->door, DOOR_OPEN);
    assert_int_equal(g->player->x, px);
    assert_string_equal(msglog_get(&g->log, 0)->text, "You open the door.");

    assert_true(walk_into(g, floor_find(first, KIND_ID_STAIRS_DOWN)));
    assert_true(walk_into(g, floor_find(game_floor(g), KIND_ID_STAIRS_UP)));
    assert_ptr_equal(game_floor(g), first);
    assert_true(in_list(first, door));
    assert_int_equal(door->door, DOOR_OPEN);
}

static void the_top_floor_has_the_king(void **state)
{
    Game *g = *state;
    for (int n = 1; n <= MAX_FLOORS; n++)
        assert_true(game_change_floor(g, n));
    assert_int_equal(g->current, MAX_FLOORS);
    assert_int_equal(g->deepest, MAX_FLOORS);
    assert_non_null(floor_find(game_floor(g), KIND_ID_MOUSE_KING));
    assert_null(floor_find(game_floor(g), KIND_ID_STAIRS_UP));
    assert_false(game_change_floor(g, MAX_FLOORS + 1));
    assert_int_equal(g->current, MAX_FLOORS);
}

/* Same seed and same commands: the same game. */
static void games_are_deterministic(void **state)
{
    (void)state;
    Game a, b;
    assert_true(game_init(&a, 99, test_rules()));
    assert_true(game_init(&b, 99, test_rules()));
    const int moves[][2] = {{1, 0}, {1, 1}, {0, -1}, {-1, 0}, {1, 0}, {1, 0},  {1, 0},
                            {1, 0}, {1, 0}, {1, 0},  {1, 0},  {0, 1}, {1, -1}, {1, 0}};
    for (size_t i = 0; i < sizeof moves / sizeof moves[0]; i++) {
        Command c = command_move(moves[i][0], moves[i][1]);
        assert_int_equal(game_apply(&a, &c), game_apply(&b, &c));
        assert_int_equal(a.player->x, b.player->x);
        assert_int_equal(a.player->y, b.player->y);
        assert_int_equal(a.current, b.current);
    }
    assert_int_equal(a.turn, b.turn);
    assert_memory_equal(&a.rng_play, &b.rng_play, sizeof a.rng_play);
    game_free(&a);
    game_free(&b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(a_new_game_starts_on_floor_zero, setup, teardown),
        cmocka_unit_test_setup_teardown(walls_block_without_a_turn, setup, teardown),
        cmocka_unit_test_setup_teardown(no_squeezing_between_two_walls, setup, teardown),
        cmocka_unit_test_setup_teardown(bad_commands_do_nothing, setup, teardown),
        cmocka_unit_test_setup_teardown(stairs_lead_up_and_down, setup, teardown),
        cmocka_unit_test_setup_teardown(floors_keep_their_state, setup, teardown),
        cmocka_unit_test_setup_teardown(the_top_floor_has_the_king, setup, teardown),
        cmocka_unit_test(games_are_deterministic),
    };
    return RUN_TESTS(tests);
}
