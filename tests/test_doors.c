#include "test_support.h"

#include <stdlib.h>
#include <string.h>

#include "core/factory.h"
#include "core/world.h"
#include "entities/entities.h"
#include "test_rules.h"

typedef struct Fixture {
    EntityFactory factory;
    MessageLog log;
    Floor floor;
    World world;
    Entity *player;
} Fixture;

static int setup(void **state)
{
    Fixture *fx = calloc(1, sizeof *fx);
    factory_init(&fx->factory, &test_rules()->kinds);
    if (!floor_init(&fx->floor, 1, 0, 8, 8))
        return -1;
    msglog_init(&fx->log);
    fx->world = (World){.floor = &fx->floor, .log = &fx->log, .kinds = &test_rules()->kinds};
    fx->player = factory_create(&fx->factory, "Player", 1, 1);
    *state = fx;
    return 0;
}

static int teardown(void **state)
{
    Fixture *fx = *state;
    floor_free(&fx->floor);
    free(fx->player);
    free(fx);
    return 0;
}

static void bumping_a_closed_door_opens_it(void **state)
{
    Fixture *fx = *state;
    Entity *door = factory_create(&fx->factory, "Door", 2, 1);
    assert_int_equal(door->door, DOOR_CLOSED);
    assert_int_equal(door->sprite, SPRITE_DOOR_CLOSED);
    assert_int_equal(door->on_touch(door, fx->player, &fx->world), TOUCH_BLOCKED);
    assert_int_equal(door->door, DOOR_OPEN);
    assert_false(door->flags & EF_SOLID);
    assert_false(door->flags & EF_BLOCKS_SIGHT);
    assert_true(door->flags & EF_ALWAYS_SHOWN);
    assert_int_equal(door->sprite, SPRITE_DOOR_OPEN);
    assert_int_equal(door->glyph, '\'');
    assert_string_equal(msglog_get(&fx->log, 0)->text, "You open the door.");
    /* An open door stays open and lets the mover through. */
    assert_int_equal(door->on_touch(door, fx->player, &fx->world), TOUCH_NOTHING);
    assert_int_equal(door->door, DOOR_OPEN);
    free(door);
}

static void a_locked_door_refuses(void **state)
{
    Fixture *fx = *state;
    Entity *door = factory_create(&fx->factory, "Door (Locked)", 2, 1);
    assert_int_equal(door->sprite, SPRITE_DOOR_LOCKED);
    /* The door only says it is locked: the game decides about Keys (tested in test_game). */
    assert_int_equal(door->on_touch(door, fx->player, &fx->world), TOUCH_LOCKED);
    assert_int_equal(door->door, DOOR_LOCKED);
    assert_true(door->flags & EF_SOLID);
    assert_true(door->flags & EF_BLOCKS_SIGHT);
    free(door);
}

static void a_hidden_door_is_a_wall_until_found(void **state)
{
    Fixture *fx = *state;
    Entity *door = factory_create(&fx->factory, "Door (Hidden)", 2, 1);
    assert_int_equal(door->on_touch(door, fx->player, &fx->world), TOUCH_NOTHING);
    assert_int_equal(door->door, DOOR_HIDDEN);
    assert_true(door->flags & EF_SOLID);
    assert_true(door->flags & EF_BLOCKS_SIGHT);
    assert_string_equal(door->description, MAP_WALL_DESCRIPTION); /* reads as plain wall */
    assert_int_equal(msglog_count(&fx->log), 0);
    door_set_state(fx->factory.kinds, door, DOOR_CLOSED); /* found by searching */
    assert_string_equal(door->name, "Door");
    assert_true(door->flags & EF_ALWAYS_SHOWN);
    free(door);
}

static void stairs_send_only_the_player(void **state)
{
    Fixture *fx = *state;
    Entity *up = factory_create(&fx->factory, "Stairs (Up)", 2, 1);
    Entity *down = factory_create(&fx->factory, "Stairs (Down)", 3, 1);
    Entity *mouse = factory_create(&fx->factory, "Micro Mouse", 4, 1);
    assert_int_equal(up->on_touch(up, fx->player, &fx->world), TOUCH_CLIMB_UP);
    assert_int_equal(down->on_touch(down, fx->player, &fx->world), TOUCH_CLIMB_DOWN);
    assert_int_equal(up->on_touch(up, mouse, &fx->world), TOUCH_BLOCKED);
    free(up);
    free(down);
    free(mouse);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(bumping_a_closed_door_opens_it, setup, teardown),
        cmocka_unit_test_setup_teardown(a_locked_door_refuses, setup, teardown),
        cmocka_unit_test_setup_teardown(a_hidden_door_is_a_wall_until_found, setup, teardown),
        cmocka_unit_test_setup_teardown(stairs_send_only_the_player, setup, teardown),
    };
    return RUN_TESTS(tests);
}
