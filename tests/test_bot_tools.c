/* The bot's tool rules (src/bot/bot_tools.c, docs/RULES.md R-BOT-TOOL-1..8): each scene is drawn
 * so that one rule alone decides, and its twin, with the rule's condition unmet, must not use
 * the tool. The mice are hunting the player from the start. */
#include "test_support.h"

#include "bot/bot.h"
#include "core/factory.h"
#include "game/vials.h"
#include "game_fixture.h"

enum { T_CHEESE, T_TRAP, T_REPELLER, T_FLASH, T_DART, T_SCRAMBLER }; /* bot.h's order */

typedef struct Sent {
    Command last;
    int count;
} Sent;

static void note_command(void *ctx, const Command *cmd, const Game *after)
{
    (void)after;
    Sent *sent = ctx;
    sent->last = *cmd;
    sent->count++;
}

/* The picture as floor 5, every mouse hunting the player, the player at `percent` of her HP. */
static Game *scene(const char *const *rows, int percent)
{
    Game *g = fixture_game(5, 5, rows);
    for (Entity *e = game_floor(g)->entities.head; e; e = e->next)
        if (e->kind == KIND_MONSTER)
            e->mind =
                (Mind){.state = MIND_HUNTING, .target_x = g->player->x, .target_y = g->player->y};
    g->player->stats.hp = g->player->stats.max_hp * percent / 100;
    return g;
}

/* An item of `name` in the pack: its letter. */
static int give(Game *g, const char *name)
{
    Entity *e = factory_make(&g->factory, kind_find(g->factory.kinds, name), 0, 0, 0);
    assert_non_null(e);
    int letter = game_pack_add(g, e);
    assert_true(letter >= 0);
    return letter;
}

/* A vial of `kind` in the pack, its kind known: its letter. */
static int give_known(Game *g, KindId kind)
{
    int letter = give(g, kind_get(g->factory.kinds, kind)->name);
    g->vials.known |= 1 << vial_index(kind);
    return letter;
}

static Bot *new_bot(Sent *sent)
{
    Bot *bot = malloc(sizeof *bot);
    assert_non_null(bot);
    bot_init(bot);
    bot->on_command = note_command;
    bot->on_command_ctx = sent;
    return bot;
}

/* The command the bot's next turn took (the last it sent). */
static Command turn_of(Game *g)
{
    Sent sent = {.count = 0};
    Bot *bot = new_bot(&sent);
    assert_true(bot_play_turn(bot, g));
    free(bot);
    assert_true(sent.count > 0);
    return sent.last;
}

static void assert_throw(Command c, int letter, int x, int y)
{
    assert_int_equal(c.type, CMD_THROW);
    assert_int_equal(c.item, letter);
    assert_int_equal(c.x, x);
    assert_int_equal(c.y, y);
}

/* Whether the turn used or threw the item under `letter`. */
static bool used(Command c, int letter)
{
    return (c.type == CMD_USE || c.type == CMD_THROW) && c.item == letter;
}

/* Plays the scene's turn with one item of `name` given: whether the bot used it. */
static bool uses_in(const char *const *rows, int percent, const char *name)
{
    Game *g = scene(rows, percent);
    int letter = give(g, name);
    bool u = used(turn_of(g), letter);
    fixture_free(g);
    return u;
}

static const char *const two_beside[] = {"#######", "#.m...#", "#m@...#",
                                         "#.....#", "#######", NULL};
static const char *const one_beside[] = {"#######", "#.m...#", "#.@...#",
                                         "#.....#", "#######", NULL};

/* R-BOT-TOOL-1: the Repeller when hurt with two mice beside; not at full HP, not for one. */
static void the_bot_repels_two_mice_when_hurt(void **state)
{
    (void)state;
    Game *g = scene(two_beside, 40);
    int letter = give(g, "Ultrasonic Repeller");
    Command c = turn_of(g);
    assert_int_equal(c.type, CMD_USE);
    assert_int_equal(c.item, letter);
    fixture_free(g);
    assert_false(uses_in(two_beside, 100, "Ultrasonic Repeller"));
    assert_false(uses_in(one_beside, 40, "Ultrasonic Repeller"));
}

static const char *const three_near[] = {"#########", "#@..m...#", "#...m...#",
                                         "#..m....#", "#########", NULL};
static const char *const two_near[] = {"#########", "#@..m...#", "#...m...#",
                                       "#.......#", "#########", NULL};

/* R-BOT-TOOL-2: the Scrambler with three mice within its reach, or hurt with two beside. */
static void the_bot_scrambles_a_crowd(void **state)
{
    (void)state;
    Game *g = scene(three_near, 100);
    int letter = give(g, "Chip Scrambler");
    Command c = turn_of(g);
    assert_int_equal(c.type, CMD_USE);
    assert_int_equal(c.item, letter);
    fixture_free(g);
    assert_false(uses_in(two_near, 100, "Chip Scrambler"));
    assert_true(uses_in(two_beside, 40, "Chip Scrambler"));
    assert_false(uses_in(two_beside, 100, "Chip Scrambler"));
}

static const char *const tough_ahead[] = {"#########", "#@..T...#", "#########", NULL};
static const char *const pair_ahead[] = {"##########", "#@...mm..#", "##########", NULL};
static const char *const one_ahead[] = {"##########", "#@...m...#", "##########", NULL};
static const char *const tough_beside[] = {"########", "#@T....#", "########", NULL};

/* R-BOT-TOOL-3: the Flash Bulb at the nearer of two mice side by side; at a strong mouse
 * beside it only when hurt; never at one weak mouse. */
static void the_bot_flashes_a_group(void **state)
{
    (void)state;
    Game *g = scene(pair_ahead, 100);
    int letter = give(g, "Flash Bulb");
    assert_throw(turn_of(g), letter, 5, 1);
    fixture_free(g);
    assert_false(uses_in(one_ahead, 100, "Flash Bulb"));
    g = scene(tough_beside, 40);
    letter = give(g, "Flash Bulb");
    assert_throw(turn_of(g), letter, 2, 1);
    fixture_free(g);
    assert_false(uses_in(tough_beside, 100, "Flash Bulb"));
    assert_false(uses_in(tough_ahead, 40, "Flash Bulb")); /* strong, but not beside */
}

static const char *const micro_ahead[] = {"#########", "#@..m...#", "#########", NULL};
static const char *const king_ahead[] = {"#########", "#@..K...#", "#########", NULL};

/* R-BOT-TOOL-4: a known Acid at a group and at a strong mouse; not unknown, not at a weak one;
 * a Pheromone only at a group; a Sedative never at the King alone. */
static void the_bot_throws_known_harmful_vials(void **state)
{
    (void)state;
    Game *g = scene(pair_ahead, 100);
    int letter = give_known(g, KIND_ID_ACID);
    assert_throw(turn_of(g), letter, 5, 1);
    fixture_free(g);
    g = scene(pair_ahead, 100);
    letter = give(g, "Acid"); /* unknown: a mouse in view, it is neither drunk nor thrown */
    assert_false(used(turn_of(g), letter));
    fixture_free(g);
    g = scene(tough_ahead, 100);
    letter = give_known(g, KIND_ID_ACID);
    assert_throw(turn_of(g), letter, 4, 1);
    fixture_free(g);
    g = scene(micro_ahead, 100);
    letter = give_known(g, KIND_ID_ACID);
    assert_false(used(turn_of(g), letter));
    fixture_free(g);
    g = scene(tough_ahead, 100);
    letter = give_known(g, KIND_ID_PHEROMONE);
    assert_false(used(turn_of(g), letter));
    fixture_free(g);
    g = scene(pair_ahead, 100);
    letter = give_known(g, KIND_ID_PHEROMONE);
    assert_throw(turn_of(g), letter, 5, 1);
    fixture_free(g);
    g = scene(king_ahead, 100); /* a Sedative does not touch the King; Acid does */
    letter = give_known(g, KIND_ID_SEDATIVE);
    assert_false(used(turn_of(g), letter));
    fixture_free(g);
    g = scene(king_ahead, 100);
    letter = give_known(g, KIND_ID_ACID);
    assert_throw(turn_of(g), letter, 4, 1);
    fixture_free(g);
}

static const char *const bitten_tough_near[] = {"#########", "#@m.....#", "#.......#",
                                                "#....T..#", "#########", NULL};
static const char *const micro_and_tough[] = {"#########", "#@.m....#", "#.......#",
                                              "#....T..#", "#########", NULL};

/* R-BOT-TOOL-5: a dart at the strongest of two mice in reach; none at a lone weak mouse, none
 * at a mouse already asleep, none while a mouse is beside it. */
static void the_bot_darts_the_strongest(void **state)
{
    (void)state;
    Game *g = scene(micro_and_tough, 100);
    int letter = give(g, "Tranquilizer Darts");
    assert_throw(turn_of(g), letter, 5, 3);
    fixture_free(g);
    assert_false(uses_in(micro_ahead, 100, "Tranquilizer Darts"));
    g = scene(micro_and_tough, 100);
    fixture_find(g, KIND_ID_TOUGH_MOUSE)->mind.fx.asleep = 10;
    letter = give(g, "Tranquilizer Darts");
    assert_false(used(turn_of(g), letter));
    fixture_free(g);
    assert_true(uses_in(tough_ahead, 100, "Tranquilizer Darts"));        /* strong alone */
    assert_false(uses_in(bitten_tough_near, 100, "Tranquilizer Darts")); /* it fights first */
}

static const char *const one_mouse_room[] = {
    "###########", "#.........#", "#.@..m....#", "#.........#", "#.........#", "###########", NULL};
static const char *const two_mice_room[] = {
    "###########", "#.........#", "#.@..m....#", "#....m....#", "#.........#", "###########", NULL};

/* R-BOT-TOOL-6: hurt with two mice in view, the Cheese goes to a far cell; not at full HP; and
 * below 30% with nothing to heal, for one mouse. */
static void the_bot_throws_cheese_to_get_away(void **state)
{
    (void)state;
    Game *g = scene(two_mice_room, 40);
    int letter = give(g, "Cheese");
    Command c = turn_of(g);
    assert_int_equal(c.type, CMD_THROW);
    assert_int_equal(c.item, letter);
    int dx = abs(c.x - 2), dy = abs(c.y - 2);
    assert_true((dx > dy ? dx : dy) >= 3); /* at least three cells off */
    assert_true(fixture_said_recently(g, "You toss the Cheese", 4));
    fixture_free(g);
    assert_false(uses_in(two_mice_room, 100, "Cheese"));
    assert_true(uses_in(one_mouse_room, 20, "Cheese")); /* fleeing from one, nothing to heal */
    assert_false(uses_in(one_mouse_room, 40, "Cheese"));
}

static const char *const micro_beside[] = {"#########", "#@m.....#", "#########", NULL};
static const char *const micro_far[] = {"#########", "#@.....m#", "#########", NULL};

/* R-BOT-TOOL-7: a mouse 3 cells off: the trap goes on the cell toward it, then the bot waits
 * behind it while the mouse comes on; not for a mouse beside it or 6 cells off. */
static void the_bot_sets_a_trap_and_waits(void **state)
{
    (void)state;
    Game *g = scene(micro_ahead, 100);
    int letter = give(g, "Spring Trap");
    Sent sent = {.count = 0};
    Bot *bot = new_bot(&sent);
    assert_true(bot_play_turn(bot, g));
    assert_throw(sent.last, letter, 2, 1);
    assert_int_equal(fixture_find(g, KIND_ID_MICRO_MOUSE)->x, 3); /* it comes on */
    assert_true(bot_play_turn(bot, g));
    assert_int_equal(sent.last.type, CMD_SEARCH); /* waits behind the trap */
    assert_int_equal(bot->trap_waits, 1);
    for (Entity *e = game_floor(g)->entities.head; e; e = e->next)
        e->mind.state = MIND_DORMANT; /* no hunter in view */
    bot_play_turn(bot, g);
    assert_int_equal(bot->trap_waits, 0); /* the next hunter gets all the waits again */
    free(bot);
    fixture_free(g);
    assert_false(uses_in(micro_beside, 100, "Spring Trap"));
    assert_false(uses_in(micro_far, 100, "Spring Trap"));
}

/* R-BOT-TOOL-8: a tool in the pack is found; one used counts one use of its kind, and a vial
 * thrown one of its own. */
static void the_bot_counts_tools_found_and_used(void **state)
{
    (void)state;
    Game *g = scene(two_beside, 40);
    give(g, "Cheese");
    give(g, "Ultrasonic Repeller");
    Sent sent = {.count = 0};
    Bot *bot = new_bot(&sent);
    assert_true(bot_play_turn(bot, g));
    assert_int_equal(bot->tools_found, (1u << T_CHEESE) | (1u << T_REPELLER));
    assert_int_equal(bot->tool_uses[T_REPELLER], 1);
    assert_int_equal(bot->tool_uses[T_CHEESE], 0);
    assert_string_equal(bot_tool_name(g->factory.kinds, T_DART), "Tranquilizer Darts");
    free(bot);
    fixture_free(g);
    g = scene(pair_ahead, 100); /* a vial thrown counts under its kind */
    give_known(g, KIND_ID_ACID);
    bot = new_bot(&sent);
    assert_true(bot_play_turn(bot, g));
    int acid = BOT_TOOL_KINDS + vial_index(KIND_ID_ACID);
    assert_int_equal(bot->tool_uses[acid], 1);
    assert_string_equal(bot_tool_name(g->factory.kinds, acid), "Acid");
    assert_int_equal(bot->tools_found, 0);
    free(bot);
    fixture_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_bot_repels_two_mice_when_hurt),
        cmocka_unit_test(the_bot_scrambles_a_crowd),
        cmocka_unit_test(the_bot_flashes_a_group),
        cmocka_unit_test(the_bot_throws_known_harmful_vials),
        cmocka_unit_test(the_bot_darts_the_strongest),
        cmocka_unit_test(the_bot_throws_cheese_to_get_away),
        cmocka_unit_test(the_bot_sets_a_trap_and_waits),
        cmocka_unit_test(the_bot_counts_tools_found_and_used),
    };
    return RUN_TESTS(tests);
}
