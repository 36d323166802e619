/* A kind of mouse made by data alone: tests/rules/lab_rat.json is the shipped rules plus one
 * entry, a "Lab Rat" living from floor 2 up with numbers of its own, a borrowed sprite and
 * the skittish behaviour with numbers of its own (R-MOUSE-7). No
 * code names it, yet floors hold it, the sidebar lists it, saves keep it and the bot meets it. */
#include "test_support.h"

#include <stdlib.h>
#include <string.h>

#include "cli/autoplay_cmd.h"
#include "game/behaviour.h"
#include "game/game.h"
#include "game/view_list.h"
#include "gen/gen.h"
#include "store/save.h"

static Rules rules;
static KindId rat;

static int count_rats(const Floor *f)
{
    int n = 0;
    for (const Entity *e = f->entities.head; e; e = e->next)
        n += !(e->flags & EF_REMOVED) && e->kind_id == rat;
    return n;
}

static void the_data_makes_a_whole_kind(void **state)
{
    (void)state;
    assert_true(rat >= KIND_BUILTIN_COUNT);
    const KindDef *k = kind_get(&rules.kinds, rat);
    assert_true(kind_is_mouse(&rules.kinds, rat));
    assert_false(kind_is_boss(&rules.kinds, rat));
    assert_int_equal(k->first_floor, 2);
    assert_int_equal(k->stats.hp, 9);
    assert_int_equal(k->stats.speed, 11);
    assert_int_equal(k->sprite, SPRITE_MICRO_MOUSE);
    assert_int_equal(k->glyph, 'r');
    assert_non_null(strstr(k->description, "Lab Rat: escaped"));
    /* a behaviour of the game's, with numbers of its own, by data too */
    assert_string_equal(behaviour_get(k->behaviour)->name, "skittish");
    assert_int_equal(k->behave.below, 30);
    assert_int_equal(k->behave.every, 4);
    assert_int_equal(rules.monster_count, 7);
}

static void floors_from_its_tier_up_hold_it(void **state)
{
    (void)state;
    EntityFactory factory;
    factory_init(&factory, &rules.kinds);
    int low = 0, high = 0;
    for (uint64_t seed = 1; seed <= 30; seed++) {
        GameSeeds seeds;
        seeds_derive(&seeds, seed);
        for (int n = 1; n <= 6; n++) {
            Floor f;
            assert_true(gen_floor(&f, n, seeds.floors[n], &factory, NULL));
            char why[256];
            if (!gen_floor_check(&f, &rules.kinds, GEN_CHECK_FRESH, why, sizeof why))
                fail_msg("%s", why);
            *(n < 2 ? &low : &high) += count_rats(&f);
            floor_free(&f);
        }
    }
    assert_int_equal(low, 0);
    assert_true(high > 20);
}

/* The first floor of the game's way up that holds a Lab Rat; the player stands on it. */
static Game *game_on_a_rat_floor(void)
{
    Game *g = malloc(sizeof *g);
    assert_non_null(g);
    assert_true(game_init(g, 3, &rules));
    for (int n = 1; n <= MAX_FLOORS && !count_rats(game_floor(g)); n++)
        assert_true(game_change_floor(g, n));
    assert_true(count_rats(game_floor(g)) > 0);
    return g;
}

static void the_sidebar_lists_it_and_a_save_keeps_it(void **state)
{
    (void)state;
    Game *g = game_on_a_rat_floor();
    Floor *f = game_floor(g);
    Entity *r = floor_find(f, rat);
    int x, y;
    assert_true(floor_cell_beside(f, g->player->x, g->player->y, &x, &y));
    r->x = x;
    r->y = y;
    game_rebuild_derived(g);
    const Entity *seen[32];
    int n = game_things_in_view(g, seen, 32);
    bool listed = false;
    for (int i = 0; i < n; i++)
        listed = listed || seen[i] == r;
    assert_true(listed);
    assert_string_equal(entity_a(r, true).s, "A Lab Rat");

    /* Two kills are possible only with two mice gone: take two other mice off the floors. */
    for (int taken = 0, floor = 0; taken < 2 && floor <= g->deepest; floor++) {
        Entity *gone[2];
        int count = 0;
        for (Entity *e = g->floors[floor]->entities.head; e && count < 2 - taken; e = e->next)
            if (e->kind == KIND_MONSTER && e != r)
                gone[count++] = e;
        for (int i = 0; i < count; i++)
            entity_list_remove(&g->floors[floor]->entities, gone[i]);
        entity_list_purge(&g->floors[floor]->entities);
        taken += count;
    }
    g->counters.kills = 2;
    g->counters.kills_by_kind[rat] = 2;
    char *text = save_to_json(g);
    assert_non_null(text);
    assert_non_null(strstr(text, "\"by_kind\":{\"Lab Rat\":2}"));
    Game loaded;
    char err[SAVE_ERROR_MAX];
    if (!save_from_json(&loaded, text, strlen(text), &rules, err, sizeof err))
        fail_msg("%s", err);
    const Entity *back = floor_find(game_floor(&loaded), rat);
    assert_non_null(back);
    assert_string_equal(back->name, "Lab Rat");
    assert_int_equal(back->x, x);
    assert_int_equal(back->stats.max_hp, 9);
    assert_int_equal(back->sprite, SPRITE_MICRO_MOUSE);
    assert_int_equal(loaded.counters.kills_by_kind[rat], 2);
    assert_int_equal(count_rats(game_floor(&loaded)), count_rats(f));
    game_free(&loaded);
    free(text);
    game_free(g);
    free(g);
}

static void the_bot_meets_it(void **state)
{
    (void)state;
    int killed = 0;
    for (uint64_t seed = 1; seed <= 4; seed++) {
        AutoplayResult res;
        char err[256];
        if (!autoplay_game(&rules, seed, 20000, &res, err, sizeof err))
            fail_msg("%s", err);
        killed += res.counters.kills_by_kind[rat];
    }
    assert_true(killed > 0);
}

int main(void)
{
    char err[RULES_ERROR_MAX + 200];
    if (!rules_load(&rules, RULES_FIXTURE, err, sizeof err)) {
        fprintf(stderr, "%s\n", err);
        return 1;
    }
    rat = kind_find(&rules.kinds, "Lab Rat");
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_data_makes_a_whole_kind),
        cmocka_unit_test(floors_from_its_tier_up_hold_it),
        cmocka_unit_test(the_sidebar_lists_it_and_a_save_keeps_it),
        cmocka_unit_test(the_bot_meets_it),
    };
    return RUN_TESTS(tests);
}
