#include "test_support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/factory.h"
#include "entities/entities.h"

/* The entity names of docs/ARCHITECTURE.md ("Entities and the factory"), written out here so
 * the test does not trust the table it checks. */
static const char *const SPEC_NAMES[] = {
    "Player",           "Micro Mouse", "Neo Mouse",
    "Tough Mouse",      "Rabid Mouse", "Meta Mouse",
    "Mouse King",       "Key",         "Health Pack",
    "Crowbar",          "Stun Baton",  "Biker Jacket",
    "Bulletproof Vest", "Microchip",   "Stairs (Up)",
    "Stairs (Down)",    "Door",        "Door (Locked)",
    "Door (Hidden)",
};
enum { SPEC_NAME_COUNT = sizeof SPEC_NAMES / sizeof SPEC_NAMES[0] };

static int setup(void **state)
{
    EntityFactory *f = malloc(sizeof *f);
    factory_init(f);
    if (!entities_register_all(f))
        return -1;
    *state = f;
    return 0;
}

static int teardown(void **state)
{
    free(*state);
    return 0;
}

static void every_spec_name_creates(void **state)
{
    EntityFactory *f = *state;
    assert_int_equal(f->count, SPEC_NAME_COUNT);
    for (int i = 0; i < SPEC_NAME_COUNT; i++) {
        Entity *e = factory_create(f, SPEC_NAMES[i], 3, 4);
        assert_non_null(e);
        assert_string_equal(e->name, SPEC_NAMES[i]);
        assert_int_equal(e->x, 3);
        assert_int_equal(e->y, 4);
        assert_non_null(e->description);
        assert_true(strlen(e->description) > 10);
        assert_in_range(e->sprite, 0, SPRITE_COUNT - 1);
        assert_true(e->glyph > ' ');
        free(e);
    }
}

static void kinds_and_blocking_fit_the_name(void **state)
{
    EntityFactory *f = *state;
    struct {
        const char *name;
        EntityKind kind;
        uint32_t flags;
    } cases[] = {
        {"Player", KIND_PLAYER, EF_SOLID | EF_PLAYER},
        {"Micro Mouse", KIND_MONSTER, EF_SOLID},
        {"Mouse King", KIND_MONSTER, EF_SOLID | EF_UNIQUE}, /* "the Mouse King" */
        {"Key", KIND_ITEM, 0},
        {"Stairs (Up)", KIND_STAIRS, EF_SOLID | EF_ALWAYS_SHOWN},
        {"Door", KIND_DOOR, EF_SOLID | EF_BLOCKS_SIGHT | EF_ALWAYS_SHOWN},
        {"Door (Locked)", KIND_DOOR, EF_SOLID | EF_BLOCKS_SIGHT | EF_ALWAYS_SHOWN},
        {"Door (Hidden)", KIND_DOOR, EF_SOLID | EF_BLOCKS_SIGHT},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        Entity *e = factory_create(f, cases[i].name, 0, 0);
        assert_non_null(e);
        assert_int_equal(e->kind, cases[i].kind);
        assert_int_equal(e->flags, cases[i].flags);
        free(e);
    }
}

static void unknown_name_fails_cleanly(void **state)
{
    EntityFactory *f = *state;
    assert_null(factory_create(f, "Giant Rat", 0, 0));
    assert_non_null(strstr(f->error, "unknown entity name 'Giant Rat'"));
    assert_null(factory_create(f, "door", 0, 0)); /* names are exact */
    assert_null(factory_create(f, NULL, 0, 0));
    assert_false(factory_has(f, "Giant Rat"));
    assert_true(factory_has(f, "Door (Hidden)"));
}

static void noop_init(Entity *e)
{
    (void)e;
}

static void registration_rejects_duplicates_and_overflow(void **state)
{
    EntityFactory *f = *state;
    assert_false(factory_register(f, "Door", noop_init));
    assert_non_null(strstr(f->error, "'Door' is registered twice"));
    assert_false(factory_register(f, "", noop_init));
    EntityFactory small;
    factory_init(&small);
    static char names[FACTORY_CAPACITY + 1][16];
    for (int i = 0; i < FACTORY_CAPACITY; i++) {
        snprintf(names[i], sizeof names[i], "kind %d", i);
        assert_true(factory_register(&small, names[i], noop_init));
    }
    assert_false(factory_register(&small, "one too many", noop_init));
    assert_non_null(strstr(small.error, "full"));
}

static void ids_are_unique(void **state)
{
    EntityFactory *f = *state;
    Entity *a = factory_create(f, "Key", 0, 0), *b = factory_create(f, "Key", 0, 0);
    assert_true(a->id != b->id);
    assert_true(a->id != 0);
    free(a);
    free(b);
}

static void the_name_table_matches_the_spec(void **state)
{
    (void)state;
    int n = 0;
    for (; ENTITY_NAMES[n]; n++)
        assert_string_equal(ENTITY_NAMES[n], SPEC_NAMES[n]);
    assert_int_equal(n, SPEC_NAME_COUNT);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(every_spec_name_creates, setup, teardown),
        cmocka_unit_test_setup_teardown(kinds_and_blocking_fit_the_name, setup, teardown),
        cmocka_unit_test_setup_teardown(unknown_name_fails_cleanly, setup, teardown),
        cmocka_unit_test_setup_teardown(registration_rejects_duplicates_and_overflow, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(ids_are_unique, setup, teardown),
        cmocka_unit_test(the_name_table_matches_the_spec),
    };
    return RUN_TESTS(tests);
}
