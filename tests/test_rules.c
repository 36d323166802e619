#include "test_support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/map.h"
#include "game/rules.h"
#include "test_rules.h"

static char *read_text(const char *path)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    static char buf[1 << 16];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = '\0';
    return buf;
}

/* The counts and numbers are the fixture's (tests/rules/fixture.json): a mouse or an item added
 * to data/rules.json must not break a unit test (docs/TESTING.md, After a content change). */
static void the_fixture_rules_load(void **state)
{
    (void)state;
    const Rules *r = test_rules();
    assert_int_equal(r->monster_count, 6);
    assert_int_equal(r->item_count, 25); /* with the six lab tools */
    assert_true(r->inventory_limit >= 1);
    assert_true(r->level_count >= 10);
    assert_int_equal(r->search_chance, 20);         /* docs/RULES.md R-SEARCH-1 */
    assert_int_equal(r->search_thorough_after, 5);  /* the fifth search in a row */
    assert_int_equal(r->search_thorough_radius, 7); /* R-SEARCH-2 */
    assert_int_equal(r->player.sight, 9);
}

/* The shipped file loads, whatever kinds it holds; the counts are not the test's business. */
static void the_shipped_rules_load(void **state)
{
    (void)state;
    const Rules *r = shipped_rules();
    assert_true(r->monster_count >= 1 && r->item_count >= 1);
    assert_true(r->inventory_limit >= 1);
}

static void every_kind_has_looks(const KindTable *k)
{
    for (int id = 0; id < k->count; id++) {
        const KindDef *d = kind_get(k, id);
        if (!d->description[0] || d->glyph <= ' ' || d->sprite >= SPRITE_COUNT)
            fail_msg("%s: no looks", d->name);
    }
}

/* Every kind's looks come from the data: the player's, the stairs' and each door state's too;
 * in the shipped file too, whatever kinds were added to it. */
static void the_data_gives_every_kind_its_looks(void **state)
{
    (void)state;
    every_kind_has_looks(&shipped_rules()->kinds);
    const KindTable *k = &test_rules()->kinds;
    every_kind_has_looks(k);
    assert_int_equal(kind_get(k, KIND_ID_PLAYER)->glyph, '@');
    assert_int_equal(kind_get(k, KIND_ID_DOOR_LOCKED)->sprite, SPRITE_DOOR_LOCKED);
    assert_non_null(strstr(kind_get(k, KIND_ID_STAIRS_UP)->description, "Stairs (Up): the way"));
    assert_string_equal(kind_get(k, KIND_ID_DOOR_HIDDEN)->description, MAP_WALL_DESCRIPTION);
}

static void the_king_is_the_strongest_and_summons(void **state)
{
    (void)state;
    const Rules *r = shipped_rules();
    const MonsterRules *king = rules_monster(r, "Mouse King");
    assert_non_null(king);
    for (int i = 0; i < r->monster_count; i++) {
        const MonsterRules *m = &r->monsters[i];
        if (m == king)
            continue;
        assert_true(king->stats.hp > m->stats.hp);
        assert_true(king->stats.attack_max > m->stats.attack_max);
    }
    assert_true(king->summon_every > 0);
    assert_true(king->summon_count > 0);
}

static void gear_grows_with_the_floor(void **state)
{
    (void)state;
    const Rules *r = test_rules();
    const KindDef *baton = kind_get(&r->kinds, KIND_ID_STUN_BATON);
    ItemStats low = kind_item_stats(baton, 1), high = kind_item_stats(baton, 12);
    assert_int_equal(low.slot, SLOT_WEAPON);
    assert_true(high.attack > low.attack);
    ItemStats vest = kind_item_stats(kind_get(&r->kinds, KIND_ID_BULLETPROOF_VEST), 6);
    assert_int_equal(vest.slot, SLOT_ARMOUR);
    assert_true(vest.defence > 0);
    ItemStats pack = kind_item_stats(kind_get(&r->kinds, KIND_ID_HEALTH_PACK), 3);
    assert_true(pack.heal > 0);
    assert_int_equal(pack.slot, SLOT_NONE);
}

/* A copy of the fixture's rules with `from` replaced by `to`; it must fail naming `expect`. The
 * fixture, not data/rules.json: these edits find their place by the file's bytes. */
static void rejects(const char *from, const char *to, const char *expect)
{
    const char *text = read_text(MK_TESTS_DIR "/rules/fixture.json");
    const char *at = strstr(text, from);
    assert_non_null(at);
    size_t head = (size_t)(at - text);
    char *bad = malloc(strlen(text) + strlen(to) + 1);
    memcpy(bad, text, head);
    strcpy(bad + head, to);
    strcat(bad, at + strlen(from));
    Rules r;
    char err[RULES_ERROR_MAX];
    assert_false(rules_parse(&r, bad, strlen(bad), err, sizeof err));
    if (!strstr(err, expect))
        fail_msg("error '%s' does not mention '%s'", err, expect);
    free(bad);
}

static void bad_values_are_named(void **state)
{
    (void)state;
    rejects("\"inventory_limit\": 8", "\"inventory_limit\": 99", "inventory_limit");
    rejects("\"inventory_limit\": 8", "\"inventory_limit\": \"12\"", "inventory_limit");
    rejects("\"inventory_limit\": 8", "\"inventory_limt\": 12", "inventory_limt: unknown field");
    /* A new name is a new kind of mouse, and the one it replaced is then missing. */
    rejects("\"Micro Mouse\"", "\"Giant Rat\"", "monsters.Micro Mouse: missing");
    rejects("\"Key\"", "\"Giant Key\"", "items.Key: missing"); /* and so for items */
    rejects("\"Key\": {", "\"Micro Mouse\": {", "items.Micro Mouse: not an item of this game");
    rejects("\"sprite\": \"micro_mouse\"", "\"sprite\": \"giant_rat\"",
            "monsters.Micro Mouse.sprite: 'giant_rat' is not a sprite of the atlas");
    rejects("\"glyph\": \"K\"", "\"glyph\": \"KK\"", "monsters.Mouse King.glyph");
    rejects("\"flags\": [\"unique\", \"boss\"]", "\"flags\": [\"unique\"]", "exactly one must");
    rejects("\"flags\": [\"unique\", \"boss\"]", "\"flags\": [\"royal\"]",
            "monsters.Mouse King.flags: 'royal'");
    rejects("\"floor\": 3, \"glyph\": \"m\"", "\"floor\": 0, \"glyph\": \"m\"",
            "monsters.Neo Mouse.floor");
    rejects("\"weight\": 30", "\"weight\": 0", "items.Health Pack.loot.weight");
    rejects("\"description\": \"Key: a brass", "\"descriptio\": \"Key: a brass",
            "items.Key.descriptio: unknown field");
    rejects("\"use\": \"heal\"", "\"use\": \"hug\"", "items.Health Pack.use: not an effect");
    rejects("\"version\": 1", "\"version\": 2", "version");
    rejects("\"hp\": 30", "\"hp\": -3", "player.hp");
    rejects("\"attack\": [2, 4]", "\"attack\": [4, 2]", "player.attack");
    rejects("\"attack\": [2, 4]", "\"attack\": [2.5, 4]", "player.attack");
    rejects("\"slot\": \"weapon\"", "\"slot\": \"hat\"", "slot");
    rejects("\"kinds\": [\"Rabid Mouse\", \"Meta Mouse\"]", "\"kinds\": [\"Mouse King\"]", "kinds");
    rejects("\"xp\": [10, 25,", "\"xp\": [10, 10,", "levels.xp");
    rejects("\"hp\": 30", "\"hp\": 1e308", "player.hp");
    rejects("\"Tough Mouse\"", "\"Micro Mouse\"", "given twice");
    /* The looks of the player, the stairs and the doors are data too, each one required. */
    rejects("\"sprite\": \"door_locked\"", "\"sprite\": \"door_lockd\"",
            "features.door_locked.sprite: 'door_lockd' is not a sprite of the atlas");
    rejects("\"stairs_down\": {", "\"stairs_dawn\": {", "features.stairs_dawn: unknown field");
    rejects("\"glyph\": \"@\"", "\"glyph\": \"\"", "player.glyph");
    /* Behaviours (R-MOUSE-7): a known name, and exactly the numbers it reads. */
    rejects("\"name\": \"skittish\"", "\"name\": \"shy\"",
            "monsters.Micro Mouse.behaviour.name: 'shy' is not a behaviour (hunter, skittish,");
    rejects("\"below\": 40, ", "", "monsters.Micro Mouse.behaviour.below: missing");
    rejects("\"below\": 40", "\"below\": 100", "monsters.Micro Mouse.behaviour.below: 100");
    rejects("{\"name\": \"brute\"}", "{\"name\": \"brute\", \"range\": 3}",
            "monsters.Tough Mouse.behaviour.range: unknown field");
    rejects("\"behaviour\": {\"name\": \"brute\"}", "\"behaviour\": \"brute\"",
            "monsters.Tough Mouse.behaviour: not an object");
}

static void broken_json_is_rejected(void **state)
{
    (void)state;
    Rules r;
    char err[RULES_ERROR_MAX];
    const char *texts[] = {"", "{", "[1,2]", "null", "{\"version\": 1}", "{\"version\":1,}"};
    for (size_t i = 0; i < sizeof texts / sizeof *texts; i++)
        assert_false(rules_parse(&r, texts[i], strlen(texts[i]), err, sizeof err));
    assert_false(rules_parse(&r, "[1,2]", 5, err, sizeof err));
    assert_string_equal(err, "not a JSON object");
    assert_false(rules_parse(&r, "{\"version\": 1,, }", 17, err, sizeof err));
    assert_non_null(strstr(err, "not valid JSON (broken near byte"));
}

static void a_missing_file_is_named(void **state)
{
    (void)state;
    Rules r;
    char err[512];
    assert_false(rules_load(&r, "/nowhere/rules.json", err, sizeof err));
    assert_non_null(strstr(err, "/nowhere/rules.json"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_fixture_rules_load),
        cmocka_unit_test(the_shipped_rules_load),
        cmocka_unit_test(the_data_gives_every_kind_its_looks),
        cmocka_unit_test(the_king_is_the_strongest_and_summons),
        cmocka_unit_test(gear_grows_with_the_floor),
        cmocka_unit_test(bad_values_are_named),
        cmocka_unit_test(broken_json_is_rejected),
        cmocka_unit_test(a_missing_file_is_named),
    };
    return RUN_TESTS(tests);
}
