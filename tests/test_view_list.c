/* The sidebar's queries (src/game/view_list.c): what is in view and in which order, each
 * mouse's mood, and when the Mouse King's bar shows. */
#include "test_support.h"

#include "game/view_list.h"
#include "game_fixture.h"

/* Mice on both sides of a wall; an item, a door and stairs in view too. */
static const char *const ROOM[] = {
    "################", "#.m..!.#.......#", "#n...@.#...r...#",
    "#..m..>#.......#", "#....k.+.......#", "#......#.......#",
    "#......#.......#", "################", NULL,
};

static const Entity *at(Game *g, int x, int y)
{
    for (const Entity *e = game_floor(g)->entities.head; e; e = e->next)
        if (e->x == x && e->y == y && e != g->player)
            return e;
    fail_msg("nothing at (%d, %d)", x, y);
    return NULL;
}

static void mice_then_items_nearest_first_never_behind_a_wall(void **state)
{
    (void)state;
    Game *g = fixture_game(1, 1, ROOM);
    assert_int_equal(g->player->x, 5);
    assert_int_equal(g->player->y, 2);
    const Entity *hidden = fixture_find(g, KIND_ID_RABID_MOUSE);
    assert_false(game_cell_visible(g, hidden->x, hidden->y));
    const Entity *out[16];
    int n = game_things_in_view(g, out, 16);
    /* m (2,1): Chebyshev 3, squared 10; m (3,3): 2, 5; n (1,2): 4, 16; ! (5,1): 1, 1;
     * k (5,4): 2, 4. The door, the stairs, the player and the Rabid Mouse are left out. */
    const Entity *want[] = {at(g, 3, 3), at(g, 2, 1), at(g, 1, 2), at(g, 5, 1), at(g, 5, 4)};
    assert_int_equal(n, 5);
    for (int i = 0; i < n; i++)
        if (out[i] != want[i])
            fail_msg("place %d: %s at (%d, %d), wanted %s at (%d, %d)", i, out[i]->name, out[i]->x,
                     out[i]->y, want[i]->name, want[i]->x, want[i]->y);
    /* max cuts the list and keeps the best. */
    assert_int_equal(game_things_in_view(g, out, 2), 2);
    assert_ptr_equal(out[0], want[0]);
    assert_ptr_equal(out[1], want[1]);
    assert_int_equal(game_things_in_view(g, out, 0), 0);
    fixture_free(g);
}

/* Chebyshev distance first, then squared Euclidean, then list order. */
static void ties_break_by_euclid_then_list_order(void **state)
{
    (void)state;
    static const char *const open[] = {
        "###########", "#.........#", "#.........#", "#.........#", "#...@.....#", "#.........#",
        "#.........#", "#.........#", "#mmmmm....#", "###########", NULL,
    };
    Game *g = fixture_game(2, 1, open);
    Entity *m[5];
    int k = 0;
    for (Entity *e = game_floor(g)->entities.head; e; e = e->next)
        if (e->kind == KIND_MONSTER)
            m[k++] = e;
    assert_int_equal(k, 5);
    const int place[5][2] = {
        {7, 4}, /* dx 3, dy 0: Chebyshev 3, squared 9 */
        {1, 1}, /* dx 3, dy 3: Chebyshev 3, squared 18 */
        {8, 4}, /* dx 4, dy 0: Chebyshev 4, squared 16: farther than (1, 1) by Chebyshev */
        {4, 1}, /* dx 0, dy 3: Chebyshev 3, squared 9: ties (7, 4), later in the list */
        {2, 4}, /* dx 2: nearest */
    };
    for (int i = 0; i < 5; i++) {
        m[i]->x = place[i][0];
        m[i]->y = place[i][1];
    }
    game_rebuild_derived(g);
    const Entity *out[8];
    assert_int_equal(game_things_in_view(g, out, 8), 5);
    const Entity *want[] = {m[4], m[0], m[3], m[1], m[2]};
    for (int i = 0; i < 5; i++)
        assert_ptr_equal(out[i], want[i]);
    fixture_free(g);
}

static void moods_have_their_words(void **state)
{
    (void)state;
    Game *g = fixture_game(3, 1, ROOM);
    Entity *m = fixture_find(g, KIND_ID_MICRO_MOUSE);
    static const struct {
        MindState state;
        MonsterMood mood;
        const char *label;
    } cases[] = {
        {MIND_DORMANT, MOOD_ASLEEP, "asleep"},
        {MIND_HUNTING, MOOD_HUNTING, "hunting"},
        {MIND_SEARCHING, MOOD_SEARCHING, "searching"},
        {MIND_WANDERING, MOOD_WANDERING, "wandering"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        m->mind.state = cases[i].state;
        assert_int_equal(game_monster_mood(g, m), cases[i].mood);
        assert_string_equal(monster_mood_label(game_monster_mood(g, m)), cases[i].label);
    }
    assert_string_equal(monster_mood_label(MOOD_COUNT), "");
    fixture_free(g);
}

static void the_king_is_shown_in_view_or_hunting(void **state)
{
    (void)state;
    static const char *const throne[] = {
        "###########", "#@..#...K.#", "#...#.....#", "###########", NULL,
    };
    Game *g = fixture_game(4, 13, throne);
    Entity *king = fixture_find(g, KIND_ID_MOUSE_KING);
    assert_null(game_boss_shown(g)); /* behind the wall, asleep */
    king->mind.state = MIND_HUNTING;
    assert_ptr_equal(game_boss_shown(g), king); /* out of sight but coming */
    king->mind.state = MIND_WANDERING;
    assert_null(game_boss_shown(g));
    king->x = 3;
    game_rebuild_derived(g);
    assert_ptr_equal(game_boss_shown(g), king); /* in view */
    fixture_free(g);

    g = fixture_game(5, 1, ROOM);
    assert_null(game_boss_shown(g)); /* no King on this floor */
    fixture_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(mice_then_items_nearest_first_never_behind_a_wall),
        cmocka_unit_test(ties_break_by_euclid_then_list_order),
        cmocka_unit_test(moods_have_their_words),
        cmocka_unit_test(the_king_is_shown_in_view_or_hunting),
    };
    return RUN_TESTS(tests);
}
