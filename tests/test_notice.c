/* The title's line about the game Continue recovered goes once that game is over; the other
 * lines of the notice (a damaged file moved aside) stay (core/notice.c). */
#include "test_support.h"

#include <string.h>

#include "core/notice.h"

static void the_recovered_line_goes_when_its_game_is_over(void **state)
{
    (void)state;
    char notice[200] = "";
    int game_at = -1;
    notice_add(notice, sizeof notice, "options.json: damaged; kept as options.json.damaged-1.");
    notice_add_game(notice, sizeof notice, &game_at,
                    "Recovered 1 turn from the recording (turn 5 to 6).");
    assert_string_equal(notice, "options.json: damaged; kept as options.json.damaged-1. "
                                "Recovered 1 turn from the recording (turn 5 to 6).");
    notice_game_over(notice, &game_at);
    assert_string_equal(notice, "options.json: damaged; kept as options.json.damaged-1.");
    assert_int_equal(game_at, -1);
    notice_game_over(notice, &game_at); /* a second game over: nothing more goes */
    assert_string_equal(notice, "options.json: damaged; kept as options.json.damaged-1.");
}

static void alone_it_leaves_nothing(void **state)
{
    (void)state;
    char notice[200] = "";
    int game_at = -1;
    notice_add_game(notice, sizeof notice, &game_at, "Recovered 3 turns.");
    notice_game_over(notice, &game_at);
    assert_string_equal(notice, "");
}

static void a_line_that_does_not_fit_is_left_out(void **state)
{
    (void)state;
    char notice[16] = "";
    int game_at = -1;
    notice_add(notice, sizeof notice, "0123456789");
    notice_add_game(notice, sizeof notice, &game_at, "too long to fit");
    assert_string_equal(notice, "0123456789");
    assert_int_equal(game_at, -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_recovered_line_goes_when_its_game_is_over),
        cmocka_unit_test(alone_it_leaves_nothing),
        cmocka_unit_test(a_line_that_does_not_fit_is_left_out),
    };
    return RUN_TESTS(tests);
}
