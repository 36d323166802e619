/* The run summary (src/game/run_summary.c): how the game ended, its numbers, the mice killed
 * by kind (only those killed), the exact seed, the time played and the version, one a line;
 * and a buffer too small is cut, never overrun. */
#include "test_support.h"

#include <stdio.h>
#include <string.h>

#include "game_fixture.h"

static const char *const ROWS[] = {"#####", "#@.##", "#####", NULL};

/* The lines of the summary, each checked in turn. */
static void assert_lines(const char *text, const char *const *want)
{
    const char *at = text;
    for (int i = 0; want[i]; i++) {
        const char *end = strchr(at, '\n');
        if (!end)
            fail_msg("line %d: missing, wanted \"%s\"\n%s", i, want[i], text);
        if ((size_t)(end - at) != strlen(want[i]) || strncmp(at, want[i], (size_t)(end - at)) != 0)
            fail_msg("line %d: \"%.*s\", wanted \"%s\"", i, (int)(end - at), at, want[i]);
        at = end + 1;
    }
    if (*at)
        fail_msg("more lines than wanted: %s", at);
}

static Game *ended_game(void)
{
    Game *g = fixture_game(UINT64_MAX, 4, ROWS);
    g->current = 4;
    g->deepest = 5;
    g->turn = 812;
    g->player->stats.level = 3;
    g->player->stats.xp = 45;
    g->counters = (GameCounters){
        .kills = 9, .doors_opened = 40, .keys_used = 2, .hidden_found = 3, .items_picked = 12};
    g->counters.kills_by_kind[KIND_ID_MICRO_MOUSE] = 6;
    g->counters.kills_by_kind[KIND_ID_NEO_MOUSE] = 3;
    g->played_ms = 3723999; /* 1:02:03 and a bit */
    return g;
}

static void a_death_says_who_where_and_when_and_the_run_in_numbers(void **state)
{
    (void)state;
    Game *g = ended_game();
    g->outcome = GAME_DIED;
    snprintf(g->killed_by, sizeof g->killed_by, "Neo Mouse");
    g->floor_stats[3] = (FloorStats){.turns = 1, .kills = 1, .items_found = 1};
    char text[2048], score[64];
    size_t n = game_summary_text(g, text, sizeof text);
    assert_int_equal(n, strlen(text));
    snprintf(score, sizeof score, "Score %lld", (long long)game_score(g));
    const char *const want[] = {"Killed by a Neo Mouse on floor 4, turn 812",
                                "Floor 4 of 13 (deepest 5), turn 812",
                                "Level 3, 45 XP",
                                score,
                                "Mice killed: 9",
                                "  Micro Mouse: 6",
                                "  Neo Mouse: 3",
                                "Items found: 12",
                                "Keys used: 2",
                                "Hidden doors found: 3",
                                "Doors opened: 40",
                                "Worn: nothing",
                                "Pack (0 of 8): empty",
                                "By floor:",
                                "  Floor 0: 0 turns, 0 kills, 0 items found",
                                "  Floor 3: 1 turn, 1 kill, 1 item found",
                                "Seed 18446744073709551615",
                                "Time played 1:02:03",
                                "Mouse King " MOUSEKING_VERSION,
                                NULL};
    assert_lines(text, want);
    fixture_free(g);
}

static void a_victory_names_the_king_and_no_kind_not_killed(void **state)
{
    (void)state;
    Game *g = ended_game();
    g->outcome = GAME_WON;
    g->turn = 5120;
    g->counters.kills_by_kind[KIND_ID_NEO_MOUSE] = 0;
    g->counters.kills_by_kind[KIND_ID_MOUSE_KING] = 1;
    g->played_ms = 0;
    char text[2048];
    game_summary_text(g, text, sizeof text);
    assert_true(strncmp(text, "Killed the Mouse King on turn 5120\n", 35) == 0);
    assert_non_null(strstr(text, "\n  Mouse King: 1\n"));
    assert_null(strstr(text, "Neo Mouse"));
    assert_null(strstr(text, "Rabid"));
    assert_non_null(strstr(text, "\nTime played 0:00:00\n"));
    fixture_free(g);
}

static void a_small_buffer_is_cut_and_ended(void **state)
{
    (void)state;
    Game *g = ended_game();
    char whole[2048], small[20];
    size_t need = game_summary_text(g, whole, sizeof whole);
    memset(small, 'x', sizeof small);
    assert_int_equal(game_summary_text(g, small, sizeof small), need);
    assert_int_equal(strlen(small), sizeof small - 1);
    assert_true(strncmp(small, whole, sizeof small - 1) == 0);
    assert_int_equal(game_summary_text(g, NULL, 0), need);
    fixture_free(g);
}

/* R-SUMMARY-1, R-SUMMARY-2: the worn gear with what it gives, the pack by letter (worn gear
 * marked), and a line per floor visited from Game.floor_stats, floors never visited left out. */
static void the_gear_the_pack_and_each_floor_are_listed(void **state)
{
    (void)state;
    static const char *const shop[] = {"#######", "#@)[!k#", "#######", NULL};
    Game *g = fixture_game(11, 6, shop);
    for (int i = 0; i < 4; i++)
        assert_true(fixture_step(g, 1, 0));
    assert_true(fixture_do(g, command_item(CMD_EQUIP, 0)));
    const Entity *bar = g->inventory[0], *jacket = g->inventory[1], *pack = g->inventory[2];
    g->floor_stats[0] = (FloorStats){.turns = 120, .kills = 3, .items_found = 2};
    g->floor_stats[2] = (FloorStats){.turns = 310, .kills = 4, .items_found = 3};
    g->outcome = GAME_DIED;
    snprintf(g->killed_by, sizeof g->killed_by, "Micro Mouse");
    char text[4096], want[256];
    game_summary_text(g, text, sizeof text);
    snprintf(want, sizeof want, "\nWorn: Crowbar (%+d attack)\n", bar->item.attack);
    if (!strstr(text, want))
        fail_msg("no \"%s\" in\n%s", want, text);
    snprintf(want, sizeof want,
             "\nPack (4 of %d): a Crowbar (worn), b Biker Jacket (%+d defence), c Health Pack "
             "(heals %d), d Key\n",
             g->rules->inventory_limit, jacket->item.defence, pack->item.heal);
    if (!strstr(text, want))
        fail_msg("no \"%s\" in\n%s", want, text);
    const char *floors = "\nBy floor:\n  Floor 0: 120 turns, 3 kills, 2 items found\n"
                         "  Floor 2: 310 turns, 4 kills, 3 items found\nSeed ";
    if (!strstr(text, floors))
        fail_msg("no \"%s\" in\n%s", floors, text);
    fixture_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_death_says_who_where_and_when_and_the_run_in_numbers),
        cmocka_unit_test(a_victory_names_the_king_and_no_kind_not_killed),
        cmocka_unit_test(a_small_buffer_is_cut_and_ended),
        cmocka_unit_test(the_gear_the_pack_and_each_floor_are_listed),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
