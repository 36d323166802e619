/* Travel and auto-explore (src/game/travel.c): walking by what the player knows, and
 * stopping for what a player would want to see. */
#include "test_support.h"

#include "game/travel.h"
#include "game_fixture.h"

static int run(Game *g, Command first, int max)
{
    int steps = 0;
    if (fixture_do(g, first))
        steps++;
    while (g->activity != ACTIVITY_NONE && steps < max && fixture_do(g, command_of(CMD_CONTINUE)))
        steps++;
    return steps;
}

static void travel_walks_the_shortest_known_path(void **state)
{
    (void)state;
    static const char *const rows[] = {
        "#########", "#@......#", "#.#####.#", "#.......#", "#########", NULL,
    };
    Game *g = fixture_game(1, 1, rows);
    Floor *f = game_floor(g);
    memset(f->seen, 1, (size_t)(f->map.width * f->map.height)); /* a floor the player knows */
    int steps = run(g, command_travel(7, 3), 100);
    assert_int_equal(g->player->x, 7);
    assert_int_equal(g->player->y, 3);
    assert_int_equal(steps, 7); /* either way round costs 5 straight, 1 diagonal, 1 straight */
    assert_int_equal(g->activity, ACTIVITY_NONE);
    fixture_free(g);
}

static void the_path_shown_is_the_path_walked(void **state)
{
    (void)state;
    static const char *const rows[] = {
        "############", "#@.........#", "#.####.###.#", "#......#...#", "############", NULL,
    };
    Game *g = fixture_game(7, 1, rows);
    Floor *f = game_floor(g);
    memset(f->seen, 1, (size_t)(f->map.width * f->map.height));
    PathCell shown[64];
    int n = game_travel_path(g, 10, 3, shown, 64);
    assert_true(n > 0);
    assert_int_equal(game_travel_path(g, 1, 1, shown + 32, 8), 0); /* already there */
    assert_true(fixture_do(g, command_travel(10, 3)));
    for (int i = 0; i < n; i++) {
        assert_int_equal(g->player->x, shown[i].x);
        assert_int_equal(g->player->y, shown[i].y);
        if (i + 1 < n)
            assert_true(fixture_do(g, command_of(CMD_CONTINUE)));
    }
    assert_int_equal(g->activity, ACTIVITY_NONE);
    fixture_free(g);
}

static void the_stairs_are_walked_to_once_seen(void **state)
{
    (void)state;
    static const char *const rows[] = {
        "#########", "#@......#", "#......<#", "#########", NULL,
    };
    Game *g = fixture_game(8, 1, rows);
    assert_false(fixture_do(g, command_travel_stairs(-1))); /* there are none down */
    assert_true(fixture_said(g, "There are no stairs down from this floor."));
    int start = g->current;
    run(g, command_travel_stairs(+1), 50);
    assert_int_equal(g->current, start + 1); /* walked there and climbed */
    fixture_free(g);
}

/* Stairs that are there but not seen yet are "not found yet"; none at all (floor 0 has no
 * stairs down, the top floor none up) are said to be none. */
static void stairs_not_seen_are_not_found_yet(void **state)
{
    (void)state;
    static const char *const rows[] = {
        "#########", "#@......#", "#......<#", "#########", "#>......#", "#########", NULL,
    };
    Game *g = fixture_game(8, 1, rows);
    assert_false(fixture_do(g, command_travel_stairs(-1)));
    assert_true(fixture_said(g, "You have not found the stairs down yet."));
    assert_false(fixture_said(g, "There are no stairs down from this floor."));
    fixture_free(g);
}

/* R-STAIRS-KEY-1, R-STAIRS-KEY-2: the stairs key travels to the cell before the stairs and
 * stops there, saying which key takes them; the same key again takes them. Made of the
 * existing commands (travel, a step), so recordings keep their meaning. */
static void the_stairs_key_stops_before_them_and_again_takes_them(void **state)
{
    (void)state;
    static const char *const rows[] = {
        "#########", "#@......#", "#......<#", "#########", NULL,
    };
    Game *g = fixture_game(8, 1, rows);
    Command key = game_stairs_key(g, -1);
    assert_int_equal(key.type, CMD_TRAVEL_STAIRS); /* none down: the engine says so */
    assert_false(fixture_do(g, key));
    assert_true(fixture_said(g, "There are no stairs down from this floor."));
    int start = g->current;
    key = game_stairs_key(g, +1);
    assert_int_equal(key.type, CMD_TRAVEL);
    run(g, key, 50);
    assert_int_equal(g->current, start);
    assert_int_equal(g->activity, ACTIVITY_NONE);
    assert_int_equal(g->player->x, 6);
    assert_true(abs(g->player->y - 2) <= 1);
    assert_true(fixture_said(g, "The stairs up are beside you: < takes them."));
    key = game_stairs_key(g, +1);
    assert_int_equal(key.type, CMD_MOVE);
    assert_true(fixture_do(g, key));
    assert_int_equal(g->current, start + 1);
    fixture_free(g);
}

/* With a mouse in view the walk to the stairs stops beside them, saying why: leaving the
 * floor is the player's call. Without one it takes them (above). */
static void the_walk_to_the_stairs_stops_beside_them_with_a_mouse_in_view(void **state)
{
    (void)state;
    static const char *const rows[] = {
        "###########", "#@.....<..#", "#........m#", "###########", NULL,
    };
    Game *g = fixture_game(8, 1, rows);
    Entity *m = fixture_find(g, KIND_ID_MICRO_MOUSE);
    m->stats.sight = 0; /* it sleeps on: nothing but the rule stops the walk */
    int start = g->current;
    assert_true(game_cell_visible(g, m->x, m->y));
    run(g, command_travel_stairs(+1), 50);
    assert_int_equal(g->current, start);
    assert_int_equal(g->activity, ACTIVITY_NONE);
    assert_int_equal(abs(g->player->x - 7) <= 1 && abs(g->player->y - 1) <= 1, 1);
    assert_true(
        fixture_said_recently(g, "You stop beside the stairs: a Micro Mouse is in view", 2));
    /* A walk pressed again beside them still leaves the last step to the player... */
    uint32_t turn = g->turn;
    assert_false(fixture_do(g, command_travel_stairs(+1)));
    assert_int_equal(g->turn, turn);
    /* ...which the stairs key beside them is (R-STAIRS-KEY-2): a step onto them. */
    assert_true(fixture_do(g, game_stairs_key(g, +1)));
    assert_int_equal(g->current, start + 1);
    fixture_free(g);
}

static void travel_refuses_unknown_places(void **state)
{
    (void)state;
    static const char *const rows[] = {
        "#######",
        "#@.+..#",
        "#######",
        NULL,
    };
    Game *g = fixture_game(2, 1, rows);
    assert_false(fixture_do(g, command_travel(5, 1))); /* behind a closed door: never seen */
    assert_true(fixture_said(g, "You don't know the way there."));
    fixture_free(g);
}

/* R-WALK-5: a fleeing mouse standing in the only way on is named, not "no way up". */
static void explore_names_a_mouse_in_the_only_way(void **state)
{
    (void)state;
    static const char *const rows[] = {
        "############################",  "#@...#......................#",
        "#.....m.....................#", "#....#......................#",
        "############################",  NULL,
    };
    Game *g = fixture_game(3, 1, rows);
    Entity *m = fixture_find(g, KIND_ID_MICRO_MOUSE);
    g->player->x = 4; /* beside the gap, the mouse in it */
    g->player->y = 2;
    for (int x = 7; x < 27; x++) /* the far room is unknown: out of her sight radius */
        for (int y = 1; y < 4; y++)
            game_floor(g)->seen[y * game_floor(g)->map.width + x] = 0;
    game_rebuild_derived(g);
    m->mind.state = MIND_FLEEING;
    m->stats.speed = 1; /* it stays in the gap */
    fixture_do(g, command_of(CMD_EXPLORE));
    assert_true(fixture_said_recently(g, "A Micro Mouse is in the way, to the east.", 2));
    fixture_free(g);
}

static void explore_opens_doors_and_sees_everything(void **state)
{
    (void)state;
    static const char *const rows[] = {
        "##############", "#@...#.......#", "#....+.......#", "#....#.......#",
        "######+#######", "#............#", "##############", NULL,
    };
    Game *g = fixture_game(3, 1, rows);
    run(g, command_of(CMD_EXPLORE), 500);
    const Floor *f = game_floor(g);
    for (int y = 0; rows[y]; y++)
        for (int x = 0; rows[y][x]; x++)
            if (rows[y][x] != '#')
                assert_true(f->seen[y * f->map.width + x]);
    assert_true(
        fixture_said(g, "Explored all you can reach, and no way up: S searches the walls."));
    assert_true(g->counters.doors_opened >= 2);
    fixture_free(g);
}

static void explore_stops_when_a_mouse_comes_into_view(void **state)
{
    (void)state;
    static const char *const rows[] = {
        "##############", "#@...+......m#", "###########.##", "###########.##",
        "###########.##", "#...........##", "##############", NULL,
    };
    Game *g = fixture_game(4, 9, rows);
    Entity *m = fixture_find(g, KIND_ID_MICRO_MOUSE);
    run(g, command_of(CMD_EXPLORE), 500);
    assert_int_equal(g->activity, ACTIVITY_NONE);
    assert_true(g->events & GAME_EVENT_STOPPED);
    assert_true(game_cell_visible(g, 12, 1)); /* stopped because the mouse is in view */
    assert_true(g->player->x <= 5);
    assert_true(fixture_said(g, "You see a Micro Mouse, to the east."));
    /* Asleep and far off: exploring goes on past it, saying so once, until it wakes. */
    assert_int_equal(m->mind.state, MIND_DORMANT);
    int x_before = g->player->x;
    assert_true(fixture_do(g, command_of(CMD_EXPLORE)));
    assert_true(fixture_said_recently(g, "A Micro Mouse sleeps to the east; you explore on.", 3));
    assert_true(g->player->x > x_before);
    run(g, command_of(CMD_CONTINUE), 500);
    assert_int_equal(g->activity, ACTIVITY_NONE);
    assert_int_not_equal(m->mind.state, MIND_DORMANT);
    assert_true(fixture_said_recently(g, "A Micro Mouse wakes up, to the east.", 3));
    /* Awake and able to reach the player: exploring waits, and says for whom. */
    assert_false(fixture_do(g, command_of(CMD_EXPLORE)));
    assert_true(fixture_said(g, "Not while a Micro Mouse is hunting, to the east."));
    fixture_free(g);
}

/* A fleeing mouse keeps away (R-MOUSE-7): exploring goes on past it, saying so. */
static void explore_goes_on_past_a_fleeing_mouse(void **state)
{
    (void)state;
    static const char *const rows[] = {
        "##############",
        "#@......m....#",
        "#............#",
        "#####.########",
        "#............#",
        "##############",
        NULL,
    };
    Game *g = fixture_game(4, 9, rows);
    Entity *m = fixture_find(g, KIND_ID_MICRO_MOUSE);
    m->stats.hp = 1;
    m->stats.speed = 0; /* it stays where it is: nothing but the rule decides */
    m->mind = (Mind){.state = MIND_FLEEING, .target_x = 1, .target_y = 1};
    int x_before = g->player->x, y_before = g->player->y;
    assert_true(fixture_do(g, command_of(CMD_EXPLORE)));
    assert_true(fixture_said_recently(g, "A Micro Mouse flees to the east; you explore on.", 3));
    assert_true(g->player->x != x_before || g->player->y != y_before);
    /* The same mouse hunting stops it. */
    m->mind.state = MIND_HUNTING;
    g->activity = ACTIVITY_NONE;
    assert_false(fixture_do(g, command_of(CMD_EXPLORE)));
    assert_true(fixture_said(g, "Not while a Micro Mouse is hunting, to the east."));
    fixture_free(g);
}

/* A mouse in view standing in the only known way: travel names it, rather than claim the way
 * is unknown (R-WALK-2). */
static void travel_names_the_mouse_in_the_way(void **state)
{
    (void)state;
    static const char *const rows[] = {
        "##########",
        "#@..m....#",
        "##########",
        NULL,
    };
    Game *g = fixture_game(6, 1, rows);
    Entity *m = fixture_find(g, KIND_ID_MICRO_MOUSE);
    m->stats.sight = 1; /* it sleeps on */
    assert_true(game_floor(g)->seen[1 * game_floor(g)->map.width + 7]);
    assert_false(fixture_do(g, command_travel(7, 1)));
    assert_true(fixture_said(g, "A Micro Mouse is in the way, to the east."));
    assert_false(fixture_do(g, command_travel(7, 5))); /* a wall, never seen: unknown */
    fixture_free(g);
}

/* With a full pack, explore leaves items behind and says so when it is done (R-WALK-4). */
static void explore_says_when_a_full_pack_leaves_items(void **state)
{
    (void)state;
    static const char *const rows[] = {
        "#######",
        "#@...)#",
        "#######",
        NULL,
    };
    Game *g = fixture_game(7, 1, rows);
    for (int i = 0; i < g->rules->inventory_limit; i++) {
        Entity *e = game_spawn(g, game_floor(g), KIND_ID_HEALTH_PACK, 2, 1);
        entity_list_detach(&game_floor(g)->entities, e);
        e->flags |= EF_CARRIED_BEFORE; /* as a pick-up marks it */
        assert_true(game_pack_add(g, e) >= 0);
    }
    run(g, command_of(CMD_EXPLORE), 50);
    assert_true(fixture_said(g, "Explored all you can reach; pack full. No way up: S searches "
                                "the walls."));
    assert_non_null(fixture_find(g, KIND_ID_CROWBAR)); /* still on the floor */
    /* Room made, it fetches the Crowbar (not the pack it dropped), and then the line is the
     * usual one. */
    Command drop = command_item(CMD_DROP, 0);
    assert_true(fixture_do(g, drop));
    run(g, command_of(CMD_EXPLORE), 50);
    assert_true(game_find_item(g, KIND_ID_CROWBAR) >= 0); /* the pick-up stopped it */
    run(g, command_of(CMD_EXPLORE), 50); /* full again, but nothing left that it would take */
    assert_true(
        fixture_said(g, "Explored all you can reach, and no way up: S searches the walls."));
    fixture_free(g);
}

static void explore_fetches_items_and_stops_on_pick_up(void **state)
{
    (void)state;
    static const char *const rows[] = {
        "#########", "#@.....!#", "#.......#", "#########", NULL,
    };
    Game *g = fixture_game(5, 1, rows);
    run(g, command_of(CMD_EXPLORE), 100);
    assert_int_equal(game_find_item(g, KIND_ID_HEALTH_PACK), 0);
    assert_true(g->events & GAME_EVENT_PICKUP);
    assert_int_equal(g->activity, ACTIVITY_NONE);
    fixture_free(g);
}

/* A step from (x0, y0) to (x1, y1) touching the doorway at (dx, dy) goes in line. */
static void assert_in_line_at_doorway(int x0, int y0, int x1, int y1, int dx, int dy)
{
    if ((x0 == dx && y0 == dy) || (x1 == dx && y1 == dy))
        assert_true(x0 == x1 || y0 == y1);
}

/* Walks with `first` and then CMD_CONTINUE, checking every step at the doorway (dx, dy);
 * returns the turns taken. */
static int walk_checking_doorway(Game *g, Command first, int max, int dx, int dy)
{
    int turns = 0;
    for (Command c = first; turns < max; c = command_of(CMD_CONTINUE)) {
        int x = g->player->x, y = g->player->y;
        if (!fixture_do(g, c))
            break;
        turns++;
        assert_in_line_at_doorway(x, y, g->player->x, g->player->y, dx, dy);
        if (g->activity == ACTIVITY_NONE)
            break;
    }
    return turns;
}

static const char *const CLOSED_DOORWAY[] = {
    "#######", "#.@...#", "###+###", /* the doorway at (3,2), a corner away from the player */
    "#.....#", "#######", NULL,
};

/* The diagonal is the short way to the door and through it; travel, its preview and explore
 * go round in line instead, as the player must. */
static void travel_and_explore_take_a_doorway_in_line(void **state)
{
    (void)state;
    Game *g = fixture_game(9, 1, CLOSED_DOORWAY);
    Floor *f = game_floor(g);
    memset(f->seen, 1, (size_t)(f->map.width * f->map.height));
    PathCell shown[16];
    int n = game_travel_path(g, 2, 3, shown, 16);
    assert_int_equal(n, 4); /* (3,1), (3,2), (3,3), (2,3) */
    for (int i = 0; i < n; i++)
        assert_in_line_at_doorway(i ? shown[i - 1].x : 2, i ? shown[i - 1].y : 1, shown[i].x,
                                  shown[i].y, 3, 2);
    assert_int_equal(walk_checking_doorway(g, command_travel(2, 3), 20, 3, 2), 5); /* + the bump */
    assert_int_equal(g->player->x, 2);
    assert_int_equal(g->player->y, 3);
    assert_int_equal(fixture_find(g, KIND_ID_DOOR)->door, DOOR_OPEN);
    fixture_free(g);

    g = fixture_game(10, 1, CLOSED_DOORWAY);
    walk_checking_doorway(g, command_of(CMD_EXPLORE), 100, 3, 2);
    assert_true(
        fixture_said(g, "Explored all you can reach, and no way up: S searches the walls."));
    f = game_floor(g);
    assert_true(f->seen[3 * f->map.width + 1]); /* the far corner of the room below */
    fixture_free(g);
}

/* Counted in line, the doorway is the long way round: the plain gap wins, though through the
 * doorway by its corners would be shorter still. */
static void travel_plans_a_doorway_at_its_in_line_cost(void **state)
{
    (void)state;
    static const char *const rows[] = {
        "#########", "#.@.....#", "##.##'###", /* a gap at (2,2), an open doorway at (5,2) */
        "#.......#", "#########", NULL,
    };
    Game *g = fixture_game(11, 1, rows);
    Floor *f = game_floor(g);
    memset(f->seen, 1, (size_t)(f->map.width * f->map.height));
    int32_t dist[MAP_WIDTH * MAP_HEIGHT];
    game_known_distances(g, dist);
    /* Gap: 4 straight, 1 diagonal. By the doorway's corners it would be 2 + 2 (48). */
    assert_int_equal(dist[3 * MAP_WIDTH + 6], 4 * PATH_STRAIGHT + PATH_DIAGONAL);
    PathCell shown[16];
    int n = game_travel_path(g, 6, 3, shown, 16);
    assert_int_equal(n, 5);
    assert_int_equal(walk_checking_doorway(g, command_travel(6, 3), 20, 5, 2), 5);
    assert_int_equal(g->player->x, 6);
    assert_int_equal(g->player->y, 3);
    for (int i = 0; i < n; i++)
        assert_false(shown[i].x == 5 && shown[i].y == 2);
    fixture_free(g);
}

/* A closed door costs travel a step more (bumping it open is a turn): a way round that dips
 * into the alcove below it (two diagonals, 0.8 of a step longer than straight through) is
 * cheaper than the door and taken; were the door free, the straight way would be. */
static void travel_goes_round_a_closed_door_when_the_way_round_is_short(void **state)
{
    (void)state;
    static const char *const rows[] = {
        "#########", "#@..+...#", "####.####", "#########", NULL,
    };
    Game *g = fixture_game(13, 1, rows);
    Floor *f = game_floor(g);
    memset(f->seen, 1, (size_t)(f->map.width * f->map.height)); /* she knows the floor */
    game_rebuild_derived(g);
    Entity *door = fixture_find(g, KIND_ID_DOOR);
    run(g, command_travel(7, 1), 50);
    assert_int_equal(g->player->x, 7);
    assert_int_equal(g->player->y, 1);
    assert_int_equal(door->door, DOOR_CLOSED); /* never opened: she went round */
    assert_int_equal(g->counters.doors_opened, 0);
    fixture_free(g);
}

/* Explore fetches items the player has never carried; one she dropped stays where she left
 * it. */
static void explore_leaves_a_dropped_item_alone(void **state)
{
    (void)state;
    static const char *const rows[] = {
        "#######",
        "#@!...#",
        "#######",
        NULL,
    };
    Game *g = fixture_game(14, 1, rows);
    assert_true(fixture_step(g, 1, 0)); /* picked up */
    assert_true(fixture_step(g, 1, 0));
    int letter = game_find_item(g, KIND_ID_HEALTH_PACK);
    assert_true(letter >= 0);
    assert_true(fixture_do(g, command_item(CMD_DROP, letter)));
    assert_true(fixture_step(g, 1, 0));
    assert_true(fixture_step(g, 1, 0));
    assert_false(fixture_do(g, command_of(CMD_EXPLORE)));
    assert_int_equal(g->player->x, 5); /* did not walk back for it */
    assert_true(
        fixture_said(g, "Explored all you can reach, and no way up: S searches the walls."));
    fixture_free(g);
}

static void any_other_command_cancels_the_walk(void **state)
{
    (void)state;
    static const char *const rows[] = {
        "############",
        "#@.........#",
        "############",
        NULL,
    };
    Game *g = fixture_game(6, 1, rows);
    assert_true(fixture_do(g, command_travel(10, 1)));
    assert_int_equal(g->activity, ACTIVITY_TRAVEL);
    assert_false(fixture_do(g, command_of(CMD_STOP)));
    assert_int_equal(g->activity, ACTIVITY_NONE);
    assert_false(fixture_do(g, command_of(CMD_CONTINUE)));
    assert_int_equal(g->player->x, 2);
    fixture_free(g);
}

/* R-STAIRS-KEY-3: which commands take the player to another floor at once (or at the end of
 * the walk they start), and whether she has been there before. */
static void commands_that_take_the_stairs_name_the_floor(void **state)
{
    (void)state;
    static const char *const rows[] = {"######", "#@<..#", "#....#", "######", NULL};
    Game *g = fixture_game(8, 1, rows);
    int start = g->current;
    Command right = command_move(1, 0), down = command_move(0, 1), wall = command_move(0, -1);
    assert_int_equal(game_command_floor(g, &right), start + 1);
    assert_int_equal(game_command_floor(g, &down), -1);
    assert_int_equal(game_command_floor(g, &wall), -1);
    Command key_up = game_stairs_key(g, +1), key_down = command_travel_stairs(-1);
    assert_int_equal(key_up.type, CMD_MOVE);
    assert_int_equal(game_command_floor(g, &key_up), start + 1);
    assert_int_equal(game_command_floor(g, &key_down), -1); /* none known */
    Command click = command_travel(2, 1), elsewhere = command_travel(4, 2);
    assert_int_equal(game_command_floor(g, &click), start + 1);
    assert_int_equal(game_command_floor(g, &elsewhere), -1);
    assert_int_equal(game_command_revisits(g, &right), -1); /* never been up there */
    assert_true(fixture_do(g, key_up));
    assert_int_equal(g->current, start + 1);
    /* Up there, beside the stairs down: going back is going to a floor already left. */
    assert_int_equal(game_command_floor(g, &key_down), start);
    assert_int_equal(game_command_revisits(g, &key_down), start);
    const Entity *s = game_known_stairs(g, -1);
    Command onto = command_travel(s->x, s->y);
    assert_int_equal(game_command_revisits(g, &onto), start);
    assert_int_equal(game_command_revisits(g, &key_up), -1);
    fixture_free(g);
}

/* R-STAIRS-KEY-4: a diagonal step refused at a doorway says why, once however often bumped;
 * out of one too; between two walls it says nothing. */
static void a_refused_diagonal_at_a_doorway_says_why_once(void **state)
{
    (void)state;
    static const char *const rows[] = {
        "#######", "#.@#..#", "#..'..#", "#..#..#", "#######", NULL,
    };
    Game *g = fixture_game(8, 1, rows);
    assert_false(fixture_step(g, 1, 1));
    assert_true(fixture_said(g, "No diagonal steps into a doorway: step straight."));
    uint64_t total = g->log.total;
    assert_false(fixture_step(g, 1, 1));
    assert_false(fixture_step(g, 1, 1));
    assert_int_equal(g->log.total, total); /* not again, not even folded */
    assert_int_equal(msglog_get(&g->log, 0)->repeats, 1);
    assert_true(fixture_step(g, 0, 1));
    assert_true(fixture_step(g, 1, 0)); /* in the doorway, in line */
    assert_false(fixture_step(g, 1, 1));
    assert_true(fixture_said(g, "No diagonal steps out of a doorway: step straight."));
    fixture_free(g);
    static const char *const squeeze[] = {"#####", "#@###", "##..#", "#####", NULL};
    g = fixture_game(8, 1, squeeze);
    total = g->log.total;
    assert_false(fixture_step(g, 1, 1));
    assert_int_equal(g->log.total, total);
    fixture_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(travel_walks_the_shortest_known_path),
        cmocka_unit_test(the_path_shown_is_the_path_walked),
        cmocka_unit_test(the_stairs_are_walked_to_once_seen),
        cmocka_unit_test(stairs_not_seen_are_not_found_yet),
        cmocka_unit_test(the_stairs_key_stops_before_them_and_again_takes_them),
        cmocka_unit_test(the_walk_to_the_stairs_stops_beside_them_with_a_mouse_in_view),
        cmocka_unit_test(travel_refuses_unknown_places),
        cmocka_unit_test(explore_opens_doors_and_sees_everything),
        cmocka_unit_test(explore_names_a_mouse_in_the_only_way),
        cmocka_unit_test(explore_stops_when_a_mouse_comes_into_view),
        cmocka_unit_test(explore_goes_on_past_a_fleeing_mouse),
        cmocka_unit_test(travel_names_the_mouse_in_the_way),
        cmocka_unit_test(explore_says_when_a_full_pack_leaves_items),
        cmocka_unit_test(explore_fetches_items_and_stops_on_pick_up),
        cmocka_unit_test(travel_and_explore_take_a_doorway_in_line),
        cmocka_unit_test(travel_plans_a_doorway_at_its_in_line_cost),
        cmocka_unit_test(travel_goes_round_a_closed_door_when_the_way_round_is_short),
        cmocka_unit_test(explore_leaves_a_dropped_item_alone),
        cmocka_unit_test(any_other_command_cancels_the_walk),
        cmocka_unit_test(commands_that_take_the_stairs_name_the_floor),
        cmocka_unit_test(a_refused_diagonal_at_a_doorway_says_why_once),
    };
    return RUN_TESTS(tests);
}
