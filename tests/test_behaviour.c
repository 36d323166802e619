/* Each kind of mouse plays differently (docs/RULES.md R-MOUSE-7, game/behaviour.c): every
 * test here fails when its behaviour is taken away (the kind left to the common rules). */
#include "test_support.h"

#include <stdlib.h>

#include "game/behaviour.h"
#include "game/view_list.h"
#include "game_fixture.h"

static void wait_turns(Game *g, int n)
{
    for (int i = 0; i < n; i++)
        fixture_do(g, command_wait());
}

static int chebyshev(const Entity *a, const Entity *b)
{
    int dx = abs(a->x - b->x), dy = abs(a->y - b->y);
    return dx > dy ? dx : dy;
}

static const char *mood(const Game *g, const Entity *m)
{
    return monster_mood_label(game_monster_mood(g, m));
}

static void the_fixture_gives_each_mouse_its_behaviour(void **state)
{
    (void)state;
    const KindTable *k = &test_rules()->kinds;
    assert_string_equal(behaviour_get(kind_get(k, KIND_ID_MICRO_MOUSE)->behaviour)->name,
                        "skittish");
    assert_string_equal(behaviour_get(kind_get(k, KIND_ID_NEO_MOUSE)->behaviour)->name, "caller");
    assert_string_equal(behaviour_get(kind_get(k, KIND_ID_TOUGH_MOUSE)->behaviour)->name, "brute");
    assert_string_equal(behaviour_get(kind_get(k, KIND_ID_RABID_MOUSE)->behaviour)->name,
                        "erratic");
    assert_string_equal(behaviour_get(kind_get(k, KIND_ID_META_MOUSE)->behaviour)->name, "blinker");
    assert_string_equal(behaviour_get(kind_get(k, KIND_ID_MOUSE_KING)->behaviour)->name, "hunter");
}

/* Skittish (Micro Mouse): at 40% of its HP or less it runs from the player; out of her sight
 * it stays put and heals 1 HP every 3 turns; healed, it comes back. */
static void a_badly_hurt_skittish_mouse_runs_heals_and_comes_back(void **state)
{
    (void)state;
    static const char *const rows[] = {
        "##########",
        "#@m......#",
        "##########",
        NULL,
    };
    Game *g = fixture_game(5, 1, rows);
    Entity *m = fixture_find(g, KIND_ID_MICRO_MOUSE);
    m->stats.hp = 2; /* 40% of 5 */
    m->mind = (Mind){.state = MIND_HUNTING, .target_x = 1, .target_y = 1};
    int hp = g->player->stats.hp;
    wait_turns(g, 1);
    assert_int_equal(m->mind.state, MIND_FLEEING);
    assert_int_equal(m->x, 3); /* a step away, not a bite */
    assert_int_equal(g->player->stats.hp, hp);
    assert_true(fixture_said_recently(g, "The Micro Mouse turns tail and flees!", 3));
    assert_string_equal(mood(g, m), "fleeing");
    /* It runs to the corridor's end, at 7 cells out of its sight of 6. */
    wait_turns(g, 5);
    assert_int_equal(m->x, 8);
    assert_int_equal(m->mind.state, MIND_FLEEING);
    assert_int_equal(m->stats.hp, 2);
    /* There it heals, 1 HP every 3 turns from the last turn it saw her: 3 HP in 9 turns,
     * and then it sets off back. */
    wait_turns(g, 8);
    assert_int_equal(m->stats.hp, 4);
    assert_int_equal(m->x, 8);
    wait_turns(g, 1);
    assert_int_equal(m->stats.hp, 5);
    assert_int_not_equal(m->mind.state, MIND_FLEEING);
    wait_turns(g, 6);
    assert_int_equal(m->x, 2); /* back beside her */
    assert_int_equal(m->mind.state, MIND_HUNTING);
    fixture_free(g);
}

/* A skittish mouse with nowhere farther to go turns and fights, and does not run again at
 * once. */
static void a_cornered_skittish_mouse_fights(void **state)
{
    (void)state;
    static const char *const rows[] = {
        "#####",
        "#@m##",
        "#####",
        NULL,
    };
    Game *g = fixture_game(6, 1, rows);
    Entity *m = fixture_find(g, KIND_ID_MICRO_MOUSE);
    m->stats.hp = 1;
    m->mind = (Mind){.state = MIND_HUNTING, .target_x = 1, .target_y = 1};
    int hp = g->player->stats.hp;
    wait_turns(g, 1);
    assert_true(fixture_said_recently(g, "The Micro Mouse is cornered, and turns to fight!", 4));
    assert_int_equal(m->mind.state, MIND_HUNTING);
    assert_true(g->player->stats.hp < hp || fixture_said_recently(g, "misses you", 3));
    wait_turns(g, 3);
    assert_int_equal(m->mind.state, MIND_HUNTING);
    fixture_free(g);
}

/* Cornered only with nowhere to run: in a room's corner, with the room along the wall behind
 * it, it runs along the wall to where the player is farthest, never turning to fight. */
static void a_skittish_mouse_runs_along_the_wall_from_a_corner(void **state)
{
    (void)state;
    static const char *const rows[] = {
        "#######", "#@...m#", "#.....#", "#.....#", "#.....#",
        "#.....#", "#.....#", "#.....#", "#######", NULL,
    };
    Game *g = fixture_game(6, 1, rows);
    Entity *m = fixture_find(g, KIND_ID_MICRO_MOUSE);
    m->stats.hp = 1;
    m->mind = (Mind){.state = MIND_HUNTING, .target_x = 1, .target_y = 1};
    wait_turns(g, 1);
    assert_int_equal(m->mind.state, MIND_FLEEING);
    assert_int_equal(m->x, 5);
    assert_int_equal(m->y, 2); /* down the wall: no nearer to her, on the way to farther */
    wait_turns(g, 5);
    assert_true(m->y >= 5);
    assert_false(fixture_said_recently(g, "cornered", 12));
    fixture_free(g);
}

/* Caller (Neo Mouse): spotting the player, it squeaks, and every mouse within 8 cells that
 * is not hunting already comes to where she is, through walls; those farther sleep on. */
static void a_caller_wakes_the_mice_within_earshot(void **state)
{
    (void)state;
    static const char *const rows[] = {
        "####################", "#@....n............#", "####################",
        "#.....m.......m....#", "####################", NULL,
    };
    Game *g = fixture_game(7, 3, rows);
    Entity *neo = fixture_find(g, KIND_ID_NEO_MOUSE);
    Entity *near = NULL, *far = NULL;
    for (Entity *e = game_floor(g)->entities.head; e; e = e->next)
        if (e->kind_id == KIND_ID_MICRO_MOUSE)
            *(e->x == 6 ? &near : &far) = e;
    assert_non_null(near);
    assert_non_null(far);
    wait_turns(g, 1);
    assert_int_equal(neo->mind.state, MIND_HUNTING);
    assert_true(fixture_said_recently(g, "The Neo Mouse squeaks for help!", 4));
    assert_int_equal(near->mind.state, MIND_ANSWERING); /* 2 cells away, behind a wall */
    assert_int_equal(near->mind.target_x, 1);
    assert_int_equal(near->mind.target_y, 1);
    assert_string_equal(mood(g, near), "answering a call");
    assert_int_equal(far->mind.state, MIND_DORMANT); /* 8 across and 2 down: out of earshot */
    fixture_free(g);
}

/* A squeak out of the player's sight is heard within player.hearing. */
static void a_squeak_out_of_sight_is_heard(void **state)
{
    (void)state;
    static const char *const rows[] = {
        "##########", "#@.......#", "########.#", "#.....n..#", "##########", NULL,
    };
    Game *g = fixture_game(8, 3, rows);
    Entity *neo = fixture_find(g, KIND_ID_NEO_MOUSE);
    neo->mind = (Mind){.state = MIND_WANDERING, .target_x = 6, .target_y = 3};
    /* The player steps where the Neo Mouse sees her and she does not see it: not possible
     * with symmetric sight, so the call is made by hand from out of her view. */
    g->events = 0;
    const KindDef *k = kind_get(g->factory.kinds, KIND_ID_NEO_MOUSE);
    behaviour_get(k->behaviour)->spotted(g, neo, k);
    assert_true(fixture_said_recently(g, "You hear a squeak, to the east.", 2));
    assert_true(g->events & GAME_EVENT_HEARD);
    /* and not again until 10 turns have passed */
    uint64_t said = g->log.total;
    behaviour_get(k->behaviour)->spotted(g, neo, k);
    assert_true(g->log.total == said);
    fixture_free(g);
}

/* Brute (Tough Mouse): a closed door on its way is opened and entered in one action. */
static void a_brute_bursts_through_a_closed_door(void **state)
{
    (void)state;
    static const char *const rows[] = {
        "##########",
        "#@...+..T#",
        "##########",
        NULL,
    };
    Game *g = fixture_game(9, 5, rows);
    Entity *t = fixture_find(g, KIND_ID_TOUGH_MOUSE), *door = fixture_find(g, KIND_ID_DOOR);
    t->mind = (Mind){.state = MIND_HUNTING, .target_x = 1, .target_y = 1};
    for (int i = 0; i < 10 && door->door == DOOR_CLOSED; i++)
        wait_turns(g, 1);
    assert_int_equal(door->door, DOOR_OPEN);
    assert_int_equal(t->x, 5); /* in the doorway the moment the door opens */
    assert_true(fixture_said_recently(g, "A Tough Mouse bursts through a door!", 3));
    fixture_free(g);
}

/* ... and a mouse in its way is shoved: the two swap places. */
static void a_brute_shoves_a_mouse_aside(void **state)
{
    (void)state;
    static const char *const rows[] = {
        "##########",
        "#@.....mT#",
        "##########",
        NULL,
    };
    Game *g = fixture_game(10, 5, rows);
    Entity *t = fixture_find(g, KIND_ID_TOUGH_MOUSE), *m = fixture_find(g, KIND_ID_MICRO_MOUSE);
    t->mind = (Mind){.state = MIND_HUNTING, .target_x = 1, .target_y = 1};
    m->stats.speed = 0; /* it never moves of itself */
    m->stats.sight = 1;
    wait_turns(g, 2); /* speed 8: its first action comes on the second turn */
    assert_int_equal(t->x, 7);
    assert_int_equal(m->x, 8);
    assert_true(fixture_said_recently(g, "The Tough Mouse shoves the Micro Mouse aside.", 3));
    fixture_free(g);
}

/* ... but not another brute: two Tough Mice in a corridor keep their places, and the one in
 * front bites. */
static void a_brute_does_not_shove_a_brute(void **state)
{
    (void)state;
    static const char *const rows[] = {
        "##########",
        "#@TT.....#",
        "##########",
        NULL,
    };
    Game *g = fixture_game(14, 5, rows);
    Entity *front = NULL, *back = NULL;
    for (Entity *e = game_floor(g)->entities.head; e; e = e->next)
        if (e->kind_id == KIND_ID_TOUGH_MOUSE)
            *(e->x == 2 ? &front : &back) = e;
    for (Entity *t = front; t; t = t == front ? back : NULL)
        t->mind = (Mind){.state = MIND_HUNTING, .target_x = 1, .target_y = 1};
    g->player->stats.hp = g->player->stats.max_hp = 500; /* a long fight, survived */
    wait_turns(g, 5);
    assert_int_equal(front->x, 2);
    assert_int_equal(back->x, 3);
    assert_false(fixture_said_recently(g, "shoves", 12));
    assert_true(g->player->stats.hp < 500);
    fixture_free(g);
}

/* Erratic (Rabid Mouse): a step in four (on average) goes to a random free neighbour. */
static void an_erratic_mouse_strays(void **state)
{
    (void)state;
    static const char *const rows[] = {
        "##########################################", "#@.......................................#",
        "#........................................#", "#.......................................r#",
        "##########################################", NULL,
    };
    Game *g = fixture_game(11, 7, rows);
    Entity *r = fixture_find(g, KIND_ID_RABID_MOUSE);
    r->stats.speed = 10; /* one action a turn */
    r->mind = (Mind){.state = MIND_HUNTING, .target_x = 1, .target_y = 1};
    int strays = 0, steps = 0;
    while (chebyshev(r, g->player) > 1 && steps < 80) {
        int before = chebyshev(r, g->player);
        wait_turns(g, 1);
        strays += chebyshev(r, g->player) != before - 1;
        steps++;
    }
    assert_true(chebyshev(r, g->player) <= 1); /* it still gets there */
    assert_true(strays >= 2);
    /* Each stray step in view is said (repeats merge into one line of the log). */
    bool said = false;
    for (int i = 0; i < msglog_count(&g->log); i++)
        said |=
            strcmp(msglog_get(&g->log, i)->text, "The Rabid Mouse lurches aside, foaming.") == 0;
    assert_true(said);
    assert_true(strays <= steps / 2);
    fixture_free(g);
}

/* Blinker (Meta Mouse): hunting and within 6 cells, it jumps to a free cell beside the
 * player that she sees, then not again for 6 turns. */
static void a_blinker_jumps_to_the_players_side(void **state)
{
    (void)state;
    static const char *const rows[] = {
        "############", "#@.........#", "#..........#", "#.....M....#", "############", NULL,
    };
    Game *g = fixture_game(12, 9, rows);
    Entity *m = fixture_find(g, KIND_ID_META_MOUSE);
    m->mind = (Mind){.state = MIND_HUNTING, .target_x = 1, .target_y = 1};
    wait_turns(g, 1);
    assert_int_equal(chebyshev(m, g->player), 1);
    assert_true(fixture_said_recently(g, "The Meta Mouse blinks to your side!", 3));
    assert_int_equal(m->mind.ready_turn, g->turn + 6);
    /* Put back where it was (turn 1), it walks until turn 7, then blinks again. */
    m->x = 6;
    m->y = 3;
    wait_turns(g, 1);
    assert_int_equal(chebyshev(m, g->player), 4);
    m->x = 6;
    m->y = 3;
    wait_turns(g, 4); /* turns 3 to 6 */
    assert_int_equal(g->turn, 6);
    assert_int_equal(chebyshev(m, g->player), 1); /* it walked, and now bites */
    m->x = 6;
    m->y = 3;
    wait_turns(g, 1); /* turn 7: ready again */
    assert_int_equal(chebyshev(m, g->player), 1);
    fixture_free(g);
}

static void a_blinker_out_of_range_walks(void **state)
{
    (void)state;
    static const char *const rows[] = {
        "############",
        "#@.......M.#",
        "############",
        NULL,
    };
    Game *g = fixture_game(13, 9, rows);
    Entity *m = fixture_find(g, KIND_ID_META_MOUSE);
    m->mind = (Mind){.state = MIND_HUNTING, .target_x = 1, .target_y = 1};
    wait_turns(g, 1);
    assert_int_equal(m->x, 8); /* the cell beside her is 7 away: beyond a blink's 6, a step */
    wait_turns(g, 1);
    assert_int_equal(m->x, 2); /* now 6 away: it blinks */
    fixture_free(g);
}

/* The common rules for a mouse that names no behaviour: a test's own rules can take one away. */
static void without_its_behaviour_a_mouse_just_hunts(void **state)
{
    (void)state;
    Rules *plain = malloc(sizeof *plain);
    *plain = *test_rules();
    plain->kinds.kinds[KIND_ID_MICRO_MOUSE].behaviour = BEHAVIOUR_HUNTER;
    static const char *const rows[] = {
        "##########",
        "#@m......#",
        "##########",
        NULL,
    };
    Game *g = fixture_game(5, 1, rows);
    /* fixture_game plays by test_rules(); the mice read their kinds from this table instead */
    g->factory.kinds = &plain->kinds;
    g->rules = plain;
    Entity *m = fixture_find(g, KIND_ID_MICRO_MOUSE);
    m->stats.hp = 2;
    m->mind = (Mind){.state = MIND_HUNTING, .target_x = 1, .target_y = 1};
    wait_turns(g, 1);
    assert_int_equal(m->x, 2); /* it stays and bites */
    assert_int_equal(m->mind.state, MIND_HUNTING);
    fixture_free(g);
    free(plain);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_fixture_gives_each_mouse_its_behaviour),
        cmocka_unit_test(a_badly_hurt_skittish_mouse_runs_heals_and_comes_back),
        cmocka_unit_test(a_cornered_skittish_mouse_fights),
        cmocka_unit_test(a_skittish_mouse_runs_along_the_wall_from_a_corner),
        cmocka_unit_test(a_caller_wakes_the_mice_within_earshot),
        cmocka_unit_test(a_squeak_out_of_sight_is_heard),
        cmocka_unit_test(a_brute_bursts_through_a_closed_door),
        cmocka_unit_test(a_brute_shoves_a_mouse_aside),
        cmocka_unit_test(a_brute_does_not_shove_a_brute),
        cmocka_unit_test(an_erratic_mouse_strays),
        cmocka_unit_test(a_blinker_jumps_to_the_players_side),
        cmocka_unit_test(a_blinker_out_of_range_walks),
        cmocka_unit_test(without_its_behaviour_a_mouse_just_hunts),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
