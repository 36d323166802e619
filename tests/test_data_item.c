/* A kind of item made by data alone: tests/rules/lab_coat.json is the shipped rules plus one
 * entry, a "Lab Coat" (armour, +1 defence and +5 dodge, stronger every 5 floors, alcove loot
 * from floor 1) with a borrowed sprite. No code names it, yet alcoves hold it, the player
 * wears it, saves keep it and the bot picks it up. */
#include "test_support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bot/bot.h"
#include "game/game.h"
#include "gen/gen.h"
#include "store/save.h"

static Rules rules;
static KindId coat;

static int count_coats(const Floor *f)
{
    int n = 0;
    for (const Entity *e = f->entities.head; e; e = e->next)
        n += !(e->flags & EF_REMOVED) && e->kind_id == coat;
    return n;
}

static void the_data_makes_a_whole_item(void **state)
{
    (void)state;
    assert_true(coat >= KIND_BUILTIN_COUNT);
    const KindDef *k = kind_get(&rules.kinds, coat);
    assert_int_equal(k->family, KIND_ITEM);
    assert_int_equal(k->item.slot, SLOT_ARMOUR);
    assert_int_equal(k->sprite, SPRITE_BIKER_JACKET);
    assert_int_equal(k->glyph, '[');
    assert_int_equal(k->loot_tier, 1);
    assert_non_null(strstr(k->description, "Lab Coat: white cotton"));
    ItemStats on_10 = kind_item_stats(k, 10);
    assert_int_equal(on_10.defence, 1 + 2);
    assert_int_equal(on_10.dodge, 5 + 2 * 5);
}

static void alcoves_hold_it(void **state)
{
    (void)state;
    EntityFactory factory;
    factory_init(&factory, &rules.kinds);
    int coats = 0;
    for (uint64_t seed = 1; seed <= 30; seed++) {
        GameSeeds seeds;
        seeds_derive(&seeds, seed);
        for (int n = 1; n <= 4; n++) {
            Floor f;
            assert_true(gen_floor(&f, n, seeds.floors[n], &factory, NULL));
            char why[256];
            if (!gen_floor_check(&f, &rules.kinds, GEN_CHECK_FRESH, why, sizeof why))
                fail_msg("%s", why);
            coats += count_coats(&f);
            floor_free(&f);
        }
    }
    assert_true(coats > 10);
}

static void worn_it_counts_and_a_save_keeps_it(void **state)
{
    (void)state;
    Game *g = malloc(sizeof *g);
    assert_non_null(g);
    assert_true(game_init(g, 3, &rules));
    Floor *f = game_floor(g);
    Entity *item = game_spawn(g, f, coat, g->player->x, g->player->y);
    assert_non_null(item);
    int dodge = game_fighter(g, g->player).dodge, defence = game_fighter(g, g->player).defence;
    game_pick_up(g);
    int letter = game_find_item(g, coat);
    assert_true(letter >= 0);
    Command wear = command_item(CMD_EQUIP, letter);
    assert_true(game_apply(g, &wear));
    assert_ptr_equal(g->equipped[SLOT_ARMOUR], game_pack_item(g, letter));
    const LogEntry *said = msglog_get(&g->log, 0);
    assert_non_null(said);
    assert_string_equal(said->text, "You wear the Lab Coat (+1 defence, +5% dodge).");
    assert_int_equal(game_fighter(g, g->player).dodge, dodge + 5);
    assert_int_equal(game_fighter(g, g->player).defence, defence + 1);

    /* The coat was put down by the test, not made with the floor: a save counting it as
     * picked up would be one no game reaches. */
    g->counters.items_picked = 0;
    g->floor_stats[g->current].items_found = 0; /* nor on the floor's count */
    char *text = save_to_json(g);
    assert_non_null(text);
    assert_non_null(strstr(text, "\"Lab Coat\""));
    Game loaded;
    char err[SAVE_ERROR_MAX];
    if (!save_from_json(&loaded, text, strlen(text), &rules, err, sizeof err))
        fail_msg("%s", err);
    const Entity *back = loaded.equipped[SLOT_ARMOUR];
    assert_non_null(back);
    assert_int_equal(back->kind_id, coat);
    assert_string_equal(back->name, "Lab Coat");
    assert_int_equal(game_fighter(&loaded, loaded.player).dodge, dodge + 5);
    game_free(&loaded);
    free(text);
    game_free(g);
    free(g);
}

static void the_bot_picks_it_up(void **state)
{
    (void)state;
    int picked = 0;
    for (uint64_t seed = 1; seed <= 3 && !picked; seed++) {
        Game *g = malloc(sizeof *g);
        assert_true(game_init(g, seed, &rules));
        Bot *bot = malloc(sizeof *bot);
        bot_init(bot);
        for (int t = 0; t < 3000 && !picked && bot_play_turn(bot, g); t++)
            picked = game_find_item(g, coat) >= 0;
        free(bot);
        game_free(g);
        free(g);
    }
    assert_true(picked);
}

int main(void)
{
    char err[RULES_ERROR_MAX + 200];
    if (!rules_load(&rules, RULES_FIXTURE, err, sizeof err)) {
        fprintf(stderr, "%s\n", err);
        return 1;
    }
    coat = kind_find(&rules.kinds, "Lab Coat");
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_data_makes_a_whole_item),
        cmocka_unit_test(alcoves_hold_it),
        cmocka_unit_test(worn_it_counts_and_a_save_keeps_it),
        cmocka_unit_test(the_bot_picks_it_up),
    };
    return RUN_TESTS(tests);
}
