/* The pack panel's rules (src/ui/pack.c): the arrows skip empty letters, gear compares with
 * what is worn, and wasteful actions ask once before they are carried out. */
#include "test_support.h"

#include "core/factory.h"
#include "game_fixture.h"
#include "ui/pack.h"

static const char *const SHOP[] = {
    "##########",
    "#@)]*!k./#",
    "##########",
    NULL,
};

/* Letters: a Crowbar, b Vest, c Microchip, d Health Pack, e Key; then the Stun Baton lies
 * two cells on. */
static Game *shop(void)
{
    Game *g = fixture_game(11, 6, SHOP);
    for (int i = 0; i < 5; i++)
        assert_true(fixture_step(g, 1, 0));
    assert_int_equal(g->inventory_count, 5);
    return g;
}

static void the_arrows_go_from_item_to_item(void **state)
{
    (void)state;
    Game *g = shop();
    free(game_take_item(g, 1));
    free(game_take_item(g, 3)); /* a, c, e left */
    assert_int_equal(pack_letters(g), g->rules->inventory_limit);
    assert_int_equal(pack_step(g, 0, +1), 2);
    assert_int_equal(pack_step(g, 2, +1), 4);
    assert_int_equal(pack_step(g, 4, +1), 0); /* round, over the empty f, g, h */
    assert_int_equal(pack_step(g, 0, -1), 4);
    assert_int_equal(pack_step(g, 1, +1), 2); /* from an empty letter too */
    assert_int_equal(pack_step(g, 3, -1), 2);
    assert_int_equal(pack_settle(g, 2), 2);
    assert_int_equal(pack_settle(g, 3), 0);
    assert_int_equal(pack_settle(g, 99), 0);
    free(game_take_item(g, 0));
    free(game_take_item(g, 2));
    assert_int_equal(pack_step(g, 4, +1), 4); /* the only item */
    assert_int_equal(pack_settle(g, 0), 4);
    free(game_take_item(g, 4));
    assert_int_equal(pack_step(g, 3, +1), 3); /* nothing to go to */
    assert_int_equal(pack_settle(g, 3), 0);
    fixture_free(g);
}

static void gear_says_how_it_compares_with_what_is_worn(void **state)
{
    (void)state;
    Game *g = shop();
    assert_true(fixture_step(g, 1, 0));
    assert_true(fixture_step(g, 1, 0)); /* the Stun Baton: f */
    int baton = game_find_item(g, KIND_ID_STUN_BATON);
    assert_int_equal(baton, 5);
    Entity *bar = g->inventory[0], *stun = g->inventory[baton], *vest = g->inventory[1];
    Entity *chip = g->inventory[2];
    char out[96];
    /* Nothing worn: the item's own bonus. */
    assert_int_equal(pack_compare(g, bar, out, sizeof out), 1);
    char want[96];
    snprintf(want, sizeof want, "+%d attack", bar->item.attack);
    assert_string_equal(out, want);
    assert_true(game_equip_item(g, 0));
    assert_int_equal(pack_compare(g, bar, out, sizeof out), 0);
    assert_string_equal(out, "worn");
    assert_int_equal(pack_compare(g, stun, out, sizeof out), 1);
    snprintf(want, sizeof want, "+%d attack", stun->item.attack - bar->item.attack);
    assert_string_equal(out, want);
    assert_true(game_equip_item(g, baton)); /* the Crowbar now loses */
    assert_int_equal(pack_compare(g, bar, out, sizeof out), -1);
    snprintf(want, sizeof want, "%d attack", bar->item.attack - stun->item.attack);
    assert_string_equal(out, want);
    snprintf(want, sizeof want, "+%d%% to hit, +%d%% dodge", chip->item.hit, chip->item.dodge);
    assert_int_equal(pack_compare(g, chip, out, sizeof out), 1);
    assert_string_equal(out, want);
    /* Two terms, a gain and a loss: mixed. */
    assert_true(game_equip_item(g, 1));
    Entity fake = *vest;
    fake.item.attack = 2;
    fake.item.defence = vest->item.defence - 1;
    assert_int_equal(pack_compare(g, &fake, out, sizeof out), 0);
    assert_string_equal(out, "+2 attack, -1 defence");
    fake.item.attack = 0;
    fake.item.defence = vest->item.defence;
    assert_int_equal(pack_compare(g, &fake, out, sizeof out), 0);
    assert_string_equal(out, "no change");
    /* Not gear: nothing to compare. */
    assert_int_equal(pack_compare(g, g->inventory[3], out, sizeof out), 0);
    assert_string_equal(out, "");
    assert_int_equal(pack_compare(g, g->inventory[4], out, sizeof out), 0);
    assert_string_equal(out, "");
    fixture_free(g);
}

static void dropping_worn_gear_and_a_wasted_heal_are_wasteful(void **state)
{
    (void)state;
    Game *g = shop();
    char what[128];
    assert_false(pack_wasteful(g, CMD_DROP, 0, what, sizeof what));
    assert_true(game_equip_item(g, 0));
    assert_true(pack_wasteful(g, CMD_DROP, 0, what, sizeof what));
    assert_string_equal(what, "drop the worn Crowbar");
    assert_false(pack_wasteful(g, CMD_USE, 0, what, sizeof what)); /* takes it off */
    assert_false(pack_wasteful(g, CMD_EQUIP, 0, what, sizeof what));
    assert_false(pack_wasteful(g, CMD_DROP, 1, what, sizeof what)); /* the Vest, not worn */
    assert_false(pack_wasteful(g, CMD_DROP, 7, what, sizeof what)); /* an empty letter */
    /* The Health Pack: more than half its heal wasted asks; half or less does not. */
    int heal = g->inventory[3]->item.heal;
    assert_true(heal >= 4);
    Stats *s = &g->player->stats;
    s->hp = s->max_hp;
    assert_false(pack_wasteful(g, CMD_USE, 3, what, sizeof what)); /* the game says no itself */
    s->hp = s->max_hp - 1;
    assert_true(pack_wasteful(g, CMD_USE, 3, what, sizeof what));
    char want[128];
    snprintf(want, sizeof want, "use the Health Pack: it heals %d, you are only 1 HP down", heal);
    assert_string_equal(what, want);
    s->hp = s->max_hp - (heal - 1) / 2; /* heals (heal - 1) / 2: more than half wasted */
    assert_true(pack_wasteful(g, CMD_USE, 3, NULL, 0));
    s->hp = s->max_hp - (heal + 1) / 2; /* half or more of it heals */
    assert_false(pack_wasteful(g, CMD_USE, 3, NULL, 0));
    s->hp = 1;
    assert_false(pack_wasteful(g, CMD_USE, 3, NULL, 0));
    assert_false(pack_wasteful(g, CMD_DROP, 3, NULL, 0)); /* dropping it wastes nothing */
    fixture_free(g);
}

static void a_wasteful_action_goes_ahead_when_asked_again(void **state)
{
    (void)state;
    Game *g = shop();
    assert_true(game_equip_item(g, 0));
    PackConfirm c = {0};
    char prompt[160];
    /* The first press asks, the same again goes ahead. */
    assert_false(
        pack_confirmed(&c, g, CMD_DROP, 0, true, "Press Shift+a again", prompt, sizeof prompt));
    assert_string_equal(prompt, "Press Shift+a again to drop the worn Crowbar.");
    assert_true(
        pack_confirmed(&c, g, CMD_DROP, 0, true, "Press Shift+a again", prompt, sizeof prompt));
    assert_string_equal(prompt, "");
    assert_false(c.armed);
    /* Something else in between forgets the question. */
    assert_false(
        pack_confirmed(&c, g, CMD_DROP, 0, true, "Press Delete again", prompt, sizeof prompt));
    assert_true(pack_confirmed(&c, g, CMD_USE, 1, true, "x", prompt, sizeof prompt));
    assert_false(pack_confirmed(&c, g, CMD_DROP, 0, true, "x", prompt, sizeof prompt));
    /* Another item under the same letter is asked about anew. */
    Entity *bar = game_take_item(g, 0);
    Entity *other = game_spawn(g, game_floor(g), KIND_ID_CROWBAR, 8, 1);
    entity_list_detach(&game_floor(g)->entities, other);
    assert_int_equal(game_pack_add(g, other), 0);
    assert_true(game_equip_item(g, 0));
    assert_false(pack_confirmed(&c, g, CMD_DROP, 0, true, "x", prompt, sizeof prompt));
    /* With the option off, nothing is asked. */
    assert_true(pack_confirmed(&c, g, CMD_DROP, 1, false, "x", prompt, sizeof prompt));
    c.armed = false;
    assert_true(pack_confirmed(&c, g, CMD_DROP, 0, false, "x", prompt, sizeof prompt));
    assert_string_equal(prompt, "");
    free(bar);
    fixture_free(g);
}

/* R-GEAR-5: the pack's comparison gives the gain and the loss. */
static void the_pack_shows_both_sides_of_a_trade_off(void **state)
{
    (void)state;
    Game *g = fixture_game(3, 0, fixture_map_door_three_away());
    KindId ext = kind_find(g->factory.kinds, "Fire Extinguisher");
    KindId suit = kind_find(g->factory.kinds, "Hazmat Suit");
    Entity *a = factory_make(&g->factory, ext, 0, 0, 0),
           *b = factory_make(&g->factory, suit, 0, 0, 0);
    char out[96];
    assert_int_equal(pack_compare(g, a, out, sizeof out), 0);
    assert_string_equal(out, "+4 attack, -15% to hit");
    assert_int_equal(pack_compare(g, b, out, sizeof out), 0);
    assert_string_equal(out, "+3 defence, -2 sight");
    int letter = game_pack_add(
        g, factory_make(&g->factory, kind_find(g->factory.kinds, "Scalpel"), 0, 0, 0));
    assert_true(game_equip_item(g, letter));
    assert_int_equal(pack_compare(g, a, out, sizeof out), 0);
    assert_string_equal(out, "+3 attack, -35% to hit");
    free(a);
    free(b);
    fixture_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_arrows_go_from_item_to_item),
        cmocka_unit_test(gear_says_how_it_compares_with_what_is_worn),
        cmocka_unit_test(dropping_worn_gear_and_a_wasted_heal_are_wasteful),
        cmocka_unit_test(a_wasteful_action_goes_ahead_when_asked_again),
        cmocka_unit_test(the_pack_shows_both_sides_of_a_trade_off),
    };
    return RUN_TESTS(tests);
}
