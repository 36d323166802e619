/* The edges of rules that no other test pinned down: a blow of no damage, the levels that
 * give defence, each part of the score and its ceiling, a closed door in the line of sight,
 * the player's sight radius, the order of the cells beside the stairs, a seed per floor, HP
 * regained only up to the maximum, a mouse's sight radius, its sleep and its way round doors, a
 * Health Pack at near full HP, and each check of the floor validator on its own. Each test breaks
 * when its rule (docs/RULES.md) is broken in the code: tests/mutations.txt does it. */
#include "test_support.h"

#include <stdio.h>

#include "game_fixture.h"
#include "gen/gen.h"

static void wait_turns(Game *g, int n)
{
    for (int i = 0; i < n; i++)
        fixture_do(g, command_of(CMD_WAIT));
}

/* R-COMBAT-2: attack 2..2 against defence 2 is 0, and the blow still takes combat.min_damage. */
static void a_blow_of_no_damage_takes_the_least(void **state)
{
    (void)state;
    static const char *const rows[] = {"#####", "#@T.#", "#####", NULL};
    int hits = 0;
    for (uint64_t seed = 1; seed <= 6 && !hits; seed++) {
        Game *g = fixture_game(seed, 1, rows);
        Entity *m = fixture_find(g, KIND_ID_TOUGH_MOUSE);
        g->player->stats.attack_min = g->player->stats.attack_max = 2;
        m->stats.defence = 2;
        m->stats.speed = 1; /* it does not bite back in these few turns */
        for (int turn = 0; turn < 6 && !hits; turn++) {
            int hp = m->stats.hp;
            fixture_step(g, 1, 0);
            if (g->events & GAME_EVENT_HIT) {
                assert_int_equal(m->stats.hp, hp - g->rules->min_damage);
                hits++;
            }
        }
        fixture_free(g);
    }
    assert_int_equal(hits, 1);
}

/* R-LEVEL-3: +1 defence on levels 5, 9 and 13 and on no other. */
static void defence_comes_on_levels_five_nine_and_thirteen(void **state)
{
    (void)state;
    static const char *const rows[] = {"####", "#@.#", "####", NULL};
    Game *g = fixture_game(1, 1, rows);
    Stats *s = &g->player->stats;
    int defence = s->defence;
    for (int level = 2; level <= 13; level++) {
        game_gain_xp(g, game_next_level_xp(g) - s->xp);
        assert_int_equal(s->level, level);
        defence += level == 5 || level == 9 || level == 13;
        assert_int_equal(s->defence, defence);
    }
    fixture_free(g);
}

/* R-SCORE-1: XP, the deepest floor and the kills each count by their own factor. */
static void the_score_counts_xp_floors_and_kills(void **state)
{
    (void)state;
    static const char *const rows[] = {"####", "#@.#", "####", NULL};
    Game *g = fixture_game(1, 1, rows);
    const Rules *r = g->rules;
    g->player->stats.xp = 7;
    g->deepest = 3;
    g->counters.kills = 2;
    assert_true(r->score_per_xp != r->score_per_floor && r->score_per_kill != 0);
    assert_int_equal(game_score(g),
                     7 * r->score_per_xp + 3 * r->score_per_floor + 2 * r->score_per_kill);
    fixture_free(g);
}

/* R-SCORE-1: however large the rules' factors, the score stops at GAME_SCORE_MAX. */
static void the_score_stops_at_its_ceiling(void **state)
{
    (void)state;
    static const char *const rows[] = {"####", "#@.#", "####", NULL};
    Game *g = fixture_game(1, 1, rows);
    Rules big = *g->rules;
    big.score_per_xp = 2000000000;
    g->rules = &big;
    g->player->stats.xp = GAME_XP_MAX; /* 2 * 10^18 before the ceiling */
    assert_true(game_score(g) == GAME_SCORE_MAX);
    g->rules = test_rules();
    fixture_free(g);
}

/* R-SIGHT-2: a closed door hides what is behind it; opened, it shows it. */
static void a_closed_door_blocks_sight(void **state)
{
    (void)state;
    static const char *const rows[] = {"#########", "#@..+...#", "#########", NULL};
    Game *g = fixture_game(1, 1, rows);
    assert_true(game_cell_visible(g, 4, 1)); /* the door itself is seen */
    assert_false(game_cell_visible(g, 5, 1));
    assert_false(game_cell_visible(g, 7, 1));
    fixture_step(g, 1, 0);
    fixture_step(g, 1, 0);
    fixture_step(g, 1, 0); /* the bump opens it */
    assert_int_equal(fixture_find(g, KIND_ID_DOOR)->door, DOOR_OPEN);
    assert_true(game_cell_visible(g, 7, 1));
    fixture_free(g);
}

/* R-SIGHT-3: the player sees player.sight (9) cells down a corridor, not 10. */
static void the_player_sees_as_far_as_her_sight(void **state)
{
    (void)state;
    static const char *const rows[] = {"##############", "#@...........#", "##############", NULL};
    Game *g = fixture_game(1, 1, rows);
    assert_int_equal(g->player->stats.sight, 9);
    assert_true(game_cell_visible(g, 1 + 9, 1));
    assert_false(game_cell_visible(g, 1 + 10, 1));
    fixture_free(g);
}

/* R-FLOOR-5: beside means east, west, south, north, then the diagonals, first free. */
static void the_cell_beside_goes_east_west_south_north(void **state)
{
    (void)state;
    static const char *const rows[] = {"#####", "#...#", "#.>.#", "#...#", "#####", NULL};
    static const int order[8][2] = {{1, 0}, {-1, 0}, {0, 1},  {0, -1},
                                    {1, 1}, {-1, 1}, {1, -1}, {-1, -1}};
    Game *g = fixture_game(1, 1, rows);
    Floor *f = game_floor(g);
    for (int i = 0; i < 8; i++) {
        int x = -1, y = -1;
        assert_true(floor_cell_beside(f, 2, 2, &x, &y));
        assert_int_equal(x, 2 + order[i][0]);
        assert_int_equal(y, 2 + order[i][1]);
        map_set(&f->map, x, y, TILE_WALL, ZONE_NONE); /* taken: the next in order */
    }
    int x, y;
    assert_false(floor_cell_beside(f, 2, 2, &x, &y));
    fixture_free(g);
}

/* R-FLOOR-7: every floor has a seed of its own, drawn from the game's seed. */
static void each_floor_has_its_own_seed(void **state)
{
    (void)state;
    GameSeeds a, b;
    seeds_derive(&a, 42);
    seeds_derive(&b, 42);
    for (int f = 0; f < FLOOR_COUNT; f++) {
        assert_true(a.floors[f] == b.floors[f]);
        assert_true(a.floors[f] != 42);
        for (int h = 0; h < f; h++)
            assert_true(a.floors[f] != a.floors[h]);
    }
}

/* R-TURN-1: a turn gives back one HP every combat.regen_turns turns, never past the maximum. */
static void regeneration_stops_at_the_maximum(void **state)
{
    (void)state;
    static const char *const rows[] = {"####", "#@.#", "####", NULL};
    Game *g = fixture_game(1, 1, rows);
    Stats *s = &g->player->stats;
    int regen = g->rules->regen_turns;
    s->hp = s->max_hp - 1;
    wait_turns(g, 2 * regen);
    assert_int_equal(s->hp, s->max_hp);
    wait_turns(g, 2 * regen);
    assert_int_equal(s->hp, s->max_hp);
    fixture_free(g);
}

/* R-MOUSE-2: a mouse wakes when the player is within its sight (dx²+dy² <= sight²), not a
 * cell further. A Micro Mouse sees 6 cells: at 7 it sleeps on, at 6 it wakes. */
static void a_mouse_sees_as_far_as_its_sight(void **state)
{
    (void)state;
    static const char *const rows[] = {"##########", "#@......m#", "##########", NULL};
    Game *g = fixture_game(1, 1, rows);
    Entity *m = fixture_find(g, KIND_ID_MICRO_MOUSE);
    assert_int_equal(m->stats.sight, 6);
    assert_int_equal(m->x - g->player->x, 7);
    wait_turns(g, 3);
    assert_int_equal(m->mind.state, MIND_DORMANT);
    assert_int_equal(m->mind.energy, 0); /* R-MOUSE-3: asleep, it saves up nothing */
    fixture_step(g, 1, 0);
    assert_int_equal(m->mind.state, MIND_HUNTING);
    fixture_free(g);
}

/* A mouse searching for (tx, ty), where it last saw the player (who is out of its sight). */
static Entity *searching_mouse(Game *g, int tx, int ty)
{
    Entity *m = fixture_find(g, KIND_ID_MICRO_MOUSE);
    m->mind.state = MIND_SEARCHING;
    m->mind.target_x = tx;
    m->mind.target_y = ty;
    return m;
}

/* R-MOUSE-4: a closed door costs a mouse 20 extra, so it takes a way round of two diagonal
 * steps (28) rather than open the door on a way of two straight ones (20 + 20). */
static void a_mouse_goes_round_a_closed_door_when_it_is_cheaper(void **state)
{
    (void)state;
    static const char *const rows[] = {"#####", "#m+.#", "#...#", "#####", "#@###", NULL};
    Game *g = fixture_game(1, 1, rows);
    Entity *m = searching_mouse(g, 3, 1);
    wait_turns(g, 1);
    assert_int_equal(fixture_find(g, KIND_ID_DOOR)->door, DOOR_CLOSED);
    assert_int_equal(m->x, 2);
    assert_int_equal(m->y, 2);
    fixture_free(g);
}

/* R-MOUSE-4: a locked door is a wall to a mouse's path: it goes the long way round. */
static void a_mouse_goes_round_a_locked_door(void **state)
{
    (void)state;
    static const char *const rows[] = {
        "##########", "#m..L...#", "#.####..##", "#.......##", "##########", "#@########", NULL,
    };
    Game *g = fixture_game(1, 1, rows);
    Entity *m = searching_mouse(g, 7, 1);
    bool there = false;
    for (int turn = 0; turn < 14 && !there; turn++) {
        wait_turns(g, 1);
        there = m->x == 7 && m->y == 1;
    }
    assert_true(there);
    fixture_free(g);
}

/* R-ITEM-5: a Health Pack heals up to the maximum, no further. */
static void a_health_pack_heals_up_to_the_maximum(void **state)
{
    (void)state;
    static const char *const rows[] = {"#####", "#@!.#", "#####", NULL};
    Game *g = fixture_game(1, 1, rows);
    fixture_step(g, 1, 0);
    Stats *s = &g->player->stats;
    s->hp = s->max_hp - 3;
    assert_true(fixture_do(g, command_item(CMD_USE, 0)));
    assert_int_equal(s->hp, s->max_hp);
    assert_true(fixture_said_recently(g, "You use a Health Pack: +3 HP.", 3));
    fixture_free(g);
}

/* A floor 1 the validator passes, each guarantee then broken alone (R-GUAR-1..9): the floor's
 * other checks still hold, so only the check of that guarantee can refuse it. The arrival is
 * beside the Stairs (Down); a locked door leads to a closet with a Crowbar in it. */
static const char *const valid_floor[] = {
    "############", "#>.........#", "#..........#", "#.........<#", "#####L######",
    "###........#", "###).......#", "############", NULL,
};

static Game *valid_game(void)
{
    Game *g = fixture_game(1, 1, valid_floor);
    Floor *f = game_floor(g);
    entity_list_detach(&f->entities, g->player); /* the validator sees the floor as made */
    f->arrival_x = 2;
    f->arrival_y = 1;
    return g;
}

static bool valid(Game *g)
{
    char why[256];
    bool ok = gen_floor_check(game_floor(g), g->factory.kinds, GEN_CHECK_FRESH, why, sizeof why);
    if (!ok)
        printf("# refused: %s\n", why);
    return ok;
}

static void free_valid_game(Game *g)
{
    entity_list_add(&game_floor(g)->entities, g->player);
    fixture_free(g);
}

static Entity *add(Game *g, KindId kind, int x, int y)
{
    Entity *e = game_spawn(g, game_floor(g), kind, x, y);
    assert_non_null(e);
    return e;
}

/* R-GUAR-1..4: the map's edge, the arrival point, the stairs, every cell reached. */
static void the_validator_refuses_each_broken_map(void **state)
{
    (void)state;
    Game *g = valid_game();
    Floor *f = game_floor(g);
    assert_true(valid(g));

    /* R-GUAR-1: an open cell on the edge, reachable from the room. */
    map_set(&f->map, 0, 2, TILE_FLOOR, ZONE_ROOM);
    assert_false(valid(g));
    map_set(&f->map, 0, 2, TILE_WALL, ZONE_NONE);
    assert_true(valid(g));

    /* R-GUAR-2: the arrival point under the stairs (the stairs moved onto it). */
    Entity *down = fixture_find(g, KIND_ID_STAIRS_DOWN);
    down->x = 2;
    assert_false(valid(g));
    down->x = 1;
    assert_true(valid(g));

    /* R-GUAR-3: no Stairs (Down) on floor 1. */
    down->flags |= EF_REMOVED;
    assert_false(valid(g));
    down->flags &= ~EF_REMOVED;
    assert_true(valid(g));

    /* R-GUAR-4: an open cell walled in on all sides, in the closet's corner. */
    map_set(&f->map, 1, 6, TILE_FLOOR, ZONE_ROOM);
    assert_false(valid(g));
    map_set(&f->map, 1, 6, TILE_WALL, ZONE_NONE);
    assert_true(valid(g));
    free_valid_game(g);
}

/* R-GUAR-5..9: what lies behind the locked door, who shares a cell, where the mice are. */
static void the_validator_refuses_each_thing_out_of_place(void **state)
{
    (void)state;
    Game *g = valid_game();
    assert_true(valid(g));

    /* R-GUAR-5: the Stairs (Up) behind the locked door. */
    Entity *up = fixture_find(g, KIND_ID_STAIRS_UP);
    up->x = 8;
    up->y = 6;
    assert_false(valid(g));
    up->x = 10;
    up->y = 3;
    assert_true(valid(g));

    /* R-GUAR-6: a Key behind the locked door. */
    Entity *key = add(g, KIND_ID_KEY, 9, 6);
    assert_false(valid(g));
    key->y = 2;
    assert_true(valid(g));

    /* R-GUAR-7: two mice on one cell, far from the arrival point. */
    Entity *m1 = add(g, KIND_ID_MICRO_MOUSE, 10, 2);
    assert_true(valid(g));
    Entity *m2 = add(g, KIND_ID_MICRO_MOUSE, 10, 2);
    assert_false(valid(g));
    m2->y = 1;
    assert_true(valid(g));

    /* R-GUAR-9: a mouse beside the arrival point, on a floor just made. */
    m1->x = 3;
    assert_false(valid(g));
    m1->x = 10;
    assert_true(valid(g));

    /* R-GUAR-9: a Meta Mouse (floor 9 and up) on floor 1. */
    Entity *meta = add(g, KIND_ID_META_MOUSE, 9, 3);
    assert_false(valid(g));
    meta->flags |= EF_REMOVED;
    assert_true(valid(g));
    free_valid_game(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_blow_of_no_damage_takes_the_least),
        cmocka_unit_test(defence_comes_on_levels_five_nine_and_thirteen),
        cmocka_unit_test(the_score_counts_xp_floors_and_kills),
        cmocka_unit_test(the_score_stops_at_its_ceiling),
        cmocka_unit_test(a_closed_door_blocks_sight),
        cmocka_unit_test(the_player_sees_as_far_as_her_sight),
        cmocka_unit_test(the_cell_beside_goes_east_west_south_north),
        cmocka_unit_test(each_floor_has_its_own_seed),
        cmocka_unit_test(regeneration_stops_at_the_maximum),
        cmocka_unit_test(a_mouse_sees_as_far_as_its_sight),
        cmocka_unit_test(a_mouse_goes_round_a_closed_door_when_it_is_cheaper),
        cmocka_unit_test(a_mouse_goes_round_a_locked_door),
        cmocka_unit_test(a_health_pack_heals_up_to_the_maximum),
        cmocka_unit_test(the_validator_refuses_each_broken_map),
        cmocka_unit_test(the_validator_refuses_each_thing_out_of_place),
    };
    return RUN_TESTS(tests);
}
