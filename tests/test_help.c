/* The help's kinds (src/ui/help_text.c): every kind of mouse and item, from the rules the game
 * plays by, with its description and numbers; a kind added by data alone shows up too. */
#include "test_support.h"

#include <stdio.h>
#include <string.h>

#include "test_rules.h"
#include "ui/help.h"
#include "ui/help_text.h"

static const Rules *lab_rat_rules(void)
{
    static Rules rules;
    static int loaded;
    return test_rules_load(&rules, &loaded, MK_TESTS_DIR "/rules/lab_rat.json");
}

/* The paragraph that starts with `name` and a space or colon, or NULL. */
static const char *line_of(char (*lines)[HELP_TEXT_MAX], int n, const char *name)
{
    size_t len = strlen(name);
    for (int i = 0; i < n; i++)
        if (strncmp(lines[i], name, len) == 0 && (lines[i][len] == ' ' || lines[i][len] == ':'))
            return lines[i];
    return NULL;
}

/* R-HELP-1: one paragraph per mouse and per item of the table, mice first, each naming the
 * kind and giving its numbers from the data. */
static void every_kind_has_its_line_from_the_data(void **state)
{
    (void)state;
    const Rules *rules = lab_rat_rules();
    static char lines[KIND_MAX][HELP_TEXT_MAX];
    int n = help_kind_lines(rules, lines, KIND_MAX), kinds = 0;
    for (int i = 0; i < rules->kinds.count; i++) {
        const KindDef *k = &rules->kinds.kinds[i];
        if (k->family != KIND_MONSTER && k->family != KIND_ITEM)
            continue;
        kinds++;
        if (!line_of(lines, n, k->name))
            fail_msg("no help line for %s", k->name);
    }
    assert_int_equal(n, kinds);
    assert_int_equal(kinds, 6 + 1 + 14); /* six mice, the King, 14 items (six vials) */
    const char *rat = line_of(lines, n, "Lab Rat");
    assert_non_null(rat);
    const KindDef *k = &rules->kinds.kinds[kind_find(&rules->kinds, "Lab Rat")];
    char want[160];
    snprintf(want, sizeof want, "Lab Rat (floor %d+): ", k->first_floor);
    assert_true(strncmp(rat, want, strlen(want)) == 0);
    snprintf(want, sizeof want,
             "HP %d, attack %d-%d, defence %d, hit %d%%, dodge %d%%, speed %d, XP %d.",
             k->stats.max_hp, k->stats.attack_min, k->stats.attack_max, k->stats.defence,
             k->stats.hit, k->stats.dodge, k->stats.speed, k->stats.xp);
    if (!strstr(rat, want))
        fail_msg("\"%s\" not in \"%s\"", want, rat);
    snprintf(want, sizeof want, "Behaviour: skittish (below %d%% HP, every %d turns).",
             k->behave.below, k->behave.every);
    if (!strstr(rat, want))
        fail_msg("\"%s\" not in \"%s\"", want, rat);
    const char *words = strchr(k->description, ':') + 2; /* its description, after its name */
    if (!strstr(rat, words))
        fail_msg("the description is not in \"%s\"", rat);
}

static void items_say_what_they_give(void **state)
{
    (void)state;
    const Rules *rules = lab_rat_rules();
    char line[HELP_TEXT_MAX], want[128];
    const KindDef *bar = &rules->kinds.kinds[KIND_ID_CROWBAR];
    help_kind_line(bar, line, sizeof line);
    snprintf(want, sizeof want, "Worn as weapon: %+d attack.", bar->item.attack);
    if (!strstr(line, want))
        fail_msg("\"%s\" not in \"%s\"", want, line);
    const KindDef *pack = &rules->kinds.kinds[KIND_ID_HEALTH_PACK];
    help_kind_line(pack, line, sizeof line);
    snprintf(want, sizeof want, "Heals %d.", pack->item.heal);
    if (!strstr(line, want))
        fail_msg("\"%s\" not in \"%s\"", want, line);
}

/* Each tool's line says how it is aimed and its stack or charges, from the fixture's numbers;
 * a vial's says it can be drunk or thrown. */
static void tools_say_how_they_are_aimed(void **state)
{
    (void)state;
    const Rules *rules = test_rules();
    static const struct {
        const char *name, *want;
    } cases[] = {
        {"Cheese", "Throw it (t) at a cell, up to 6 cells; they stack under one letter."},
        {"Spring Trap", "Place it (t) on a cell beside you."},
        {"Tranquilizer Darts", "Throw it (t) at a mouse, up to 6 cells; they stack"},
        {"Ultrasonic Repeller", "Use it from the pack, where you stand; 3 charges."},
        {"Acid", "Drink it from the pack, or throw it (t) at a cell, up to 6 cells."},
    };
    char line[HELP_TEXT_MAX];
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        KindId id = kind_find(&rules->kinds, cases[i].name);
        assert_true(id >= 0);
        help_kind_line(&rules->kinds.kinds[id], line, sizeof line);
        if (!strstr(line, cases[i].want))
            fail_msg("\"%s\" not in \"%s\"", cases[i].want, line);
    }
    help_kind_line(&rules->kinds.kinds[KIND_ID_HEALTH_PACK], line, sizeof line);
    assert_null(strstr(line, "(t)"));
}

/* R-HELP-2: ? (Shift and /) and F1 open the help, in either key set; other keys do not; the
 * arrows and Page keys scroll it and anything else closes it. */
static void question_mark_and_f1_open_the_help(void **state)
{
    (void)state;
    Keymap keys;
    for (int preset = 0; preset < KEYMAP_PRESET_COUNT; preset++) {
        keymap_preset(&keys, (KeymapPreset)preset);
        assert_true(help_key_opens(&keys, SDLK_SLASH, KMOD_LSHIFT));
        assert_true(help_key_opens(&keys, SDLK_F1, KMOD_NONE));
        assert_false(help_key_opens(&keys, SDLK_SLASH, KMOD_NONE));
        assert_false(help_key_opens(&keys, SDLK_RETURN, KMOD_NONE));
        assert_false(help_key_opens(&keys, SDLK_ESCAPE, KMOD_NONE));
    }
    int scroll = 5;
    assert_true(help_scroll_key(SDLK_DOWN, &scroll));
    assert_int_equal(scroll, 6);
    assert_true(help_scroll_key(SDLK_PAGEUP, &scroll));
    assert_int_equal(scroll, -4); /* help_draw clamps it */
    assert_false(help_scroll_key(SDLK_ESCAPE, &scroll));
    assert_false(help_scroll_key(SDLK_q, &scroll));
    assert_false(help_scroll_key(SDLK_SPACE, &scroll)); /* Space closes, as on every panel */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_kind_has_its_line_from_the_data),
        cmocka_unit_test(items_say_what_they_give),
        cmocka_unit_test(tools_say_how_they_are_aimed),
        cmocka_unit_test(question_mark_and_f1_open_the_help),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
