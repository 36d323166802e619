#include "test_support.h"

#include "ui/camera.h"

static void centres_on_the_target(void **state)
{
    (void)state;
    Camera c = {.cols = 40, .rows = 20};
    camera_follow(&c, 40, 25, 80, 50);
    assert_int_equal(c.x, 20);
    assert_int_equal(c.y, 15);
}

static void stays_inside_the_map(void **state)
{
    (void)state;
    Camera c = {.cols = 40, .rows = 20};
    camera_follow(&c, 1, 1, 80, 50);
    assert_int_equal(c.x, 0);
    assert_int_equal(c.y, 0);
    camera_follow(&c, 79, 49, 80, 50);
    assert_int_equal(c.x, 40);
    assert_int_equal(c.y, 30);
}

static void a_small_map_is_centred(void **state)
{
    (void)state;
    Camera c = {.cols = 100, .rows = 60};
    camera_follow(&c, 79, 0, 80, 50);
    assert_int_equal(c.x, -10);
    assert_int_equal(c.y, -5);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(centres_on_the_target),
        cmocka_unit_test(stays_inside_the_map),
        cmocka_unit_test(a_small_map_is_centred),
    };
    return RUN_TESTS(tests);
}
