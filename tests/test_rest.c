/* Resting (CMD_REST, `Z`) and the long search (CMD_SEARCH_LONG, `S`): activities of many turns
 * that end by themselves (HP full, the thorough search) or when something disturbs them. */
#include "test_support.h"

#include <stdio.h>

#include "game/view_list.h"
#include "game_fixture.h"

/* Applies `first`, then CMD_CONTINUE while the activity lasts; the turns it took. */
static uint32_t run(Game *g, Command first, int max)
{
    uint32_t start = g->turn;
    fixture_do(g, first);
    for (int i = 0; i < max && g->activity != ACTIVITY_NONE; i++)
        fixture_do(g, command_of(CMD_CONTINUE));
    return g->turn - start;
}

static int lines_containing(const Game *g, const char *text)
{
    int n = 0;
    for (int i = 0; i < msglog_count(&g->log); i++)
        n += strstr(msglog_get(&g->log, i)->text, text) != NULL;
    return n;
}

static const char *const CELL[] = {
    "#######", "#.....#", "#..@..#", "#.....#", "#######", NULL,
};

static void resting_at_full_health_says_so_and_takes_no_turn(void **state)
{
    (void)state;
    Game *g = fixture_game(1, 1, CELL);
    uint32_t turn = g->turn;
    assert_false(fixture_do(g, command_of(CMD_REST)));
    assert_int_equal(g->turn, turn);
    assert_int_equal(g->activity, ACTIVITY_NONE);
    assert_true(fixture_said(g, "You are already at full health."));
    fixture_free(g);
}

/* Alone and hurt, resting goes on turn after turn until HP is full, then stops by itself. */
static void resting_heals_to_full_and_stops(void **state)
{
    (void)state;
    Game *g = fixture_game(2, 1, CELL);
    Stats *s = &g->player->stats;
    s->hp = s->max_hp - 3;
    int regen = g->rules->regen_turns;
    uint32_t turns = run(g, command_of(CMD_REST), 10000);
    assert_int_equal(s->hp, s->max_hp);
    assert_int_equal(g->activity, ACTIVITY_NONE);
    /* 3 HP back, one every `regen` turns: no fewer turns, and not one more than needed */
    assert_in_range(turns, (uint32_t)(2 * regen + 1), (uint32_t)(3 * regen));
    assert_true(fixture_said(g, "You rest until your HP is full."));
    /* Another Z: full already. */
    assert_false(fixture_do(g, command_of(CMD_REST)));
    fixture_free(g);
}

static void resting_is_refused_with_a_mouse_in_view(void **state)
{
    (void)state;
    static const char *const rows[] = {
        "###########",
        "#@.......m#",
        "###########",
        NULL,
    };
    Game *g = fixture_game(3, 1, rows);
    g->player->stats.hp = 5;
    uint32_t turn = g->turn;
    assert_false(fixture_do(g, command_of(CMD_REST)));
    assert_int_equal(g->turn, turn);
    assert_true(fixture_said(g, "Not while a Micro Mouse is in view, to the east."));
    fixture_free(g);
}

/* A mouse walking round the corner stops the rest on the turn it shows, and the log says
 * which mouse and where. */
static void a_mouse_coming_into_view_stops_the_rest(void **state)
{
    (void)state;
    const char *const *rows = fixture_map_round_the_corner();
    Game *g = fixture_game(4, 1, rows);
    Entity *m = fixture_find(g, KIND_ID_MICRO_MOUSE);
    m->mind.state = MIND_SEARCHING; /* on its way to where the player is */
    m->mind.target_x = g->player->x;
    m->mind.target_y = g->player->y;
    g->player->stats.hp = 2;
    g->player->stats.max_hp = 1000; /* the rest would last far longer than the walk */
    run(g, command_of(CMD_REST), 10000);
    assert_int_equal(g->activity, ACTIVITY_NONE);
    assert_true(game_cell_visible(g, m->x, m->y));
    assert_true(g->player->stats.hp < 20); /* stopped at once, not healed up */
    char said[96];
    snprintf(said, sizeof said, "You see a Micro Mouse, to the %s.",
             game_compass(m->x - g->player->x, m->y - g->player->y));
    assert_true(fixture_said(g, said));
    fixture_free(g);
}

/* A mouse opening a door out of sight but within hearing is heard, and that stops the rest. */
static void a_door_heard_opening_stops_the_rest(void **state)
{
    (void)state;
    static const char *const rows[] = {
        "##########", "#@.#.....#", "#..#.....#", "####+#####", "#.......m#", "##########", NULL,
    };
    Game *g = fixture_game(5, 1, rows);
    Entity *m = fixture_find(g, KIND_ID_MICRO_MOUSE);
    Entity *door = floor_entity_at(game_floor(g), 4, 3, 0);
    assert_false(game_cell_visible(g, door->x, door->y));
    m->mind.state = MIND_SEARCHING; /* through the door to the room beyond it */
    m->mind.target_x = 6;
    m->mind.target_y = 1;
    g->player->stats.hp = 2;
    g->player->stats.max_hp = 1000;
    run(g, command_of(CMD_REST), 50);
    assert_int_equal(door->door, DOOR_OPEN);
    assert_false(game_cell_visible(g, door->x, door->y));
    assert_int_equal(g->activity, ACTIVITY_NONE);
    assert_true(fixture_said(g, "You hear a door open, to the south-east."));
    assert_true(g->player->stats.hp < 10); /* stopped then, not healed up */
    fixture_free(g);
}

/* A door in view opening changes what the player sees: that stops the rest too, even when
 * the mouse that opened it stays out of sight. */
static void a_door_opening_in_view_stops_the_rest(void **state)
{
    (void)state;
    static const char *const rows[] = {
        "#########", "#@......#", "#.......#", "#####+###",
        "#####.###", "#####m###", "#########", NULL,
    };
    Game *g = fixture_game(7, 1, rows);
    Entity *m = fixture_find(g, KIND_ID_MICRO_MOUSE);
    Entity *door = floor_entity_at(game_floor(g), 5, 3, 0);
    assert_true(game_cell_visible(g, door->x, door->y));
    m->mind.state = MIND_SEARCHING;
    m->mind.target_x = 5;
    m->mind.target_y = 1;
    m->stats.sight = 0;
    g->player->stats.hp = 2;
    g->player->stats.max_hp = 1000;
    assert_true(fixture_do(g, command_of(CMD_REST)));
    for (int i = 0; i < 20 && door->door != DOOR_OPEN; i++)
        assert_true(fixture_do(g, command_of(CMD_CONTINUE)));
    assert_int_equal(door->door, DOOR_OPEN);
    assert_false(game_cell_visible(g, m->x, m->y)); /* no mouse came into view */
    assert_int_equal(g->activity, ACTIVITY_NONE);
    fixture_free(g);
}

/* The same noise beyond player.hearing goes unheard: the rest goes on. */
static void a_noise_beyond_hearing_is_not_heard(void **state)
{
    (void)state;
    static const char *const rows[] = {
        "##############################", "#@...........................#",
        "##########################.###", "#...........................m#",
        "#########################+####", "#............................#",
        "##############################", NULL,
    };
    Game *g = fixture_game(6, 1, rows);
    Entity *m = fixture_find(g, KIND_ID_MICRO_MOUSE);
    m->x = 25;
    m->y = 3; /* just above the door at (25, 4), 24 cells from the player */
    m->mind.state = MIND_SEARCHING;
    m->mind.target_x = 5;
    m->mind.target_y = 5;
    g->player->stats.hp = 2;
    g->player->stats.max_hp = 1000;
    run(g, command_of(CMD_REST), 3);
    assert_int_equal(floor_entity_at(game_floor(g), 25, 4, 0)->door, DOOR_OPEN);
    assert_int_equal(lines_containing(g, "You hear"), 0);
    assert_int_equal(g->activity, ACTIVITY_REST);
    fixture_free(g);
}

/* S: five searches for one key, the fifth thorough, counted on one line of the log. */
static void the_long_search_is_five_searches_ending_thorough(void **state)
{
    (void)state;
    Game *g = fixture_game(9, 1, fixture_map_door_three_away());
    Entity *door = floor_entity_at(game_floor(g), 4, 4, 0);
    assert_true(fixture_do(g, command_of(CMD_SEARCH_LONG)));
    assert_int_equal(g->activity, ACTIVITY_SEARCH);
    assert_true(fixture_said(g, "You search. (1/5)"));
    for (int i = 2; i <= 4; i++) {
        assert_true(fixture_do(g, command_of(CMD_CONTINUE)));
        char line[32];
        snprintf(line, sizeof line, "You search. (%d/5)", i);
        assert_true(fixture_said(g, line));
        assert_int_equal(door->door, DOOR_HIDDEN); /* not beside: only the thorough one */
    }
    assert_int_equal(lines_containing(g, "You search. ("), 1); /* one line that counts up */
    assert_true(fixture_do(g, command_of(CMD_CONTINUE)));
    assert_int_equal(door->door, DOOR_CLOSED);
    assert_int_equal(g->activity, ACTIVITY_NONE);
    assert_int_equal(g->turn, 5);
    assert_false(fixture_do(g, command_of(CMD_CONTINUE))); /* it is over */
    fixture_free(g);
}

/* With nothing to find, the long search still ends with the thorough one, and says so. */
static void the_long_search_ends_by_itself(void **state)
{
    (void)state;
    Game *g = fixture_game(10, 1, CELL);
    assert_int_equal(run(g, command_of(CMD_SEARCH_LONG), 100), 5);
    assert_int_equal(g->activity, ACTIVITY_NONE);
    assert_true(fixture_said(g, "You search every wall in sight: nothing."));
    assert_int_equal(g->search_streak, 0);
    fixture_free(g);
}

/* A mouse coming into view stops the long search before its thorough end. */
static void a_mouse_coming_into_view_stops_the_long_search(void **state)
{
    (void)state;
    static const char *const rows[] = {
        "##########", "#@.......#", "########.#", "#.......m#", "##########", NULL,
    };
    Game *g = fixture_game(11, 1, rows);
    Entity *m = fixture_find(g, KIND_ID_MICRO_MOUSE);
    m->mind.state = MIND_SEARCHING;
    m->mind.target_x = g->player->x;
    m->mind.target_y = g->player->y;
    g->player->stats.hp = g->player->stats.max_hp = 1000;
    uint32_t turns = run(g, command_of(CMD_SEARCH_LONG), 100);
    assert_int_equal(g->activity, ACTIVITY_NONE);
    assert_true(game_cell_visible(g, m->x, m->y));
    assert_true(turns < 5);
    assert_int_equal(lines_containing(g, "You search every wall"), 0);
    fixture_free(g);
}

/* The progress line folds only into itself: another message between starts a new one. */
static void progress_lines_replace_only_their_own_kind(void **state)
{
    (void)state;
    MessageLog log;
    msglog_init(&log);
    msglog_add_progress(&log, 1, MSG_PLAIN, "You search. (%d/%d)", 1, 5);
    msglog_add_progress(&log, 2, MSG_PLAIN, "You search. (%d/%d)", 2, 5);
    assert_int_equal(msglog_count(&log), 1);
    assert_string_equal(msglog_get(&log, 0)->text, "You search. (2/5)");
    msglog_add(&log, 3, "You open the door.");
    msglog_add_progress(&log, 4, MSG_PLAIN, "You search. (%d/%d)", 3, 5);
    assert_int_equal(msglog_count(&log), 3);
    msglog_add_progress(&log, 5, MSG_PLAIN, "You rest. (%d/%d)", 1, 5);
    assert_int_equal(msglog_count(&log), 4);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(resting_at_full_health_says_so_and_takes_no_turn),
        cmocka_unit_test(resting_heals_to_full_and_stops),
        cmocka_unit_test(resting_is_refused_with_a_mouse_in_view),
        cmocka_unit_test(a_mouse_coming_into_view_stops_the_rest),
        cmocka_unit_test(a_door_heard_opening_stops_the_rest),
        cmocka_unit_test(a_door_opening_in_view_stops_the_rest),
        cmocka_unit_test(a_noise_beyond_hearing_is_not_heard),
        cmocka_unit_test(the_long_search_is_five_searches_ending_thorough),
        cmocka_unit_test(the_long_search_ends_by_itself),
        cmocka_unit_test(a_mouse_coming_into_view_stops_the_long_search),
        cmocka_unit_test(progress_lines_replace_only_their_own_kind),
    };
    return RUN_TESTS(tests);
}
