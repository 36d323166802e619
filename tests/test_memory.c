/* What the player remembers beyond the cells (docs/RULES.md R-MEM): items where she last saw
 * them until she sees the cell again, "last seen" marks of the mice she lost, the sidebar's
 * steady order, and each floor's counts. */
#include "test_support.h"

#include "game/memory.h"
#include "game/view_list.h"
#include "game_fixture.h"

/* A row with a Health Pack, a corridor below it out of its sight, and a sealed pocket. */
static const char *const HALL[] = {
    "##########", "#!......@#", "########.#", "#........#",
    "##########", "###.######", "##########", NULL,
};

/* Puts the player at (x, y), as a step would, and lets her look. */
static void place(Game *g, int x, int y)
{
    g->player->x = x;
    g->player->y = y;
    game_rebuild_derived(g);
}

static void wait_turn(Game *g)
{
    assert_true(fixture_do(g, command_wait()));
}

static int remembered(const Game *g, MemoryMark *marks)
{
    return game_remembered_items(g, marks, FLOOR_MEMORY_ITEMS);
}

static void items_stay_until_their_cell_is_seen_again(void **state)
{
    (void)state;
    Game *g = fixture_game(1, 0, HALL);
    MemoryMark marks[FLOOR_MEMORY_ITEMS];
    wait_turn(g);
    assert_int_equal(remembered(g, marks), 0); /* in view: drawn as itself */
    place(g, 4, 3);
    wait_turn(g);
    assert_false(game_cell_visible(g, 1, 1));
    assert_int_equal(remembered(g, marks), 1);
    assert_int_equal(marks[0].x, 1);
    assert_int_equal(marks[0].y, 1);
    assert_string_equal(marks[0].name, "Health Pack");
    assert_false(marks[0].mouse);
    MemoryMark at;
    assert_true(game_memory_at(g, 1, 1, &at));
    assert_false(game_memory_at(g, 2, 1, &at));

    /* Taken while she was away: she does not know until she looks again. */
    Entity *pack = fixture_find(g, KIND_ID_HEALTH_PACK);
    entity_list_remove(&game_floor(g)->entities, pack);
    wait_turn(g);
    assert_int_equal(remembered(g, marks), 1);
    place(g, 8, 1);
    wait_turn(g);
    assert_true(game_cell_visible(g, 1, 1));
    assert_int_equal(remembered(g, marks), 0);
    place(g, 4, 3);
    wait_turn(g);
    assert_int_equal(remembered(g, marks), 0); /* forgotten, not just out of view */
    fixture_free(g);
}

static void an_item_seen_elsewhere_is_remembered_there(void **state)
{
    (void)state;
    Game *g = fixture_game(1, 0, HALL);
    MemoryMark marks[FLOOR_MEMORY_ITEMS];
    wait_turn(g);
    place(g, 4, 3);
    Entity *pack = fixture_find(g, KIND_ID_HEALTH_PACK);
    pack->x = 2; /* moved where she sees it, its first cell out of view */
    pack->y = 3;
    wait_turn(g);
    place(g, 3, 5); /* the sealed pocket: nothing in view */
    wait_turn(g);
    assert_int_equal(remembered(g, marks), 1);
    assert_int_equal(marks[0].x, 2);
    assert_int_equal(marks[0].y, 3);
    fixture_free(g);
}

static const char *const LOST[] = {
    "##########", "#........#", "########.#", "#.n......#",
    "##########", "###.######", "##########", NULL,
};

static void a_lost_mouse_leaves_a_mark_for_a_few_turns(void **state)
{
    (void)state;
    Game *g = fixture_game(1, 0, LOST);
    MemoryMark marks[FLOOR_MEMORY_MICE];
    place(g, 6, 3);
    game_memory_update(g);
    assert_int_equal(game_lost_mice(g, marks, FLOOR_MEMORY_MICE), 0); /* in view */
    place(g, 8, 1);
    assert_false(game_cell_visible(g, 2, 3));
    for (int age = 1; age <= MEMORY_MOUSE_TURNS; age++) {
        g->turn++;
        game_memory_update(g);
        assert_int_equal(game_lost_mice(g, marks, FLOOR_MEMORY_MICE), 1);
        assert_int_equal(marks[0].x, 2);
        assert_int_equal(marks[0].y, 3);
        assert_int_equal(marks[0].age, age);
        assert_true(marks[0].mouse);
        assert_string_equal(marks[0].name, "Neo Mouse");
    }
    g->turn++;
    game_memory_update(g);
    assert_int_equal(game_lost_mice(g, marks, FLOOR_MEMORY_MICE), 0);
    fixture_free(g);
}

static void a_mark_goes_when_its_cell_is_seen_again(void **state)
{
    (void)state;
    Game *g = fixture_game(1, 0, LOST);
    MemoryMark marks[FLOOR_MEMORY_MICE], at;
    place(g, 6, 3);
    game_memory_update(g);
    Entity *mouse = fixture_find(g, KIND_ID_NEO_MOUSE);
    mouse->x = 3; /* into the pocket, unseen */
    mouse->y = 5;
    place(g, 8, 1);
    g->turn++;
    game_memory_update(g);
    assert_true(game_memory_at(g, 2, 3, &at));
    assert_true(at.mouse);
    place(g, 6, 3); /* she sees the cell: no mouse there */
    g->turn++;
    game_memory_update(g);
    place(g, 8, 1);
    g->turn++;
    game_memory_update(g);
    assert_int_equal(game_lost_mice(g, marks, FLOOR_MEMORY_MICE), 0);
    assert_false(game_memory_at(g, 2, 3, &at));
    fixture_free(g);
}

static const char *const ROOM[] = {
    "############", "#@......n..#", "#..........#", "#..........#",
    "############", "#####.######", "############", NULL,
};

static Entity *spawn_at(Game *g, KindId kind, int x, int y)
{
    Entity *e = game_spawn(g, game_floor(g), kind, x, y);
    assert_non_null(e);
    return e;
}

static void move_to(Entity *e, int x, int y)
{
    e->x = x;
    e->y = y;
}

static void the_sidebar_keeps_the_order_things_came_into_view(void **state)
{
    (void)state;
    Game *g = fixture_game(1, 0, ROOM);
    Entity *far = fixture_find(g, KIND_ID_NEO_MOUSE);
    Entity *near = spawn_at(g, KIND_ID_MICRO_MOUSE, 5, 5);
    Entity *item_far = spawn_at(g, KIND_ID_KEY, 5, 5), *item_near = spawn_at(g, KIND_ID_KEY, 5, 5);
    wait_turn(g); /* the far mouse comes into view first */
    assert_true(far->in_view_since != 0);
    assert_int_equal(near->in_view_since, 0);
    g->turn++;
    move_to(near, 2, 2);
    move_to(item_far, 9, 3); /* both items come into view on one turn */
    move_to(item_near, 3, 3);
    game_memory_update(g);
    const Entity *list[8];
    assert_int_equal(game_things_in_view(g, list, 8), 4);
    assert_ptr_equal(list[0], far);
    assert_ptr_equal(list[1], near);
    assert_ptr_equal(list[2], item_near); /* the same turn: nearest first */
    assert_ptr_equal(list[3], item_far);
    assert_ptr_equal(game_nearest_mouse_in_view(g), near);
    assert_int_equal(game_things_nearest(g, list, 8), 4);
    assert_ptr_equal(list[0], near);

    /* Out of view and back: it came into view again, last. */
    move_to(far, 5, 5);
    g->turn++;
    game_memory_update(g);
    assert_int_equal(far->in_view_since, 0);
    move_to(far, 8, 1);
    g->turn++;
    game_memory_update(g);
    assert_int_equal(game_things_in_view(g, list, 8), 4);
    assert_ptr_equal(list[0], near);
    assert_ptr_equal(list[1], far);
    fixture_free(g);
}

static const char *const FIGHT[] = {
    "#########",
    "#@m....!#",
    "#########",
    NULL,
};

static void each_floor_counts_its_turns_kills_and_items(void **state)
{
    (void)state;
    Game *g = fixture_game(1, 0, FIGHT);
    Entity *mouse = fixture_find(g, KIND_ID_MICRO_MOUSE);
    mouse->stats.hp = 1;
    g->player->stats.max_hp = g->player->stats.hp = 1000;
    for (int i = 0; i < 100 && g->counters.kills == 0; i++)
        assert_true(fixture_step(g, 1, 0));
    assert_int_equal(g->counters.kills, 1);
    while (g->counters.items_picked == 0 && g->player->x < 7)
        assert_true(fixture_step(g, 1, 0));
    assert_int_equal(g->counters.items_picked, 1);
    const FloorStats *s = &g->floor_stats[0];
    assert_int_equal(s->turns, g->turn);
    assert_int_equal(s->kills, 1);
    assert_int_equal(s->items_found, 1);

    uint32_t before = g->turn;
    assert_true(game_change_floor(g, 1));
    for (int i = 0; i < 3; i++)
        wait_turn(g);
    assert_int_equal(g->floor_stats[1].turns, 3);
    assert_int_equal(g->floor_stats[0].turns, before);
    assert_int_equal(g->floor_stats[1].kills, 0);
    fixture_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(items_stay_until_their_cell_is_seen_again),
        cmocka_unit_test(an_item_seen_elsewhere_is_remembered_there),
        cmocka_unit_test(a_lost_mouse_leaves_a_mark_for_a_few_turns),
        cmocka_unit_test(a_mark_goes_when_its_cell_is_seen_again),
        cmocka_unit_test(the_sidebar_keeps_the_order_things_came_into_view),
        cmocka_unit_test(each_floor_counts_its_turns_kills_and_items),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
