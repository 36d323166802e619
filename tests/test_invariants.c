/* The rules a game always keeps (src/game/invariants.c and gen_floor_check): every generated
 * floor keeps them; the game keeps them on itself through whole bot games, checked after
 * every floor change; and the hostile saves of the corpus below, each with its checksum made
 * right so that only the content is wrong, are refused naming the broken rule. */
#define _POSIX_C_SOURCE 200809L /* strdup */
#include "test_support.h"

#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bot/bot.h"
#include "entities/entities.h"
#include "game/invariants.h"
#include "gen/gen.h"
#include "save_edit.h"
#include "store/save.h"
#include "test_rules.h"

/* ---- the game keeps the rules on itself ------------------------------------------------ */

/* The generator keeps the floor rules by its steps alone: gen_floor retries a layout that
 * breaks one, so a floor handed out always passes, and what this asserts is that no layout of
 * 1,000 seeds was thrown away (a rule the steps do not keep would show here as retries). */
static void every_generated_floor_keeps_the_floor_rules_without_a_retry(void **state)
{
    (void)state;
    EntityFactory factory;
    factory_init(&factory, &test_rules()->kinds);
    char why[256];
    int retries = 0;
    for (uint64_t seed = 1; seed <= 1000; seed++) {
        GameSeeds seeds;
        seeds_derive(&seeds, seed);
        for (int f = 0; f < FLOOR_COUNT; f++) {
            Floor floor;
            GenStats stats;
            assert_true(gen_floor(&floor, f, seeds.floors[f], &factory, &stats));
            retries += stats.retries;
            if (!gen_floor_check(&floor, factory.kinds, GEN_CHECK_PLAYED, why, sizeof why))
                fail_msg("seed %llu: %s", (unsigned long long)seed, why);
            floor_free(&floor);
        }
    }
    assert_int_equal(retries, 0);
}

/* Plays the bot's game of `seed` to its end, checking the whole game after every floor change
 * and every 250 turns. Returns the outcome. */
static GameOutcome play_checked(uint64_t seed, int max_turns)
{
    Game *g = malloc(sizeof *g);
    Bot *bot = malloc(sizeof *bot);
    assert_non_null(g);
    assert_non_null(bot);
    assert_true(game_init(g, seed, test_rules()));
    bot_init(bot);
    char why[256];
    if (!game_check_invariants(g, why, sizeof why))
        fail_msg("seed %llu, a new game: %s", (unsigned long long)seed, why);
    int checks = 1;
    while (g->outcome == GAME_PLAYING && (int)g->turn < max_turns && bot_play_turn(bot, g)) {
        if ((g->events & GAME_EVENT_FLOOR_CHANGED) || g->turn % 250 == 0) {
            if (!game_check_invariants(g, why, sizeof why))
                fail_msg("seed %llu, turn %u: %s", (unsigned long long)seed, (unsigned)g->turn,
                         why);
            checks++;
        }
    }
    if (!game_check_invariants(g, why, sizeof why))
        fail_msg("seed %llu, the end at turn %u: %s", (unsigned long long)seed, (unsigned)g->turn,
                 why);
    assert_true(checks > 1);
    GameOutcome outcome = g->outcome;
    game_free(g);
    free(g);
    free(bot);
    return outcome;
}

static void whole_bot_games_keep_every_rule(void **state)
{
    (void)state;
    int won = 0, died = 0;
    for (uint64_t seed = 1; seed <= 30; seed++) {
        GameOutcome o = play_checked(seed, 20000);
        won += o == GAME_WON;
        died += o == GAME_DIED;
    }
    /* Both ends of a game are among them, so the outcome rules were tried both ways. */
    assert_true(won >= 1);
    assert_true(died >= 1);
}

/* ---- the hostile-save corpus ----------------------------------------------------------- */

/* The save the corpus edits: the bot's game of seed 2 played until it reached floor 5 (mice,
 * doors, items on several floors), and facts about it the cases need. */
typedef struct Sample {
    char *text;
    int current;
} Sample;

static Sample *sample(void)
{
    static Sample s;
    if (s.text)
        return &s;
    Game *g = malloc(sizeof *g);
    Bot *bot = malloc(sizeof *bot);
    assert_true(game_init(g, 2, test_rules()));
    bot_init(bot);
    while (g->deepest < 5 && g->outcome == GAME_PLAYING && bot_play_turn(bot, g))
        ;
    assert_int_equal(g->outcome, GAME_PLAYING);
    s.current = g->current;
    s.text = save_to_json(g);
    assert_non_null(s.text);
    game_free(g);
    free(g);
    free(bot);
    return &s;
}

static cJSON *entities_of(cJSON *root, int floor)
{
    return cJSON_GetObjectItemCaseSensitive(
        cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(root, "floors"), floor), "entities");
}

/* The index in floor's entities of the first one named `name`, or -1. */
static int find_named(const char *text, int floor, const char *name)
{
    cJSON *root = cJSON_Parse(text);
    int i = 0, found = -1;
    for (const cJSON *e = entities_of(root, floor)->child; e && found < 0; e = e->next, i++)
        if (strcmp(cJSON_GetObjectItemCaseSensitive(e, "name")->valuestring, name) == 0)
            found = i;
    cJSON_Delete(root);
    return found;
}

/* The index of the first mouse of floor `floor`, or -1. */
static int find_mouse(const char *text, int floor)
{
    cJSON *root = cJSON_Parse(text);
    int i = 0, found = -1;
    for (const cJSON *e = entities_of(root, floor)->child; e && found < 0; e = e->next, i++)
        if (cJSON_GetObjectItemCaseSensitive(e, "mind"))
            found = i;
    cJSON_Delete(root);
    return found;
}

/* A floor that is not the current one (entities can be added or removed there without moving
 * the player's place in the list), with a mouse and an item on it. */
static int quiet_floor(const Sample *s)
{
    for (int f = 1; f <= 5; f++)
        if (f != s->current && find_mouse(s->text, f) >= 0 &&
            (find_named(s->text, f, "Key") >= 0 || find_named(s->text, f, "Health Pack") >= 0))
            return f;
    fail_msg("no quiet floor in the sample");
    return -1;
}

/* `edits` pairs of (path, value) applied one after the other, the checksum made right. */
static char *edited_many(const char *text, const char *const *edits, int count)
{
    char *now = strdup(text);
    for (int i = 0; i < count; i++) {
        char *next = edited(now, edits[2 * i], edits[2 * i + 1]);
        free(now);
        now = next;
    }
    return now;
}

/* Adds `n` copies of a Key at the cell of entity `at` of `floor`, with fresh ids. */
static char *with_keys(const char *text, int floor, int at, int n)
{
    cJSON *root = cJSON_Parse(text);
    cJSON *list = entities_of(root, floor);
    const cJSON *there = cJSON_GetArrayItem(list, at);
    int x = cJSON_GetObjectItemCaseSensitive(there, "x")->valueint;
    int y = cJSON_GetObjectItemCaseSensitive(there, "y")->valueint;
    cJSON *next_id = cJSON_GetObjectItemCaseSensitive(root, "next_id");
    for (int i = 0; i < n; i++) {
        char json[256];
        snprintf(json, sizeof json,
                 "{\"name\":\"Key\",\"id\":%d,\"x\":%d,\"y\":%d,\"item\":{\"slot\":\"none\","
                 "\"attack\":0,\"defence\":0,\"hit\":0,\"dodge\":0,\"heal\":0,\"floor\":%d}}",
                 (int)next_id->valuedouble, x, y, floor);
        cJSON_AddItemToArray(list, cJSON_Parse(json));
        cJSON_SetNumberValue(next_id, next_id->valuedouble + 1);
    }
    char *out = signed_text(root);
    cJSON_Delete(root);
    return out;
}

/* The stats object the rules give a kind of mouse, as the save writes it. */
static const char *mouse_stats(const char *name)
{
    static char json[256];
    const Stats *s = &rules_monster(test_rules(), name)->stats;
    snprintf(json, sizeof json,
             "{\"hp\":%d,\"max_hp\":%d,\"attack_min\":%d,\"attack_max\":%d,\"defence\":%d,"
             "\"hit\":%d,\"dodge\":%d,\"sight\":%d,\"speed\":%d,\"xp\":%d,\"level\":%d}",
             s->hp, s->max_hp, s->attack_min, s->attack_max, s->defence, s->hit, s->dodge, s->sight,
             s->speed, s->xp, s->level);
    return json;
}

/* A wall cell of floor `floor` deep in the rock (all 8 neighbours wall), as "rows/Y" and X. */
static bool rock_cell(const char *text, int floor, int *x, int *y)
{
    cJSON *root = cJSON_Parse(text);
    const cJSON *rows = cJSON_GetObjectItemCaseSensitive(
        cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(root, "floors"), floor), "rows");
    bool found = false;
    for (int cy = 1; cy < MAP_HEIGHT - 1 && !found; cy++)
        for (int cx = 1; cx < MAP_WIDTH - 1 && !found; cx++) {
            bool rock = true;
            for (int dy = -1; dy <= 1; dy++)
                for (int dx = -1; dx <= 1; dx++)
                    rock = rock && cJSON_GetArrayItem(rows, cy + dy)->valuestring[cx + dx] == '#';
            if (rock) {
                *x = cx;
                *y = cy;
                found = true;
            }
        }
    cJSON_Delete(root);
    return found;
}

/* Row y of floor `floor` with the character at x replaced, as a JSON string. */
static const char *row_with(const char *text, int floor, int y, int x, char c)
{
    static char json[MAP_WIDTH + 3];
    cJSON *root = cJSON_Parse(text);
    const cJSON *rows = cJSON_GetObjectItemCaseSensitive(
        cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(root, "floors"), floor), "rows");
    snprintf(json, sizeof json, "\"%s\"", cJSON_GetArrayItem(rows, y)->valuestring);
    json[1 + x] = c;
    cJSON_Delete(root);
    return json;
}

static void assert_impossible(const char *name, const char *bad, const char *expect)
{
    Game g;
    char err[SAVE_ERROR_MAX] = "";
    if (save_from_json(&g, bad, strlen(bad), test_rules(), err, sizeof err)) {
        game_free(&g);
        fail_msg("%s: the save loaded", name);
    }
    if (strncmp(err, "impossible: ", 12) != 0 || !strstr(err, expect))
        fail_msg("%s: refused with '%s', not for '%s'", name, err, expect);
}

/* The sample with one value edited (checksum made right) is refused for `expect`. */
static void impossible_edit(const char *name, const char *text, const char *path, const char *json,
                            const char *expect)
{
    char *bad = edited(text, path, json);
    assert_impossible(name, bad, expect);
    free(bad);
}

static void the_sample_save_itself_loads(void **state)
{
    (void)state;
    const char *text = sample()->text;
    Game g;
    char err[SAVE_ERROR_MAX];
    if (!save_from_json(&g, text, strlen(text), test_rules(), err, sizeof err))
        fail_msg("%s", err);
    game_free(&g);
}

static void hostile_saves_with_a_right_checksum_are_refused_naming_the_rule(void **state)
{
    (void)state;
    const Sample *s = sample();
    const char *text = s->text;
    int q = quiet_floor(s);
    char p[8][96];
    int mouse = find_mouse(text, q);
    assert_true(mouse >= 0);
    const Rules *rules = test_rules();
    const MonsterRules *king = rules_monster(rules, "Mouse King");

    /* HP 0 while playing. */
    char *bad;
    impossible_edit("hp 0", text, "player/stats/hp", "0",
                    "player: 0 HP in a game that is still being played");

    /* The Mouse King on floor 4, with every number of his own. */
    snprintf(p[0], sizeof p[0], "floors/4/entities/%d/name", find_mouse(text, 4));
    snprintf(p[1], sizeof p[1], "floors/4/entities/%d/stats", find_mouse(text, 4));
    snprintf(p[2], sizeof p[2], "floors/4/entities/%d/mind/summon_timer", find_mouse(text, 4));
    char timer[16];
    snprintf(timer, sizeof timer, "%d", king->summon_every);
    const char *king_edits[] = {p[0], "\"Mouse King\"", p[1], mouse_stats("Mouse King"), p[2],
                                timer};
    bad = edited_many(text, king_edits, 3);
    assert_impossible("king on 4", bad, "floor 4: a Mouse King at");
    free(bad);

    /* A Meta Mouse below its tier. */
    snprintf(p[0], sizeof p[0], "floors/%d/entities/%d/name", q, mouse);
    snprintf(p[1], sizeof p[1], "floors/%d/entities/%d/stats", q, mouse);
    const char *meta_edits[] = {p[0], "\"Meta Mouse\"", p[1], mouse_stats("Meta Mouse")};
    bad = edited_many(text, meta_edits, 2);
    assert_impossible("meta low", bad, "a Meta Mouse at");
    free(bad);

    /* A floor without its Stairs (Up): no way on. */
    snprintf(p[0], sizeof p[0], "floors/%d/entities/%d", q, find_named(text, q, "Stairs (Up)"));
    bad = edited(text, p[0], NULL);
    char want[96];
    snprintf(want, sizeof want, "floor %d: 0 Stairs (Up), it must have 1", q);
    assert_impossible("no stairs up", bad, want);
    free(bad);

    /* The outer wall ring opened (a room cell on the top edge). */
    snprintf(p[0], sizeof p[0], "floors/%d/rows/0", q);
    bad = edited(text, p[0], row_with(text, q, 0, 10, '.'));
    snprintf(want, sizeof want, "floor %d: (10, 0) on the map's edge is not wall", q);
    assert_impossible("edge", bad, want);
    free(bad);

    /* A floor cell walled in, out of reach. */
    int rx = 0, ry = 0;
    assert_true(rock_cell(text, q, &rx, &ry));
    snprintf(p[0], sizeof p[0], "floors/%d/rows/%d", q, ry);
    bad = edited(text, p[0], row_with(text, q, ry, rx, '.'));
    snprintf(want, sizeof want, "floor %d: (%d, %d) cannot be reached", q, rx, ry);
    assert_impossible("unreachable", bad, want);
    free(bad);

    /* Level 33 at 34 XP. */
    bad =
        edited_many(text, (const char *[]){"player/stats/level", "33", "player/stats/xp", "34"}, 2);
    assert_impossible("level", bad, "player: level 33 at 34 XP; the rules give level 3");
    free(bad);

    /* Numbers of a million: the player's, a mouse's, a Health Pack's heal. */
    impossible_edit("player attack", text, "player/stats/attack_max", "1000000",
                    "player: attack_max 1000000 at level");
    bad = edited_many(
        text, (const char *[]){"player/stats/max_hp", "1000000", "player/stats/hp", "1000000"}, 2);
    assert_impossible("player hp", bad, "player: max_hp 1000000 at level");
    free(bad);
    snprintf(p[0], sizeof p[0], "floors/%d/entities/%d/stats/max_hp", q, mouse);
    snprintf(p[1], sizeof p[1], "floors/%d/entities/%d/stats/hp", q, mouse);
    bad = edited_many(text, (const char *[]){p[0], "1000000", p[1], "1000000"}, 2);
    assert_impossible("mouse hp", bad, "has max_hp 1000000; the rules give");
    free(bad);
    int pack = find_named(text, q, "Health Pack");
    if (pack >= 0) {
        snprintf(p[0], sizeof p[0], "floors/%d/entities/%d/item/heal", q, pack);
        bad = edited(text, p[0], "1000000");
        assert_impossible("heal", bad, "heal 1000000; the rules give");
        free(bad);
    }
    impossible_edit("pack item", text, "inventory/0/item/attack", "100", "inventory[0]: a ");

    /* Keys heaped on one cell: three, and the 999 of the campaign. */
    int item = pack >= 0 ? pack : find_named(text, q, "Key");
    bad = with_keys(text, q, item, 2);
    assert_impossible("keys", bad, "lie on the same cell");
    free(bad);
    bad = with_keys(text, q, item, 999);
    char err[SAVE_ERROR_MAX];
    Game g;
    assert_false(save_from_json(&g, bad, strlen(bad), rules, err, sizeof err));
    free(bad);

    /* An arrival point inside a wall. */
    snprintf(p[0], sizeof p[0], "floors/%d/arrival", q);
    impossible_edit("arrival", text, p[0], "[0,0]", "the arrival point (0, 0) is not open floor");

    /* An item made on a floor never visited. */
    impossible_edit("item floor", text, "inventory/0/item/floor", "12",
                    "made on floor 12, a floor not yet visited");

    /* Outcomes that do not fit the rest. */
    impossible_edit("won early", text, "outcome", "\"won\"", "won, but floor 13 was never reached");
    bad = edited_many(text, (const char *[]){"outcome", "\"died\"", "killed_by", "\"Micro Mouse\""},
                      2);
    assert_impossible("died alive", bad, "HP, but the game says the player died");
    free(bad);

    /* A mouse with more energy saved up than one turn gives. */
    snprintf(p[0], sizeof p[0], "floors/%d/entities/%d/mind/energy", q, mouse);
    impossible_edit("energy", text, p[0], "5000", "5000 energy");
}

/* Values past the game's own limits (game/limits.h) are refused where the file gives them. */
static void numbers_past_the_games_limits_are_refused(void **state)
{
    (void)state;
    const char *text = sample()->text;
    static const struct {
        const char *path, *json, *expect;
    } cases[] = {
        {"turn", "3000000000", "turn: 3000000000 is not"},
        {"counters/kills", "1000000001", "counters.kills: 1000000001 is not"},
        {"player/stats/xp", "1000000001", "player.stats.xp: 1000000001 is not"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char *bad = edited(text, cases[i].path, cases[i].json);
        Game g;
        char err[SAVE_ERROR_MAX] = "";
        if (save_from_json(&g, bad, strlen(bad), test_rules(), err, sizeof err)) {
            game_free(&g);
            fail_msg("%s = %s: loaded", cases[i].path, cases[i].json);
        }
        if (!strstr(err, cases[i].expect))
            fail_msg("%s: '%s' does not say '%s'", cases[i].path, err, cases[i].expect);
        free(bad);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_generated_floor_keeps_the_floor_rules_without_a_retry),
        cmocka_unit_test(whole_bot_games_keep_every_rule),
        cmocka_unit_test(the_sample_save_itself_loads),
        cmocka_unit_test(hostile_saves_with_a_right_checksum_are_refused_naming_the_rule),
        cmocka_unit_test(numbers_past_the_games_limits_are_refused),
    };
    int failed = RUN_TESTS(tests);
    free(sample()->text);
    return failed;
}
