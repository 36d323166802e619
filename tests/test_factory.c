#include "test_support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/factory.h"
#include "entities/entities.h"
#include "test_rules.h"

/* The entity names of docs/ARCHITECTURE.md ("Entities and the factory"), written out here so
 * the test does not trust the table it checks. */
static const char *const SPEC_NAMES[] = {
    "Player",           "Micro Mouse", "Neo Mouse",
    "Tough Mouse",      "Rabid Mouse", "Meta Mouse",
    "Mouse King",       "Key",         "Health Pack",
    "Crowbar",          "Stun Baton",  "Biker Jacket",
    "Bulletproof Vest", "Microchip",   "Stairs (Up)",
    "Stairs (Down)",    "Door",        "Door (Locked)",
    "Door (Hidden)",    "Floor Plan",  "Healing Serum",
    "Adrenaline",       "Mouse Radar", "Sedative",
    "Pheromone",        "Acid",
};
enum { SPEC_NAME_COUNT = sizeof SPEC_NAMES / sizeof SPEC_NAMES[0] };

static int setup(void **state)
{
    EntityFactory *f = malloc(sizeof *f);
    factory_init(f, &test_rules()->kinds);
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
    assert_int_equal(factory_kind(f, "Giant Rat"), KIND_NONE);
    assert_int_equal(factory_kind(f, "Door (Hidden)"), KIND_ID_DOOR_HIDDEN);
    assert_int_equal(factory_kind(f, "Door"), KIND_ID_DOOR); /* the closed one */
}

static void kinds_are_made_by_id_and_out_of_range_fails(void **state)
{
    EntityFactory *f = *state;
    for (KindId k = 0; k < f->kinds->count; k++) {
        Entity *e = factory_make(f, k, 0, 1, 2);
        assert_non_null(e);
        assert_int_equal(e->kind_id, k);
        assert_ptr_equal(e->name, f->kinds->kinds[k].name);
        assert_int_equal(e->kind, f->kinds->kinds[k].family);
        free(e);
    }
    Entity *open = factory_make(f, KIND_ID_DOOR_OPEN, 0, 0, 0);
    assert_int_equal(open->door, DOOR_OPEN);
    assert_string_equal(open->name, "Door");
    free(open);
    assert_null(factory_make(f, f->kinds->count, 0, 0, 0));
    assert_null(factory_make(f, KIND_NONE, 0, 0, 0));
    assert_non_null(strstr(f->error, "unknown entity kind"));
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

/* Every name of the rules has a kind, and every kind has one of those names (the open door
 * shares the closed door's). */
static void the_kind_table_matches_the_spec(void **state)
{
    (void)state;
    const KindTable *kinds = kinds_builtin();
    assert_int_equal(kinds->count, SPEC_NAME_COUNT + 1);
    for (int i = 0; i < SPEC_NAME_COUNT; i++)
        assert_int_not_equal(kind_find(kinds, SPEC_NAMES[i]), KIND_NONE);
    for (int k = 0; k < kinds->count; k++) {
        bool found = false;
        for (int i = 0; i < SPEC_NAME_COUNT; i++)
            found = found || strcmp(kinds->kinds[k].name, SPEC_NAMES[i]) == 0;
        assert_true(found);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(every_spec_name_creates, setup, teardown),
        cmocka_unit_test_setup_teardown(kinds_and_blocking_fit_the_name, setup, teardown),
        cmocka_unit_test_setup_teardown(unknown_name_fails_cleanly, setup, teardown),
        cmocka_unit_test_setup_teardown(kinds_are_made_by_id_and_out_of_range_fails, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(ids_are_unique, setup, teardown),
        cmocka_unit_test(the_kind_table_matches_the_spec),
    };
    return RUN_TESTS(tests);
}
