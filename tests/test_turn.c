/* Turns (src/game/turn.c): moving, bumping doors and locked doors, keys, and what a turn
 * leaves behind. */
#include "test_support.h"

#include "game_fixture.h"

static const char *const CORRIDOR_DOOR[] = {
    "#######",
    "#@.+..#",
    "#######",
    NULL,
};

static void bumping_a_door_opens_it_and_the_door_stays_open(void **state)
{
    (void)state;
    Game *g = fixture_game(1, 1, CORRIDOR_DOOR);
    Entity *door = fixture_find(g, KIND_ID_DOOR);
    assert_true(fixture_step(g, 1, 0));
    assert_int_equal(g->player->x, 2);
    assert_false(game_cell_visible(g, 4, 1)); /* a closed door blocks sight */
    uint32_t turn = g->turn;
    assert_true(fixture_step(g, 1, 0)); /* the bump is the turn */
    assert_int_equal(g->turn, turn + 1);
    assert_int_equal(g->player->x, 2); /* ... and the player stays */
    assert_int_equal(door->door, DOOR_OPEN);
    assert_true(fixture_said(g, "You open the door."));
    assert_int_equal(g->counters.doors_opened, 1);
    assert_true(game_cell_visible(g, 5, 1)); /* an open door lets sight through */
    assert_true(fixture_step(g, 1, 0));
    assert_int_equal(g->player->x, 3); /* walking through it */
    assert_true(fixture_step(g, 1, 0));
    assert_int_equal(door->door, DOOR_OPEN); /* it stays open behind the player */
    fixture_free(g);
}

static const char *const LOCKED[] = {
    "#######",
    "#k@L..#",
    "#######",
    NULL,
};

static void a_locked_door_without_a_key_refuses_and_stops_held_keys(void **state)
{
    (void)state;
    Game *g = fixture_game(2, 1, LOCKED);
    Entity *door = fixture_find(g, KIND_ID_DOOR_LOCKED);
    uint32_t turn = g->turn;
    assert_false(fixture_step(g, 1, 0)); /* no turn spent */
    assert_int_equal(g->turn, turn);
    assert_int_equal(door->door, DOOR_LOCKED);
    assert_true(fixture_said(g, "The door is locked. Key required."));
    assert_true(g->events & GAME_EVENT_BLOCKED); /* the front end releases held keys on this */
    assert_true(g->events & GAME_EVENT_LOCKED);
    fixture_free(g);
}

static void a_key_unlocks_a_locked_door_and_is_used_up(void **state)
{
    (void)state;
    Game *g = fixture_game(3, 1, LOCKED);
    Entity *door = fixture_find(g, KIND_ID_DOOR_LOCKED);
    assert_true(fixture_step(g, -1, 0)); /* onto the Key: picked up */
    assert_int_equal(game_find_item(g, KIND_ID_KEY), 0);
    assert_true(fixture_step(g, 1, 0));
    assert_true(fixture_step(g, 1, 0)); /* the bump with a Key */
    assert_true(fixture_said(g, "Unlocked door. Key lost."));
    assert_int_equal(game_find_item(g, KIND_ID_KEY), -1);
    assert_int_equal(g->counters.keys_used, 1);
    assert_int_equal(door->door, DOOR_CLOSED); /* unlocked: the light turns green */
    assert_true(fixture_step(g, 1, 0));
    assert_int_equal(door->door, DOOR_OPEN);
    assert_true(fixture_step(g, 1, 0));
    assert_int_equal(g->player->x, 3);
    fixture_free(g);
}

static void walls_and_diagonal_squeezes_refuse_without_a_turn(void **state)
{
    (void)state;
    static const char *const rows[] = {
        "####", "#@.#", "##.#", "####", NULL,
    };
    Game *g = fixture_game(4, 1, rows);
    assert_false(fixture_step(g, -1, 0));
    assert_true(g->events & GAME_EVENT_BLOCKED);
    assert_true(fixture_step(g, 1, 1)); /* one side open: allowed */
    assert_false(fixture_step(g, 1, 1));
    Command bad = {.type = CMD_MOVE, .dx = 2};
    assert_false(game_apply(g, &bad));
    assert_int_equal(g->turn, 1);
    fixture_free(g);

    /* Both sides wall: the diagonal is a squeeze, refused like a wall, though the cell
     * beyond is open floor. */
    static const char *const squeeze[] = {
        "#####", "#@###", "##..#", "#####", NULL,
    };
    g = fixture_game(4, 1, squeeze);
    assert_false(fixture_step(g, 1, 1));
    assert_true(g->events & GAME_EVENT_BLOCKED);
    assert_int_equal(g->player->x, 1);
    assert_int_equal(g->turn, 0);
    fixture_free(g);
}

/* A room above a wall with a doorway at (3,2), a room below; a Key beside the player. */
static const char *const DOORWAY[] = {
    "#######", "#@k...#", "###+###", "#.....#", "#######", NULL,
};

/* A diagonal step into a doorway, however the door stands, is refused like a wall bump:
 * no turn, nothing opened or unlocked, nothing moved. In line it is the usual bump. */
static void no_diagonal_step_into_a_doorway(void **state)
{
    (void)state;
    for (int s = 0; s < 3; s++) {
        Game *g = fixture_game(11, 1, DOORWAY);
        Entity *door = fixture_find(g, KIND_ID_DOOR);
        door_set_state(g->factory.kinds, door,
                       s == 0   ? DOOR_CLOSED
                       : s == 1 ? DOOR_OPEN
                                : DOOR_LOCKED);
        assert_true(fixture_step(g, 1, 0)); /* onto the Key, beside the door diagonally */
        assert_int_equal(game_find_item(g, KIND_ID_KEY), 0);
        int msgs = msglog_count(&g->log);
        uint32_t turn = g->turn;
        assert_false(fixture_step(g, 1, 1));
        assert_true(g->events & GAME_EVENT_BLOCKED);
        assert_int_equal(g->turn, turn);
        assert_int_equal(g->player->x, 2);
        assert_int_equal(g->player->y, 1);
        assert_int_equal(door->door, s == 0 ? DOOR_CLOSED : s == 1 ? DOOR_OPEN : DOOR_LOCKED);
        assert_int_equal(game_find_item(g, KIND_ID_KEY), 0); /* not spent on a refused bump */
        assert_int_equal(msglog_count(&g->log), msgs + 1);   /* only why (R-STAIRS-KEY-4) */
        assert_true(fixture_said(g, "No diagonal steps into a doorway: step straight."));
        /* In line: the bump opens or unlocks, then the step goes in. */
        assert_true(fixture_step(g, 1, 0));
        assert_int_equal(g->player->x, 3);
        for (int i = 0; i < 3 && g->player->y == 1; i++)
            assert_true(fixture_step(g, 0, 1));
        assert_int_equal(g->player->y, 2);
        assert_int_equal(door->door, DOOR_OPEN);
        fixture_free(g);
    }
}

/* Standing in a doorway: no diagonal step out, in line is fine. */
static void no_diagonal_step_out_of_a_doorway(void **state)
{
    (void)state;
    Game *g = fixture_game(12, 1, DOORWAY);
    door_set_state(g->factory.kinds, fixture_find(g, KIND_ID_DOOR), DOOR_OPEN);
    g->player->x = 3;
    g->player->y = 2;
    game_rebuild_derived(g);
    uint32_t turn = g->turn;
    const int diagonals[4][2] = {{1, 1}, {-1, 1}, {1, -1}, {-1, -1}};
    for (int k = 0; k < 4; k++) {
        assert_false(fixture_step(g, diagonals[k][0], diagonals[k][1]));
        assert_true(g->events & GAME_EVENT_BLOCKED);
        assert_int_equal(g->player->x, 3);
        assert_int_equal(g->player->y, 2);
    }
    assert_int_equal(g->turn, turn);
    assert_true(fixture_step(g, 0, 1));
    assert_int_equal(g->player->y, 3);
    assert_int_equal(g->turn, turn + 1);
    fixture_free(g);
}

/* No attack across a doorway's corner either way: the player in the doorway cannot strike a
 * mouse diagonal to it, nor a mouse in the doorway from a diagonal. No turn passes. */
static void no_diagonal_attack_into_or_out_of_a_doorway(void **state)
{
    (void)state;
    for (int inside = 0; inside < 2; inside++) {
        Game *g = fixture_game(13, 1, DOORWAY);
        Floor *f = game_floor(g);
        door_set_state(g->factory.kinds, fixture_find(g, KIND_ID_DOOR), DOOR_OPEN);
        /* Player in the doorway and the mouse at a corner of it, or the other way round. */
        g->player->x = inside ? 3 : 2;
        g->player->y = inside ? 2 : 1;
        Entity *m = game_spawn(g, f, KIND_ID_MICRO_MOUSE, inside ? 2 : 3, inside ? 1 : 2);
        game_rebuild_derived(g);
        int hp = m->stats.hp;
        uint32_t turn = g->turn;
        int msgs = msglog_count(&g->log);
        assert_false(fixture_step(g, m->x - g->player->x, m->y - g->player->y));
        assert_true(g->events & GAME_EVENT_BLOCKED);
        assert_int_equal(g->turn, turn);
        assert_int_equal(m->stats.hp, hp);
        /* no "You hit" nor "You miss": only why (R-STAIRS-KEY-4) */
        assert_int_equal(msglog_count(&g->log), msgs + 1);
        assert_true(fixture_said_recently(g, "No diagonal steps ", 1));
        fixture_free(g);
    }
}

/* Stairs: up and back down, and the floor is as it was left. */
static void floors_persist_across_the_stairs(void **state)
{
    (void)state;
    Game *g = malloc(sizeof *g);
    assert_true(game_init(g, 77, test_rules()));
    Command up = command_travel(0, 0);
    const Entity *stairs = floor_find(game_floor(g), KIND_ID_STAIRS_UP);
    up = command_travel(stairs->x, stairs->y);
    for (int i = 0; i < 100 && g->current == 0; i++)
        game_apply(g, i ? &(Command){.type = CMD_CONTINUE} : &up);
    assert_int_equal(g->current, 1);
    assert_true(fixture_said(g, "Entering floor #1"));
    Floor *one = game_floor(g);
    const Entity *down = floor_find(one, KIND_ID_STAIRS_DOWN);
    assert_true(abs(g->player->x - down->x) <= 1 && abs(g->player->y - down->y) <= 1);
    /* Change floor 1: open the nearest door by hand and remember what was seen. */
    Entity *door = floor_find(one, KIND_ID_DOOR);
    assert_non_null(door);
    door_set_state(g->factory.kinds, door, DOOR_OPEN);
    int seen = 0;
    for (int i = 0; i < MAP_WIDTH * MAP_HEIGHT; i++)
        seen += one->seen[i];
    assert_true(seen > 0);
    int monsters = 0;
    for (Entity *e = one->entities.head; e; e = e->next)
        monsters += e->kind == KIND_MONSTER;
    /* Down and up again. */
    int dx = down->x - g->player->x, dy = down->y - g->player->y;
    assert_true(fixture_step(g, dx, dy));
    assert_int_equal(g->current, 0);
    const Entity *up0 = floor_find(game_floor(g), KIND_ID_STAIRS_UP);
    assert_true(abs(g->player->x - up0->x) <= 1 && abs(g->player->y - up0->y) <= 1);
    assert_true(fixture_step(g, up0->x - g->player->x, up0->y - g->player->y));
    assert_int_equal(g->current, 1);
    assert_ptr_equal(game_floor(g), one); /* the same floor, not a new one */
    assert_int_equal(door->door, DOOR_OPEN);
    int seen_after = 0, monsters_after = 0;
    for (int i = 0; i < MAP_WIDTH * MAP_HEIGHT; i++)
        seen_after += one->seen[i];
    for (Entity *e = one->entities.head; e; e = e->next)
        monsters_after += e->kind == KIND_MONSTER;
    assert_true(seen_after >= seen);
    assert_int_equal(monsters_after, monsters);
    game_free(g);
    free(g);
}

/* Same seed and same commands: the same game, message for message. */
static void a_whole_game_is_deterministic(void **state)
{
    (void)state;
    Game *a = malloc(sizeof *a), *b = malloc(sizeof *b);
    assert_true(game_init(a, 2024, test_rules()));
    assert_true(game_init(b, 2024, test_rules()));
    Rng moves;
    rng_seed(&moves, 5, RNG_STREAM_COSMETIC);
    for (int i = 0; i < 3000 && a->outcome == GAME_PLAYING; i++) {
        /* Drawn one by one: C leaves the order of a call's arguments unspecified, so
         * command_move(rng_range(..), rng_range(..)) moved differently under gcc and clang. */
        Command c;
        if (i % 7 == 0) {
            c = command_of(CMD_EXPLORE);
        } else if (i % 11 == 0) {
            c = command_of(CMD_SEARCH);
        } else {
            int dy = rng_range(&moves, -1, 1);
            int dx = rng_range(&moves, -1, 1);
            c = command_move(dx, dy);
        }
        assert_int_equal(game_apply(a, &c), game_apply(b, &c));
        assert_int_equal(a->turn, b->turn);
        assert_int_equal(a->player->x, b->player->x);
        assert_int_equal(a->player->y, b->player->y);
        assert_int_equal(a->player->stats.hp, b->player->stats.hp);
    }
    assert_true(a->turn > 1000);
    assert_int_equal(msglog_count(&a->log), msglog_count(&b->log));
    for (int i = 0; i < msglog_count(&a->log); i++)
        assert_string_equal(msglog_get(&a->log, i)->text, msglog_get(&b->log, i)->text);
    game_free(a);
    game_free(b);
    free(a);
    free(b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(bumping_a_door_opens_it_and_the_door_stays_open),
        cmocka_unit_test(a_locked_door_without_a_key_refuses_and_stops_held_keys),
        cmocka_unit_test(a_key_unlocks_a_locked_door_and_is_used_up),
        cmocka_unit_test(walls_and_diagonal_squeezes_refuse_without_a_turn),
        cmocka_unit_test(no_diagonal_step_into_a_doorway),
        cmocka_unit_test(no_diagonal_step_out_of_a_doorway),
        cmocka_unit_test(no_diagonal_attack_into_or_out_of_a_doorway),
        cmocka_unit_test(floors_persist_across_the_stairs),
        cmocka_unit_test(a_whole_game_is_deterministic),
    };
    return RUN_TESTS(tests);
}
