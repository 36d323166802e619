/* The caches (src/game/caches.c): after every way the state can change under them (a door a
 * mouse opens in view or out of it, a hidden door found, a door unlocked or opened by the
 * player, a step that shows new cells, another floor) what the game derives matches what it
 * derives from the state afresh. A forgotten invalidation fails here. */
#include "test_support.h"

#include <stdio.h>

#include "bot/bot.h"
#include "game/travel.h"
#include "game_fixture.h"
#include "store/journal.h"

enum { PATH_MAX_CELLS = MAP_WIDTH * MAP_HEIGHT };

typedef struct Derived {
    uint8_t visible[MAP_WIDTH * MAP_HEIGHT];
    PathCell path[PATH_MAX_CELLS];
    int path_len;
    PathCell edge[MAP_WIDTH * MAP_HEIGHT];
    int edge_len;
    int32_t dist[MAP_WIDTH * MAP_HEIGHT];
} Derived;

/* What the game gives now, through the functions travel, exploring and the UI use. */
static void derive(Game *g, int tx, int ty, Derived *d)
{
    memcpy(d->visible, game_visible_cells(g), sizeof d->visible);
    d->path_len = game_travel_path(g, tx, ty, d->path, PATH_MAX_CELLS);
    const PathCell *edge;
    d->edge_len = game_caches_frontier(g, &edge);
    memcpy(d->edge, edge, (size_t)d->edge_len * sizeof *edge);
    game_known_distances(g, d->dist);
}

/* The caches as the last command left them agree with the state, and with everything thrown
 * away and built again: the sight, a travel path to (tx, ty), the unexplored edge and the
 * known distances. The caches are left built, so that the next change has something to
 * make stale. */
static void assert_fresh(Game *g, int tx, int ty)
{
    char err[200];
    if (!game_caches_check(g, err, sizeof err))
        fail_msg("turn %u: %s", (unsigned)g->turn, err);
    static Derived kept, fresh;
    derive(g, tx, ty, &kept);
    game_rebuild_derived(g);
    derive(g, tx, ty, &fresh);
    assert_memory_equal(kept.visible, fresh.visible, sizeof kept.visible);
    assert_int_equal(kept.path_len, fresh.path_len);
    assert_memory_equal(kept.path, fresh.path, (size_t)kept.path_len * sizeof *kept.path);
    assert_int_equal(kept.edge_len, fresh.edge_len);
    assert_memory_equal(kept.edge, fresh.edge, (size_t)kept.edge_len * sizeof *kept.edge);
    assert_memory_equal(kept.dist, fresh.dist, sizeof kept.dist);
}

static void wait_until_open(Game *g, const Entity *door, int tx, int ty)
{
    assert_fresh(g, tx, ty);
    for (int turn = 0; turn < 20 && door->door != DOOR_OPEN; turn++) {
        assert_true(fixture_do(g, command_of(CMD_WAIT)));
        assert_fresh(g, tx, ty);
    }
    assert_int_equal(door->door, DOOR_OPEN);
}

/* A mouse coming for the player opens a door the player sees: sight goes through it now. */
static void a_door_a_mouse_opens_in_view(void **state)
{
    (void)state;
    static const char *const rows[] = {
        "###########",
        "#@....+..m#",
        "###########",
        NULL,
    };
    Game *g = fixture_game(21, 1, rows);
    Entity *m = fixture_find(g, KIND_ID_MICRO_MOUSE);
    m->mind = (Mind){.state = MIND_HUNTING, .target_x = 1, .target_y = 1};
    const Entity *door = fixture_find(g, KIND_ID_DOOR);
    assert_false(game_cell_visible(g, 7, 1));
    wait_until_open(g, door, 5, 1);
    assert_true(game_cell_visible(g, 7, 1));
    fixture_free(g);
}

/* A door the player remembers, far out of view, opened by a mouse: what travel knows of it
 * changes though nothing in view does. */
static void a_door_a_mouse_opens_out_of_view(void **state)
{
    (void)state;
    static const char *const rows[] = {
        "#######################",
        "#@..............+...m.#",
        "#######################",
        NULL,
    };
    Game *g = fixture_game(22, 1, rows);
    Floor *f = game_floor(g);
    memset(f->seen, 1, (size_t)(f->map.width * f->map.height)); /* the player knows the floor */
    game_rebuild_derived(g);
    Entity *m = fixture_find(g, KIND_ID_MICRO_MOUSE);
    m->mind = (Mind){.state = MIND_SEARCHING, .target_x = 10, .target_y = 1};
    const Entity *door = fixture_find(g, KIND_ID_DOOR);
    assert_false(game_cell_visible(g, door->x, door->y));
    wait_until_open(g, door, 19, 1);
    assert_false(game_cell_visible(g, door->x, door->y));
    fixture_free(g);
}

/* A thorough search finds a hidden door in view: the wall becomes a door travel can use. */
static void a_hidden_door_found(void **state)
{
    (void)state;
    Game *g = fixture_game(23, 1, fixture_map_door_three_away());
    const Entity *door = fixture_find(g, KIND_ID_DOOR_HIDDEN);
    assert_fresh(g, 4, 3);
    for (int i = 0; i < g->rules->search_thorough_after && door->door == DOOR_HIDDEN; i++) {
        assert_true(fixture_do(g, command_of(CMD_SEARCH)));
        assert_fresh(g, 4, 3);
    }
    assert_int_equal(door->door, DOOR_CLOSED);
    fixture_free(g);
}

/* The player takes a Key, unlocks a door, opens it and walks through: every step of it. */
static void a_door_unlocked_and_opened_by_the_player(void **state)
{
    (void)state;
    static const char *const rows[] = {
        "#######", "#@k...#", "###L###", "#.....#", "#######", NULL,
    };
    Game *g = fixture_game(24, 1, rows);
    const Entity *door = fixture_find(g, KIND_ID_DOOR_LOCKED);
    assert_fresh(g, 5, 1);
    const int moves[][2] = {{1, 0}, {1, 0}, {0, 1}, {0, 1}, {0, 1}, {0, 1}};
    for (size_t i = 0; i < sizeof moves / sizeof *moves; i++) {
        fixture_step(g, moves[i][0], moves[i][1]);
        assert_fresh(g, 5, 1);
    }
    assert_int_equal(door->door, DOOR_OPEN);
    assert_int_equal(g->player->y, 3);
    fixture_free(g);
}

/* Round a corner, each step shows cells never seen: the unexplored edge moves with them. */
static void steps_that_show_new_cells(void **state)
{
    (void)state;
    static const char *const rows[] = {
        "##########", "#@.......#", "########.#", "########.#", "########.#",
        "########.#", "########.#", "#........#", "##########", NULL,
    };
    Game *g = fixture_game(25, 1, rows);
    assert_fresh(g, 8, 1);
    for (int i = 0; i < 7; i++) {
        assert_true(fixture_step(g, 1, 0));
        assert_fresh(g, 8, 1);
    }
    for (int i = 0; i < 6; i++) {
        assert_true(fixture_step(g, 0, 1));
        assert_fresh(g, 1, 1);
    }
    fixture_free(g);
}

/* Up the stairs to a new floor and back down to the one left. */
static void another_floor_and_back(void **state)
{
    (void)state;
    static const char *const rows[] = {
        "#######", "#@..<.#", "#.....#", "#######", NULL,
    };
    Game *g = fixture_game(26, 0, rows);
    assert_fresh(g, 2, 2);
    assert_true(fixture_step(g, 1, 0));
    assert_true(fixture_step(g, 1, 0));
    assert_fresh(g, 1, 2);
    assert_true(fixture_step(g, 1, 0)); /* onto the stairs */
    assert_int_equal(g->current, 1);
    assert_fresh(g, g->player->x, g->player->y);
    const Entity *down = fixture_find(g, KIND_ID_STAIRS_DOWN);
    assert_non_null(down);
    assert_true(fixture_step(g, down->x - g->player->x, down->y - g->player->y));
    assert_int_equal(g->current, 0);
    assert_fresh(g, 1, 2);
    fixture_free(g);
}

static void check_after_command(void *ctx, const Command *cmd, const Game *after)
{
    (void)cmd;
    int *commands = ctx;
    char err[200];
    if (!game_caches_check(after, err, sizeof err))
        fail_msg("seed %llu, turn %u, floor %d: %s", (unsigned long long)after->seeds.game,
                 (unsigned)after->turn, after->current, err);
    ++*commands;
}

/* Whole games by the bot, the caches checked after every command it sends. */
static void the_caches_hold_through_whole_games(void **state)
{
    (void)state;
    Bot *bot = malloc(sizeof *bot);
    Game *g = malloc(sizeof *g);
    assert_non_null(bot);
    assert_non_null(g);
    for (uint64_t seed = 1; seed <= 3; seed++) {
        assert_true(game_init(g, seed, test_rules()));
        bot_init(bot);
        int commands = 0;
        bot->on_command = check_after_command;
        bot->on_command_ctx = &commands;
        while (g->turn < 3000 && bot_play_turn(bot, g))
            ;
        assert_true(commands > 500);
        game_free(g);
    }
    free(g);
    free(bot);
}

/* Exploring keeps its last map and walks down it again while the costs and the goals are
 * the same (travel.c, kept_map_serves), and the bot keeps the wall it walks to while it stays
 * the nearest (bot_walls.c): the bot's games go turn for turn as games that throw every cache
 * and the bot's kept wall away before each turn. */
static void a_kept_map_walks_as_a_fresh_one(void **state)
{
    (void)state;
    Bot *bots = malloc(2 * sizeof *bots);
    Game *games = malloc(2 * sizeof *games);
    assert_non_null(bots);
    assert_non_null(games);
    long walls_kept = 0;
    for (uint64_t seed = 1; seed <= 2; seed++) {
        for (int k = 0; k < 2; k++) {
            assert_true(game_init(&games[k], seed, test_rules()));
            bot_init(&bots[k]);
        }
        bool playing = true;
        while (playing && games[0].turn < 12000) {
            game_rebuild_derived(&games[1]);
            bot_forget_kept(&bots[1]);
            playing = bot_play_turn(&bots[0], &games[0]);
            assert_true(bot_play_turn(&bots[1], &games[1]) == playing);
            if (game_state_hash(&games[0]) != game_state_hash(&games[1]))
                fail_msg("seed %llu, turn %u: the games part", (unsigned long long)seed,
                         (unsigned)games[0].turn);
        }
        walls_kept += bots[0].walls_kept;
        assert_true(bots[1].walls_kept == 0);
        for (int k = 0; k < 2; k++)
            game_free(&games[k]);
    }
    assert_true(walls_kept > 0);
    free(games);
    free(bots);
}

/* Travel walks down its kept map from a cell the map had settled only: after steps away
 * from the way (here at random, in a room of pillars the player knows), the walk goes on as
 * one from a map made afresh. */
static void a_kept_trip_after_steps_aside(void **state)
{
    (void)state;
    static const char *const rows[] = {
        "####################", "#@.................#",
        "#..#...#....#...#..#", "#......#..........##",
        "#..#.......#...#...#", "#.....#..#.........#",
        "####################", NULL,
    };
    Game *g[2] = {fixture_game(3, 1, rows), fixture_game(3, 1, rows)};
    uint32_t rng = 12345;
    for (int k = 0; k < 2; k++) {
        Floor *f = game_floor(g[k]);
        memset(f->seen, 1, (size_t)(f->map.width * f->map.height));
        game_rebuild_derived(g[k]);
    }
    for (int i = 0; i < 3000; i++) {
        rng = rng * 1103515245u + 12345u;
        int r = (int)(rng >> 16);
        /* Toward a corner of the room for 20 commands, the 6th to 11th steps away from it. */
        int to = i / 20 % 4, tx = to % 2 ? 18 : 1, ty = to / 2 ? 5 : 1;
        Command c = i % 20 < 5 || i % 20 >= 11 ? command_travel(tx, ty)
                                               : command_move(tx > 1 ? -1 : 1, r % 3 - 1);
        game_rebuild_derived(g[1]);
        for (int k = 0; k < 2; k++)
            fixture_do(g[k], c);
        if (g[0]->player->x != g[1]->player->x || g[0]->player->y != g[1]->player->y)
            fail_msg("command %d: the walks part", i);
    }
    fixture_free(g[0]);
    fixture_free(g[1]);
}

/* Whether game_known_cost_beside(x, y) is what the whole map from the player, dist, gives. */
static bool beside_as_the_map_gives(Game *g, const int32_t *dist, int x, int y)
{
    int32_t best = PATH_UNREACHED;
    for (int cy = y - 1; cy <= y + 1; cy++)
        for (int cx = x - 1; cx <= x + 1; cx++)
            if (map_in_bounds(&game_floor(g)->map, cx, cy) && dist[cy * MAP_WIDTH + cx] < best)
                best = dist[cy * MAP_WIDTH + cx];
    int32_t got = game_known_cost_beside(g, x, y);
    if (got != best)
        fprintf(stderr, "turn %u, beside (%d, %d): %d, not %d\n", (unsigned)g->turn, x, y, got,
                best);
    return got == best;
}

/* The cheapest way from the player to beside a cell (travel.c, game_known_cost_beside),
 * searched from that cell's side when no extra cost is in the way, is the one a map of the
 * whole floor from the player gives: beside every mouse and door of the bot's games each
 * turn, and every fourth cell of the floor every hundred turns. */
static void the_way_to_beside_a_cell_as_a_whole_map_gives(void **state)
{
    (void)state;
    Bot *bot = malloc(sizeof *bot);
    Game *g = malloc(sizeof *g);
    static int32_t dist[MAP_WIDTH * MAP_HEIGHT];
    assert_non_null(bot);
    assert_non_null(g);
    assert_true(game_init(g, 2, test_rules()));
    bot_init(bot);
    int asked = 0;
    while (g->turn < 3000 && bot_play_turn(bot, g)) {
        game_known_distances(g, dist);
        for (const Entity *e = game_floor(g)->entities.head; e; e = e->next)
            if (e->kind == KIND_MONSTER || e->kind == KIND_DOOR) {
                assert_true(beside_as_the_map_gives(g, dist, e->x, e->y));
                asked++;
            }
        for (int i = 0; g->turn % 100 == 0 && i < MAP_WIDTH * MAP_HEIGHT; i += 4)
            assert_true(beside_as_the_map_gives(g, dist, i % MAP_WIDTH, i / MAP_WIDTH));
    }
    assert_true(asked > 1000);
    game_free(g);
    free(g);
    free(bot);
    static const char *const rows[] = {
        "#########", "#@......#", "#######.#", "#.......#", "#########", NULL,
    };
    g = fixture_game(1, 1, rows); /* a wall between: the way round, never through it */
    memset(game_floor(g)->seen, 1, MAP_WIDTH * MAP_HEIGHT);
    game_rebuild_derived(g);
    game_known_distances(g, dist);
    for (int x = 0; x < 9; x++)
        for (int y = 0; y < 5; y++)
            assert_true(beside_as_the_map_gives(g, dist, x, y));
    fixture_free(g);
}

/* The bot keeps its wall only on the floor and the costs it chose it on (bot_walls.c): with
 * either made different before every turn, it never keeps one. */
static void a_kept_wall_needs_the_same_floor_and_costs(void **state)
{
    (void)state;
    Bot *bot = malloc(sizeof *bot);
    Game *g = malloc(sizeof *g);
    assert_non_null(bot);
    assert_non_null(g);
    assert_true(game_init(g, 1, test_rules()));
    bot_init(bot);
    int changed = 0;
    do {
        if (bot->walls_target >= 0 && changed++ % 2)
            bot->walls_floor = g->current + 1;
        else if (bot->walls_target >= 0)
            bot->walls_costs[bot->walls_target] ^= 1;
    } while (g->turn < 12000 && bot_play_turn(bot, g));
    assert_true(changed > 100);
    assert_true(bot->walls_kept == 0);
    game_free(g);
    free(g);
    free(bot);
}

/* The state hash of the recordings sees only state: building the caches again, or asking for
 * paths, changes nothing it reads. */
static void the_state_hash_leaves_the_caches_out(void **state)
{
    (void)state;
    Game *g = fixture_game(27, 1, fixture_map_round_the_corner());
    uint64_t before = game_state_hash(g);
    static Derived d;
    derive(g, 8, 5, &d);
    game_caches_invalidate(g, CACHE_ALL);
    assert_true(game_state_hash(g) == before);
    game_rebuild_derived(g);
    derive(g, 8, 5, &d);
    assert_true(game_state_hash(g) == before);
    fixture_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_door_a_mouse_opens_in_view),
        cmocka_unit_test(a_door_a_mouse_opens_out_of_view),
        cmocka_unit_test(a_hidden_door_found),
        cmocka_unit_test(a_door_unlocked_and_opened_by_the_player),
        cmocka_unit_test(steps_that_show_new_cells),
        cmocka_unit_test(another_floor_and_back),
        cmocka_unit_test(the_caches_hold_through_whole_games),
        cmocka_unit_test(a_kept_map_walks_as_a_fresh_one),
        cmocka_unit_test(a_kept_wall_needs_the_same_floor_and_costs),
        cmocka_unit_test(a_kept_trip_after_steps_aside),
        cmocka_unit_test(the_way_to_beside_a_cell_as_a_whole_map_gives),
        cmocka_unit_test(the_state_hash_leaves_the_caches_out),
    };
    return RUN_TESTS(tests);
}
