/* The names the game writes in the user folder (src/core/gamefiles.c), the one table the move of
 * the old folder goes by: each file and its copies, and the look-alikes that are not its. */
#include "test_support.h"

#include "core/gamefiles.h"

static void the_games_files_and_their_copies(void **state)
{
    (void)state;
    const char *data[] = {"save.json",
                          "save.json.bak",
                          "save.json.tmp",
                          "save.json.damaged-20261128-101500",
                          "save.json.ended-20261128-101500-3",
                          "save.json.unused-20261128-101500",
                          "save.json.bak.damaged-20261128-101500",
                          "game.mkrec",
                          "game.mkrec.damaged-20261128-101500",
                          "highscores.json",
                          "highscores.json.tmp",
                          "screenshot-20261128-101500-123.png"};
    for (size_t i = 0; i < sizeof data / sizeof *data; i++)
        assert_int_equal(gamefile_of(data[i]), GAMEFILE_DATA);
    const char *config[] = {"options.json", "options.json.bak",
                            "options.json.damaged-20261128-101500", "gamecontrollerdb.txt"};
    for (size_t i = 0; i < sizeof config / sizeof *config; i++)
        assert_int_equal(gamefile_of(config[i]), GAMEFILE_CONFIG);
    assert_int_equal(gamefile_of("recordings"), GAMEFILE_RECORDINGS);
}

static void look_alikes_are_not_the_games(void **state)
{
    (void)state;
    const char *foreign[] = {".",
                             "..",
                             "",
                             "save.json.old",
                             "save.jsonx",
                             "save.json.bak2",
                             "save.json.damaged",
                             "save.json.damaged-",
                             "save.json.damaged-2026x",
                             "save.json.kept-20261128",
                             "Save.json",
                             "my-save.json",
                             "options.json~",
                             "screenshot-.png",
                             "screenshot-1.jpg",
                             "screenshots",
                             "recordings.bak",
                             "notes.txt"};
    for (size_t i = 0; i < sizeof foreign / sizeof *foreign; i++)
        assert_int_equal(gamefile_of(foreign[i]), GAMEFILE_FOREIGN);
}

static void recordings_and_morgue_files(void **state)
{
    (void)state;
    assert_true(gamefile_is_recording("20261128-101500-seed7.mkrec"));
    assert_true(gamefile_is_recording("20261128-101500-seed7.txt"));
    assert_false(gamefile_is_recording(".mkrec"));
    assert_false(gamefile_is_recording(".hidden.txt"));
    assert_false(gamefile_is_recording("readme.md"));
    assert_false(gamefile_is_recording("1-seed2.mkrec.tmp"));
    assert_false(gamefile_is_recording(".."));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_games_files_and_their_copies),
        cmocka_unit_test(look_alikes_are_not_the_games),
        cmocka_unit_test(recordings_and_morgue_files),
    };
    return RUN_TESTS(tests);
}
