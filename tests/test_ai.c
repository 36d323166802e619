/* The mice (src/game/ai.c): asleep until they see the player, hunting by A*, doors, speed,
 * the lost trail, and the King's summons. */
#include "test_support.h"

#include "game/view_list.h"
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
        "#########", "#@......#", "#######.#", "#m......#", "#########", NULL,
    };
    Game *g = fixture_game(1, 1, rows);
    Entity *m = fixture_find(g, KIND_ID_MICRO_MOUSE);
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
    Entity *m = fixture_find(g, KIND_ID_MICRO_MOUSE);
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
    Entity *m = fixture_find(g, KIND_ID_MICRO_MOUSE), *door = fixture_find(g, KIND_ID_DOOR);
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
        "##########", "#@...L..m#", "#....#####", "#....H..n#", "##########", NULL,
    };
    Game *g = fixture_game(4, 1, rows);
    Entity *m = fixture_find(g, KIND_ID_MICRO_MOUSE), *n = fixture_find(g, KIND_ID_NEO_MOUSE);
    m->mind = (Mind){.state = MIND_HUNTING, .target_x = 1, .target_y = 1};
    n->mind = (Mind){.state = MIND_HUNTING, .target_x = 1, .target_y = 3};
    wait_turns(g, 30);
    assert_int_equal(fixture_find(g, KIND_ID_DOOR_LOCKED)->door, DOOR_LOCKED);
    assert_int_equal(fixture_find(g, KIND_ID_DOOR_HIDDEN)->door, DOOR_HIDDEN);
    assert_true(m->x > 5 && n->x > 5); /* both still on their side */
    fixture_free(g);
}

static bool bitten_or_missed(Game *g, int hp)
{
    return g->player->stats.hp < hp || fixture_said_recently(g, "misses you", 4);
}

/* Diagonal to the player at a doorway (the player in it, or the mouse in it), an awake mouse
 * cannot bite: it steps in line first, and bites on its next turn. */
static void a_mouse_at_a_doorway_corner_steps_in_line_before_biting(void **state)
{
    (void)state;
    const char *const *player_in_doorway = fixture_map_doorway_corner();
    static const char *const mouse_in_doorway[] = {
        "#######", "#.@...#", "###m###", "#.....#", "#######", NULL,
    };
    for (int inside = 0; inside < 2; inside++) {
        Game *g = fixture_game(8, 1, inside ? mouse_in_doorway : player_in_doorway);
        Entity *door = game_spawn(g, game_floor(g), KIND_ID_DOOR, 3, 2);
        door_set_state(g->factory.kinds, door, DOOR_OPEN);
        game_rebuild_derived(g);
        Entity *m = fixture_find(g, KIND_ID_MICRO_MOUSE);
        m->mind = (Mind){.state = MIND_HUNTING, .target_x = g->player->x, .target_y = g->player->y};
        g->player->stats.hp = g->player->stats.max_hp = 1000;
        int hp = g->player->stats.hp;
        assert_int_equal(abs(m->x - g->player->x), 1); /* diagonal neighbours */
        assert_int_equal(abs(m->y - g->player->y), 1);
        wait_turns(g, 1);
        assert_false(bitten_or_missed(g, hp));
        assert_int_equal(m->mind.state, MIND_HUNTING);             /* awake all along */
        assert_true(m->x == g->player->x || m->y == g->player->y); /* now in line */
        assert_int_equal(abs(m->x - g->player->x) + abs(m->y - g->player->y), 1);
        wait_turns(g, 1);
        assert_true(bitten_or_missed(g, hp));
        fixture_free(g);
    }
}

/* A mouse's path through a doorway is in line on both sides, even where the diagonal is the
 * short way: it goes round the door's corner to open it, and steps out of it straight. */
static void a_mouse_walks_through_a_doorway_in_line(void **state)
{
    (void)state;
    static const char *const rows[] = {
        "#########", "#.m...#@#", /* the player walled off, out of its sight */
        "###+###.#", "#.....###", "#########", NULL,
    };
    Game *g = fixture_game(9, 1, rows);
    Entity *m = fixture_find(g, KIND_ID_MICRO_MOUSE), *door = fixture_find(g, KIND_ID_DOOR);
    m->mind = (Mind){.state = MIND_SEARCHING, .target_x = 2, .target_y = 3};
    static const int want[5][2] = {{3, 1}, {3, 1}, {3, 2}, {3, 3}, {2, 3}};
    for (int t = 0; t < 5; t++) {
        wait_turns(g, 1);
        assert_int_equal(m->x, want[t][0]);
        assert_int_equal(m->y, want[t][1]);
        assert_int_equal(door->door, t == 0 ? DOOR_CLOSED : DOOR_OPEN); /* opened in line */
    }
    fixture_free(g);
}

static void speed_is_turns_per_ten(void **state)
{
    (void)state;
    static const char *const rows[] = {
        "##################################",
        "#@..............................T#",
        "##################################",
        NULL,
    };
    /* A Tough Mouse: its behaviour changes nothing in an empty corridor (a Rabid Mouse's
     * would send steps astray). */
    for (int speed = 8; speed <= 14; speed += 6) {
        Game *g = fixture_game(5, 7, rows);
        Entity *t = fixture_find(g, KIND_ID_TOUGH_MOUSE);
        assert_int_equal(t->stats.speed, 8);
        t->stats.speed = speed;
        t->mind = (Mind){.state = MIND_HUNTING, .target_x = 1, .target_y = 1};
        int start = t->x;
        wait_turns(g, 10);
        assert_int_equal(start - t->x, speed); /* speed 14: 14 steps in 10 turns; 8: 8 */
        fixture_free(g);
    }
}

static void a_lost_mouse_goes_to_where_it_last_saw_the_player(void **state)
{
    (void)state;
    static const char *const rows[] = {
        "###########", "#@........#", "#########.#", "#m........#", "###########", NULL,
    };
    Game *g = fixture_game(6, 1, rows);
    Entity *m = fixture_find(g, KIND_ID_MICRO_MOUSE);
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

/* The King calls a mouse every summon.every of his turns while he hunts, until summon.alive_max
 * other mice are alive. The player stands in the middle of a wide hall and the wait is long,
 * so the limit, not the room or the clock, is what stops him: one more allowed would show as
 * one more mouse. */
static void the_king_calls_for_mice(void **state)
{
    (void)state;
    static const char *const rows[] = {
        "##########################", "#........................#",
        "#........................#", "#...........@.......K....#",
        "#........................#", "#........................#",
        "##########################", NULL,
    };
    Game *g = fixture_game(7, 13, rows);
    const MonsterRules *kr = rules_monster(g->rules, "Mouse King");
    g->player->stats.hp = g->player->stats.max_hp = 100000; /* survive to count */
    int mice = 0, most = 0;
    for (int t = 0; t < kr->summon_every * (kr->summon_alive_max + 8); t++) {
        wait_turns(g, 1);
        mice = 0;
        for (Entity *e = game_floor(g)->entities.head; e; e = e->next)
            mice += e->kind == KIND_MONSTER && e != fixture_find(g, KIND_ID_MOUSE_KING);
        most = mice > most ? mice : most;
    }
    assert_int_equal(most, kr->summon_alive_max); /* as many as allowed, no more */
    assert_int_equal(mice, kr->summon_alive_max);
    assert_true(fixture_said_recently(g, "The Mouse King shrieks", 400));
    fixture_free(g);
}

/* How many times the log says `text` (folded repeats counted). */
/* How many times a message beginning with `text` was said. */
static int times_said(const Game *g, const char *text)
{
    int n = 0;
    for (int i = 0; i < msglog_count(&g->log); i++)
        if (strncmp(msglog_get(&g->log, i)->text, text, strlen(text)) == 0)
            n += msglog_get(&g->log, i)->repeats;
    return n;
}

/* A mouse walking round a corner into view is announced once, the turn it shows, and never
 * again when it leaves and comes back; one already in view is announced on the first turn. */
static void a_mouse_coming_into_view_is_announced_once(void **state)
{
    (void)state;
    const char *const *rows = fixture_map_round_the_corner();
    Game *g = fixture_game(1, 1, rows);
    Entity *m = fixture_find(g, KIND_ID_MICRO_MOUSE);
    assert_false(game_cell_visible(g, m->x, m->y));
    g->player->stats.hp = g->player->stats.max_hp = 1000;
    m->mind.state = MIND_SEARCHING; /* on its way to where the player is */
    m->mind.target_x = g->player->x;
    m->mind.target_y = g->player->y;
    int shown_at = -1;
    for (int turn = 0; turn < 30; turn++) {
        bool visible_before = game_cell_visible(g, m->x, m->y);
        assert_true(fixture_do(g, command_wait()));
        int said = times_said(g, "You see a Micro Mouse, to the ");
        if (shown_at < 0 && game_cell_visible(g, m->x, m->y)) {
            assert_false(visible_before);
            shown_at = turn;
            assert_int_equal(said, 1);
            assert_int_equal(fixture_tone_of(g, "You see a Micro Mouse, to the ", 3), MSG_WARN);
            char where[80]; /* and where it is, from the player */
            snprintf(where, sizeof where, "You see a Micro Mouse, to the %s.",
                     game_compass(m->x - g->player->x, m->y - g->player->y));
            assert_int_equal(times_said(g, where), 1);
            assert_true(m->flags & EF_SEEN);
        } else {
            assert_int_equal(said, shown_at < 0 ? 0 : 1);
        }
    }
    assert_true(shown_at > 0); /* it came from out of view */
    /* Out of view and back: no second line. */
    m->x = 8;
    m->y = 7;
    m->mind.state = MIND_SEARCHING;
    game_rebuild_derived(g);
    assert_false(game_cell_visible(g, m->x, m->y));
    wait_turns(g, 30);
    assert_int_equal(times_said(g, "You see a Micro Mouse, to the "), 1);
    fixture_free(g);

    static const char *const throne[] = {
        "#######",
        "#@...K#",
        "#######",
        NULL,
    };
    g = fixture_game(2, 13, throne);
    g->player->stats.hp = g->player->stats.max_hp = 1000;
    assert_true(fixture_do(g, command_wait()));
    assert_int_equal(times_said(g, "You see the Mouse King, to the east!"), 1);
    assert_int_equal(fixture_tone_of(g, "You see the Mouse King, to the east!", 5), MSG_KING);
    wait_turns(g, 3);
    assert_int_equal(times_said(g, "You see the Mouse King, to the east!"), 1);
    fixture_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_mouse_sleeps_until_it_sees_the_player),
        cmocka_unit_test(a_mouse_that_sees_the_player_comes_and_bites),
        cmocka_unit_test(a_mouse_opens_an_unlocked_door),
        cmocka_unit_test(a_mouse_never_opens_a_locked_or_hidden_door),
        cmocka_unit_test(a_mouse_at_a_doorway_corner_steps_in_line_before_biting),
        cmocka_unit_test(a_mouse_walks_through_a_doorway_in_line),
        cmocka_unit_test(speed_is_turns_per_ten),
        cmocka_unit_test(a_lost_mouse_goes_to_where_it_last_saw_the_player),
        cmocka_unit_test(the_king_calls_for_mice),
        cmocka_unit_test(a_mouse_coming_into_view_is_announced_once),
    };
    return RUN_TESTS(tests);
}
