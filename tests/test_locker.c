/* Specimen lockers (docs/RULES.md R-LOCKER, R-GUAR-13): on floors 3, 6, 9 and 12 three cages
 * behind a locked door, each an item of the next tier up, one more Key in reach; taking one
 * shuts the other two for good. Kinds from the fixture rules. */
#include "test_support.h"

#include <stdlib.h>

#include "bot/bot.h"
#include "core/seeds.h"
#include "game_fixture.h"
#include "gen/gen.h"
#include "gen/steps.h"
#include "store/save.h"

enum { SEEDS = 40 };

static int cages_on(const Floor *f)
{
    int n = 0;
    for (const Entity *e = f->entities.head; e; e = e->next)
        n += (e->flags & EF_CAGED) != 0;
    return n;
}

/* R-LOCKER-1: floors 3, 6, 9 and 12 get one for most seeds, three cages; no other floor. */
static void lockers_stand_on_floors_3_6_9_12(void **state)
{
    (void)state;
    EntityFactory factory;
    factory_init(&factory, &test_rules()->kinds);
    int lockers[FLOOR_COUNT] = {0};
    for (uint64_t seed = 1; seed <= SEEDS; seed++) {
        GameSeeds seeds;
        seeds_derive(&seeds, seed);
        for (int n = 1; n < MAX_FLOORS; n++) {
            Floor f;
            assert_true(gen_floor(&f, n, seeds.floors[n], &factory, NULL));
            int cages = cages_on(&f);
            assert_true(cages == 0 || cages == 3);
            lockers[n] += cages == 3;
            floor_free(&f);
        }
    }
    for (int n = 1; n < MAX_FLOORS; n++)
        if (n % 3 == 0)
            assert_true(lockers[n] >= SEEDS * 3 / 4);
        else
            assert_int_equal(lockers[n], 0);
}

/* R-LOCKER-2: a cage's item is of the tier above one roll of the floor's table (the top tier
 * stays the top). */
static void cages_hold_the_next_tier_up(void **state)
{
    (void)state;
    const KindTable *kinds = &test_rules()->kinds;
    int top = 0;
    for (int i = 0; i < kinds->count; i++)
        top = gen_loot_tier(kinds, i) > top ? gen_loot_tier(kinds, i) : top;
    for (int n = 3; n < MAX_FLOORS; n += 3)
        for (uint64_t s = 1; s <= 300; s++) {
            Rng rng, copy;
            rng_seed(&rng, s, RNG_STREAM_GENERATOR);
            copy = rng;
            int rolled = gen_loot_tier(kinds, gen_roll_loot(kinds, &copy, n));
            int want = rolled + 1 > top ? top : rolled + 1;
            assert_int_equal(gen_loot_tier(kinds, gen_roll_locker_loot(kinds, &rng, n)), want);
        }
}

/* R-LOCKER-3, R-GUAR-13: a floor with a locker has a Key the arrival point reaches through no
 * locked door, and the check refuses a locker floor whose Keys are gone. */
static void the_extra_key_is_in_reach(void **state)
{
    (void)state;
    EntityFactory factory;
    factory_init(&factory, &test_rules()->kinds);
    int checked = 0;
    for (uint64_t seed = 1; seed <= SEEDS; seed++) {
        GameSeeds seeds;
        seeds_derive(&seeds, seed);
        Floor f;
        assert_true(gen_floor(&f, 3, seeds.floors[3], &factory, NULL));
        if (cages_on(&f) == 3) {
            uint8_t *open = gen_reach(&f, GEN_REACH_FROM_ARRIVAL, GEN_REACH_NOT_LOCKED);
            bool key = false;
            for (Entity *e = f.entities.head; e; e = e->next) {
                key |= e->kind_id == KIND_ID_KEY && open[e->y * f.map.width + e->x];
                if (e->flags & EF_CAGED)
                    assert_false(open[e->y * f.map.width + e->x]); /* behind the lock */
            }
            free(open);
            assert_true(key);
            for (Entity *e = f.entities.head, *next; e; e = next) {
                next = e->next;
                if (e->kind_id == KIND_ID_KEY)
                    entity_list_remove(&f.entities, e);
            }
            char why[160];
            assert_false(gen_floor_check(&f, factory.kinds, GEN_CHECK_FRESH, why, sizeof why));
            if (!strstr(why, "no Key in reach"))
                fail_msg("%s", why);
            checked++;
        }
        floor_free(&f);
    }
    assert_true(checked > 0);
}

/* The player at the locker's end: a Crowbar north, a Biker Jacket east, a Microchip south. */
static const char *const LOCKER[] = {
    "#######", "##)####", "#@.[###", "##*####", "#######", NULL,
};

static Game *locker_game(void)
{
    Game *g = fixture_game(5, 3, LOCKER);
    Floor *f = game_floor(g);
    for (Entity *e = f->entities.head; e; e = e->next)
        if (e->kind == KIND_ITEM)
            e->flags |= EF_CAGED;
    return g;
}

/* R-LOCKER-4, R-LOCKER-5: walking into a cage takes its item and shuts the other two; a shut
 * cage cannot be entered and its item stays. */
static void taking_one_shuts_the_others(void **state)
{
    (void)state;
    Game *g = locker_game();
    Floor *f = game_floor(g);
    Entity *jacket = floor_entity_at(f, 3, 2, 0), *chip = floor_entity_at(f, 2, 3, 0);
    assert_true(fixture_step(g, 1, 0));
    assert_true(fixture_step(g, 0, -1)); /* into the Crowbar's cage */
    assert_int_equal(game_find_item(g, KIND_ID_CROWBAR), 0);
    assert_false(g->inventory[0]->flags & (EF_CAGED | EF_CAGE_SHUT)); /* out of its cage */
    assert_true(fixture_said(g, "The other cages snap shut."));
    assert_true(jacket->flags & EF_CAGE_SHUT);
    assert_true(chip->flags & EF_CAGE_SHUT);
    assert_true(fixture_step(g, 0, 1));
    fixture_step(g, 1, 0); /* the Jacket's shut cage */
    assert_true(fixture_said(g, "The cage is shut."));
    assert_int_equal(g->player->x, 2);
    assert_int_equal(game_find_item(g, KIND_ID_BIKER_JACKET), -1);
    assert_ptr_equal(floor_entity_at(f, 3, 2, 0), jacket);
    fixture_free(g);
}

/* R-LOCKER-4: exploring never walks into a cage, open or shut: the choice is the player's. */
static void exploring_leaves_the_cages_alone(void **state)
{
    (void)state;
    Game *g = locker_game();
    for (int i = 0; i < 12; i++)
        fixture_do(g, command_of(CMD_EXPLORE));
    assert_int_equal(g->inventory_count, 0);
    fixture_free(g);
}

/* An open cage with a full pack: the item stays and the others stay open. */
static void a_full_pack_shuts_nothing(void **state)
{
    (void)state;
    Game *g = locker_game();
    Floor *f = game_floor(g);
    Entity *jacket = floor_entity_at(f, 3, 2, 0);
    for (int i = 0; i < g->rules->inventory_limit; i++)
        game_pack_add(g, factory_make(&g->factory, KIND_ID_KEY, 0, 0, 0));
    assert_true(fixture_step(g, 1, 0));
    assert_true(fixture_step(g, 0, -1));
    assert_false(jacket->flags & EF_CAGE_SHUT);
    fixture_free(g);
}

/* R-LOCKER-6: the save keeps which items are caged and which cages are shut, one line each. */
static void the_save_keeps_the_cages(void **state)
{
    (void)state;
    Game *g = locker_game();
    char *open = save_to_json(g);
    assert_non_null(strstr(open, "\"caged\":true"));
    assert_null(strstr(open, "\"cage_shut\""));
    free(open);
    assert_true(fixture_step(g, 1, 0));
    assert_true(fixture_step(g, 0, -1));
    char *shut = save_to_json(g);
    const char *at = strstr(shut, "\"cage_shut\":true");
    assert_non_null(at);
    assert_non_null(strstr(at + 1, "\"cage_shut\":true")); /* both others */
    free(shut);
    fixture_free(g);
}

/* R-LOCKER-7: the bot walks into the cage of the best gear by its score (bot.c, gear_value:
 * a blow's damage times its chance, plus defence and dodge), not the first cage in its list.
 * For the fixture's player (2-4, 80% to hit) the Crowbar, whose cage comes first, scores 32 and
 * the Biker Jacket 30; the Microchip, given +10 dodge here, 35: it takes the Microchip and
 * reports it. */
static void the_bot_takes_the_best(void **state)
{
    (void)state;
    Game *g = locker_game();
    floor_entity_at(game_floor(g), 2, 3, 0)->item.dodge = 10;
    Bot *bot = malloc(sizeof *bot);
    bot_init(bot);
    for (int i = 0; i < 6 && !bot->locker_pick; i++)
        bot_play_turn(bot, g);
    assert_int_not_equal(game_find_item(g, KIND_ID_MICROCHIP), -1);
    assert_string_equal(bot->locker_pick, "Microchip");
    free(bot);
    fixture_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(lockers_stand_on_floors_3_6_9_12),
        cmocka_unit_test(cages_hold_the_next_tier_up),
        cmocka_unit_test(the_extra_key_is_in_reach),
        cmocka_unit_test(taking_one_shuts_the_others),
        cmocka_unit_test(a_full_pack_shuts_nothing),
        cmocka_unit_test(exploring_leaves_the_cages_alone),
        cmocka_unit_test(the_save_keeps_the_cages),
        cmocka_unit_test(the_bot_takes_the_best),
    };
    return RUN_TESTS(tests);
}
