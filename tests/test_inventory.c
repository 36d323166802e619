/* The pack (src/game/inventory.c): picking up by walking, the limit, using, equipping and
 * dropping, the bonuses worn gear gives, and letters that stay with their items. */
#include "test_support.h"

#include "game_fixture.h"

static const char *const SHOP[] = {
    "##########",
    "#@)]*!k./#",
    "##########",
    NULL,
};

static void walking_onto_items_picks_them_up(void **state)
{
    (void)state;
    Game *g = fixture_game(1, 6, SHOP);
    for (int i = 0; i < 5; i++)
        assert_true(fixture_step(g, 1, 0));
    assert_int_equal(g->inventory_count, 5);
    assert_string_equal(g->inventory[0]->name, "Crowbar");
    assert_string_equal(g->inventory[4]->name, "Key");
    assert_int_equal(g->counters.items_picked, 5);
    assert_int_equal(g->player->stats.xp, 5 * g->rules->item_xp);
    assert_null(fixture_find(g, KIND_ID_CROWBAR)); /* off the floor */
    assert_true(fixture_said_recently(g, "You pick up the Key (e).", 2));
    assert_true(fixture_said_recently(g, "You pick up the Health Pack (d, heals ", 3));
    fixture_free(g);
}

static void the_pack_has_a_limit(void **state)
{
    (void)state;
    Game *g = fixture_game(2, 6, SHOP);
    const int limit = g->rules->inventory_limit;
    for (int i = 0; i < limit - 1; i++) { /* fill it with packs made for the test */
        Entity *e = game_spawn(g, game_floor(g), KIND_ID_HEALTH_PACK, 8, 1);
        entity_list_detach(&game_floor(g)->entities, e);
        assert_true(game_pack_add(g, e) >= 0);
    }
    assert_true(fixture_step(g, 1, 0)); /* the Crowbar fits */
    assert_int_equal(g->inventory_count, limit);
    assert_true(fixture_step(g, 1, 0)); /* the Vest does not */
    assert_int_equal(g->inventory_count, limit);
    assert_true(fixture_said(g, "Your pack is full: the Bulletproof Vest stays here."));
    assert_non_null(fixture_find(g, KIND_ID_BULLETPROOF_VEST));
    fixture_free(g);
}

static void worn_gear_adds_its_bonus_one_item_per_slot(void **state)
{
    (void)state;
    Game *g = fixture_game(3, 6, SHOP);
    for (int i = 0; i < 3; i++)
        fixture_step(g, 1, 0); /* Crowbar, Vest, Microchip */
    Fighter bare = game_fighter(g, g->player);
    assert_true(fixture_do(g, command_item(CMD_EQUIP, 0)));
    assert_true(fixture_do(g, command_item(CMD_EQUIP, 1)));
    assert_true(fixture_do(g, command_item(CMD_USE, 2))); /* using gear wears it */
    const Entity *bar = g->inventory[0], *vest = g->inventory[1], *chip = g->inventory[2];
    Fighter worn = game_fighter(g, g->player);
    assert_true(bar->item.attack > 0 && vest->item.defence > 0 && chip->item.hit > 0);
    assert_int_equal(worn.attack_min, bare.attack_min + bar->item.attack);
    assert_int_equal(worn.attack_max, bare.attack_max + bar->item.attack);
    assert_int_equal(worn.defence, bare.defence + vest->item.defence);
    assert_int_equal(worn.hit, bare.hit + chip->item.hit);
    assert_int_equal(worn.dodge, bare.dodge + chip->item.dodge);
    /* A second weapon replaces the first in its slot. */
    fixture_step(g, 1, 0);
    fixture_step(g, 1, 0);
    fixture_step(g, 1, 0);
    fixture_step(g, 1, 0); /* ... past the pack and key, onto the Stun Baton */
    int baton = game_find_item(g, KIND_ID_STUN_BATON);
    assert_true(baton >= 0);
    assert_true(fixture_do(g, command_item(CMD_EQUIP, baton)));
    assert_ptr_equal(g->equipped[SLOT_WEAPON], g->inventory[baton]);
    assert_true(fixture_said_recently(g, "You swap the Crowbar for the Stun Baton", 1));
    Fighter swapped = game_fighter(g, g->player);
    assert_int_equal(swapped.attack_min, bare.attack_min + g->inventory[baton]->item.attack);
    /* Equipping what is worn takes it off. */
    assert_true(fixture_do(g, command_item(CMD_EQUIP, baton)));
    assert_null(g->equipped[SLOT_WEAPON]);
    fixture_free(g);
}

static void a_health_pack_heals_and_is_used_up(void **state)
{
    (void)state;
    Game *g = fixture_game(4, 6, SHOP);
    for (int i = 0; i < 4; i++)
        fixture_step(g, 1, 0);
    int pack = game_find_item(g, KIND_ID_HEALTH_PACK);
    assert_true(pack >= 0);
    int heal = g->inventory[pack]->item.heal;
    assert_true(heal > 0);
    assert_false(fixture_do(g, command_item(CMD_USE, pack))); /* full health: no turn */
    assert_true(fixture_said(g, "You are already at full health."));
    g->player->stats.hp = 1;
    assert_true(fixture_do(g, command_item(CMD_USE, pack)));
    assert_int_equal(g->player->stats.hp, 1 + heal);
    assert_int_equal(game_find_item(g, KIND_ID_HEALTH_PACK), -1);
    assert_false(fixture_do(g, command_item(CMD_USE, 99))); /* no such item */
    fixture_free(g);
}

static void dropping_puts_it_down_and_takes_it_off(void **state)
{
    (void)state;
    Game *g = fixture_game(5, 6, SHOP);
    fixture_step(g, 1, 0);
    fixture_do(g, command_item(CMD_EQUIP, 0));
    fixture_step(g, 1, 0); /* standing on the Vest's old cell, now empty */
    assert_true(fixture_do(g, command_item(CMD_DROP, 0)));
    assert_null(g->equipped[SLOT_WEAPON]);
    Entity *bar = fixture_find(g, KIND_ID_CROWBAR);
    assert_non_null(bar);
    assert_int_equal(bar->x, g->player->x);
    assert_int_equal(g->inventory_count, 1);
    assert_false(fixture_do(g, command_item(CMD_DROP, 1))); /* one item per cell */
    assert_true(fixture_said(g, "There is no room to drop anything here."));
    /* Picking it up again gives no second XP; it takes the free letter a again. */
    int xp = g->player->stats.xp;
    fixture_step(g, -1, 0);
    fixture_step(g, 1, 0);
    assert_int_equal(game_find_item(g, KIND_ID_CROWBAR), 0);
    assert_int_equal(g->player->stats.xp, xp);
    fixture_free(g);
}

/* Letters: a Crowbar, b Vest, c Microchip, d Health Pack, e Key. */
static Game *full_shop(uint64_t seed)
{
    Game *g = fixture_game(seed, 6, SHOP);
    for (int i = 0; i < 5; i++)
        assert_true(fixture_step(g, 1, 0));
    static const char *const names[] = {"Crowbar", "Bulletproof Vest", "Microchip", "Health Pack",
                                        "Key"};
    for (int i = 0; i < 5; i++)
        assert_string_equal(g->inventory[i]->name, names[i]);
    return g;
}

static void an_item_keeps_its_letter_when_another_leaves(void **state)
{
    (void)state;
    Game *g = full_shop(7);
    Entity *before[RULES_INVENTORY_CAP];
    memcpy(before, g->inventory, sizeof before);
    g->player->stats.hp = 1;
    assert_true(fixture_do(g, command_item(CMD_USE, 3))); /* the Health Pack, used up */
    assert_null(g->inventory[3]);
    assert_int_equal(g->inventory_count, 4);
    assert_ptr_equal(g->inventory[4], before[4]); /* e is still the Key */
    fixture_step(g, 1, 0);                        /* onto the empty cell past the Key */
    assert_true(fixture_do(g, command_item(CMD_EQUIP, 0)));
    assert_true(fixture_do(g, command_item(CMD_DROP, 0))); /* the worn Crowbar */
    assert_null(g->inventory[0]);
    assert_null(g->equipped[SLOT_WEAPON]);
    for (int i = 1; i < RULES_INVENTORY_CAP; i++)
        assert_ptr_equal(g->inventory[i], i == 3 ? NULL : before[i]);
    assert_int_equal(g->inventory_count, 3);
    assert_int_equal(game_find_item(g, KIND_ID_KEY), 4);
    /* The letters still mean what they meant: c wears the Microchip. */
    assert_true(fixture_do(g, command_item(CMD_USE, 2)));
    assert_ptr_equal(g->equipped[SLOT_CHIP], before[2]);
    fixture_free(g);
}

static void a_freed_letter_goes_to_the_next_new_item(void **state)
{
    (void)state;
    Game *g = full_shop(8);
    g->player->stats.hp = 1;
    assert_true(fixture_do(g, command_item(CMD_USE, 3)));       /* d is free */
    assert_true(fixture_step(g, 1, 0));                         /* an empty cell */
    assert_true(fixture_do(g, command_item(CMD_DROP, 1)));      /* b is free */
    assert_true(fixture_step(g, 1, 0));                         /* onto the Stun Baton */
    assert_int_equal(game_find_item(g, KIND_ID_STUN_BATON), 1); /* the lowest free letter */
    assert_null(g->inventory[3]);
    assert_true(fixture_step(g, -1, 0)); /* back onto the Vest */
    assert_int_equal(game_find_item(g, KIND_ID_BULLETPROOF_VEST), 3);
    assert_int_equal(g->inventory_count, 5);
    fixture_free(g);
}

static void a_command_on_an_empty_letter_takes_no_turn(void **state)
{
    (void)state;
    Game *g = full_shop(9);
    g->player->stats.hp = 1;
    assert_true(fixture_do(g, command_item(CMD_USE, 3)));
    uint32_t turn = g->turn;
    uint64_t said = g->log.total;
    int hp = g->player->stats.hp;
    static const CommandType types[] = {CMD_USE, CMD_EQUIP, CMD_DROP};
    for (size_t t = 0; t < sizeof types / sizeof *types; t++) {
        for (int letter = 3; letter < RULES_INVENTORY_CAP + 2; letter++) {
            if (letter == 4)
                continue; /* the Key */
            assert_false(fixture_do(g, command_item(types[t], letter)));
        }
        assert_false(fixture_do(g, command_item(types[t], -1)));
    }
    assert_int_equal(g->turn, turn);
    assert_int_equal(g->log.total, said);
    assert_int_equal(g->player->stats.hp, hp);
    assert_int_equal(g->inventory_count, 4);
    fixture_free(g);
}

static void gear_found_higher_up_is_stronger(void **state)
{
    (void)state;
    Game *low = fixture_game(6, 1, SHOP), *high = fixture_game(6, 12, SHOP);
    const Entity *a = fixture_find(low, KIND_ID_STUN_BATON),
                 *b = fixture_find(high, KIND_ID_STUN_BATON);
    assert_true(b->item.attack > a->item.attack);
    const Entity *va = fixture_find(low, KIND_ID_BULLETPROOF_VEST),
                 *vb = fixture_find(high, KIND_ID_BULLETPROOF_VEST);
    assert_true(vb->item.defence > va->item.defence);
    fixture_free(low);
    fixture_free(high);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(walking_onto_items_picks_them_up),
        cmocka_unit_test(the_pack_has_a_limit),
        cmocka_unit_test(worn_gear_adds_its_bonus_one_item_per_slot),
        cmocka_unit_test(a_health_pack_heals_and_is_used_up),
        cmocka_unit_test(dropping_puts_it_down_and_takes_it_off),
        cmocka_unit_test(gear_found_higher_up_is_stronger),
        cmocka_unit_test(an_item_keeps_its_letter_when_another_leaves),
        cmocka_unit_test(a_freed_letter_goes_to_the_next_new_item),
        cmocka_unit_test(a_command_on_an_empty_letter_takes_no_turn),
    };
    return RUN_TESTS(tests);
}
