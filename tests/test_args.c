#include "test_support.h"

#include <string.h>

#include "cli/args.h"

static char err[256];

/* Parses "mouseking" followed by the given arguments. */
#define PARSE(opt, ...) parse_list((opt), (char *[]){"mouseking", __VA_ARGS__, NULL})

static int parse_list(CliOptions *opt, char **argv)
{
    int argc = 0;
    while (argv[argc])
        argc++;
    return cli_parse(argc, argv, opt, err, sizeof err);
}

static void no_arguments_plays(void **state)
{
    (void)state;
    CliOptions o;
    char *argv[] = {"mouseking"};
    assert_int_equal(cli_parse(1, argv, &o, err, sizeof err), CLI_OK);
    assert_int_equal(o.command, CLI_PLAY);
    assert_false(o.has_seed);
    assert_int_equal(o.window, WINDOW_DEFAULT);
    assert_false(o.no_sound);
}

static void play_options(void **state)
{
    (void)state;
    CliOptions o;
    assert_int_equal(PARSE(&o, "--seed", "18446744073709551615", "--windowed", "--no-sound"),
                     CLI_OK);
    assert_true(o.has_seed);
    assert_true(o.seed == UINT64_MAX);
    assert_int_equal(o.window, WINDOW_WINDOWED);
    assert_true(o.no_sound);
    assert_int_equal(PARSE(&o, "--fullscreen"), CLI_OK);
    assert_int_equal(o.window, WINDOW_FULLSCREEN);
    assert_int_equal(PARSE(&o, "--help"), CLI_OK);
    assert_int_equal(o.command, CLI_HELP);
    assert_int_equal(PARSE(&o, "--version"), CLI_OK);
    assert_int_equal(o.command, CLI_VERSION);
}

static void bad_play_options_are_usage_errors(void **state)
{
    (void)state;
    CliOptions o;
    assert_int_equal(PARSE(&o, "--sed", "4"), CLI_USAGE_ERROR);
    assert_non_null(strstr(err, "unknown option '--sed'"));
    assert_int_equal(PARSE(&o, "--seed"), CLI_USAGE_ERROR);
    assert_non_null(strstr(err, "--seed needs"));
    const char *bad_seeds[] = {"-1", "+3", "12x", "", " 5", "18446744073709551616", "0x10", "1e3"};
    for (size_t i = 0; i < sizeof bad_seeds / sizeof bad_seeds[0]; i++) {
        char *argv[] = {"mouseking", "--seed", (char *)bad_seeds[i]};
        assert_int_equal(cli_parse(3, argv, &o, err, sizeof err), CLI_USAGE_ERROR);
        assert_non_null(strstr(err, bad_seeds[i]));
    }
    assert_int_equal(PARSE(&o, "--fullscreen", "--windowed"), CLI_USAGE_ERROR);
    assert_int_equal(PARSE(&o, "play"), CLI_USAGE_ERROR);
    assert_non_null(strstr(err, "unknown command 'play'"));
}

static void gen_options(void **state)
{
    (void)state;
    CliOptions o;
    assert_int_equal(PARSE(&o, "gen", "--seed", "7", "--floor", "13"), CLI_OK);
    assert_int_equal(o.command, CLI_GEN);
    assert_true(o.seed == 7);
    assert_int_equal(o.floor, 13);
    assert_false(o.all);
    assert_int_equal(o.format, GEN_FORMAT_ASCII);
    assert_int_equal(PARSE(&o, "gen", "--all", "--format", "json", "--seed", "0"), CLI_OK);
    assert_true(o.all);
    assert_int_equal(o.floor, -1);
    assert_int_equal(o.format, GEN_FORMAT_JSON);
}

static void bad_gen_options_are_usage_errors(void **state)
{
    (void)state;
    CliOptions o;
    assert_int_equal(PARSE(&o, "gen", "--floor", "1"), CLI_USAGE_ERROR);
    assert_non_null(strstr(err, "--seed"));
    assert_int_equal(PARSE(&o, "gen", "--seed", "1"), CLI_USAGE_ERROR);
    assert_int_equal(PARSE(&o, "gen", "--seed", "1", "--floor", "2", "--all"), CLI_USAGE_ERROR);
    assert_int_equal(PARSE(&o, "gen", "--seed", "1", "--floor", "14"), CLI_USAGE_ERROR);
    assert_non_null(strstr(err, "'14'"));
    assert_int_equal(PARSE(&o, "gen", "--seed", "1", "--floor", "-1"), CLI_USAGE_ERROR);
    assert_int_equal(PARSE(&o, "gen", "--seed", "1", "--all", "--format", "xml"), CLI_USAGE_ERROR);
    assert_non_null(strstr(err, "'xml'"));
    assert_int_equal(PARSE(&o, "gen", "--seed", "1", "--all", "--windowed"), CLI_USAGE_ERROR);
}

/* Usage and help name every command the parser takes. */
static void usage_and_help_list_every_command(void **state)
{
    (void)state;
    const char *forms[] = {"gen --seed N",
                           "gen --stats --seeds N",
                           "fov --map FILE --from X,Y",
                           "bench [--json]",
                           "--png FILE",
                           "--radius R",
                           "--record DIR",
                           "replay [--verify] FILE"};
    for (size_t i = 0; i < sizeof forms / sizeof forms[0]; i++) {
        assert_non_null(strstr(CLI_USAGE, forms[i]));
        assert_non_null(strstr(CLI_HELP_TEXT, forms[i]));
    }
}

static void fov_and_bench_options(void **state)
{
    (void)state;
    CliOptions o;
    assert_int_equal(PARSE(&o, "fov", "--map", "m.txt", "--from", "12,7", "--radius", "9"), CLI_OK);
    assert_int_equal(o.command, CLI_FOV);
    assert_string_equal(o.map_path, "m.txt");
    assert_int_equal(o.from_x, 12);
    assert_int_equal(o.from_y, 7);
    assert_int_equal(o.radius, 9);
    assert_int_equal(PARSE(&o, "fov", "--map", "m.txt"), CLI_USAGE_ERROR);
    assert_int_equal(PARSE(&o, "fov", "--map", "m.txt", "--from", "12"), CLI_USAGE_ERROR);
    assert_int_equal(PARSE(&o, "fov", "--map", "m.txt", "--from", "1,-2"), CLI_USAGE_ERROR);
    assert_int_equal(PARSE(&o, "fov", "--map", "m.txt", "--from", "1,2", "--radius", "x"),
                     CLI_USAGE_ERROR);
    assert_int_equal(PARSE(&o, "bench", "--json"), CLI_OK);
    assert_int_equal(o.command, CLI_BENCH);
    assert_true(o.json);
    assert_int_equal(PARSE(&o, "bench", "--fast"), CLI_USAGE_ERROR);
    assert_int_equal(PARSE(&o, "replay", "--verify", "a.mkrec"), CLI_OK);
    assert_int_equal(o.command, CLI_REPLAY);
    assert_true(o.verify);
    assert_string_equal(o.replay_path, "a.mkrec");
    assert_int_equal(PARSE(&o, "replay", "a.mkrec"), CLI_OK);
    assert_false(o.verify);
    assert_int_equal(PARSE(&o, "replay", "--verify"), CLI_USAGE_ERROR);
    assert_non_null(strstr(err, "replay needs a recording file"));
    assert_int_equal(PARSE(&o, "replay", "a", "b"), CLI_USAGE_ERROR);
    assert_non_null(strstr(err, "replay takes one recording, got 'b' too"));
    assert_int_equal(PARSE(&o, "replay", "--fast", "a"), CLI_USAGE_ERROR);
    assert_int_equal(PARSE(&o, "replay", ""), CLI_USAGE_ERROR);
    assert_int_equal(PARSE(&o, "autoplay", "--seed", "1", "--record", "out"), CLI_OK);
    assert_string_equal(o.record_dir, "out");
    assert_int_equal(PARSE(&o, "autoplay", "--seed", "1", "--record"), CLI_USAGE_ERROR);
    assert_non_null(strstr(err, "--record needs a folder"));
    assert_int_equal(PARSE(&o, "gen", "--stats", "--seeds", "10"), CLI_OK);
    assert_true(o.stats);
    assert_int_equal(o.stats_seeds, 10);
    assert_int_equal(PARSE(&o, "gen", "--stats"), CLI_USAGE_ERROR);
    assert_int_equal(PARSE(&o, "gen", "--stats", "--seeds", "0"), CLI_USAGE_ERROR);
    assert_int_equal(PARSE(&o, "gen", "--stats", "--seeds", "10", "--jobs", "2"), CLI_OK);
    assert_int_equal(o.jobs, 2);
    assert_int_equal(PARSE(&o, "gen", "--stats", "--seeds", "10", "--jobs", "0"), CLI_USAGE_ERROR);
    assert_int_equal(PARSE(&o, "gen", "--seed", "1", "--all", "--jobs", "2"), CLI_USAGE_ERROR);
    assert_non_null(strstr(err, "--jobs goes with --stats"));
    assert_int_equal(PARSE(&o, "gen", "--seed", "1", "--all", "--png", "x.png"), CLI_USAGE_ERROR);
}

/* Each message that quotes an argument quotes it safely: an escape sequence typed (or pasted)
 * as a value must not reach the terminal, nor bytes that are not UTF-8. */
static void values_are_quoted_without_controls_or_bad_utf8(void **state)
{
    (void)state;
    char bad[] = "\x1b[31mX\xff";
    char *lists[][8] = {
        {"mouseking", "--seed", bad},
        {"mouseking", bad},
        {"mouseking", "--windowed", bad},
        {"mouseking", "gen", "--floor", bad},
        {"mouseking", "gen", "--seeds", bad},
        {"mouseking", "gen", "--format", bad},
        {"mouseking", "gen", bad},
        {"mouseking", "fov", "--from", bad},
        {"mouseking", "fov", "--from", "1,\x1b[31mX\xff"},
        {"mouseking", "fov", "--radius", bad},
        {"mouseking", "fov", bad},
        {"mouseking", "autoplay", "--games", bad},
        {"mouseking", "autoplay", "--max-turns", bad},
        {"mouseking", "autoplay", bad},
        {"mouseking", "bench", bad},
        {"mouseking", "replay", "--verify", "a.mkrec", bad},
    };
    for (size_t i = 0; i < sizeof lists / sizeof lists[0]; i++) {
        CliOptions o;
        assert_int_equal(parse_list(&o, lists[i]), CLI_USAGE_ERROR);
        if (!strstr(err, "?[31mX?"))
            fail_msg("case %zu: %s", i, err);
        for (const char *c = err; *c; c++)
            if ((unsigned char)*c < 0x20 || (unsigned char)*c >= 0x7f)
                fail_msg("case %zu: byte 0x%02x in the message", i, (unsigned char)*c);
    }
}

/* Each option at most once: a second one is a usage error that names it, not a silent
 * override of the first. */
static void an_option_given_twice_is_a_usage_error(void **state)
{
    (void)state;
    CliOptions o;
    char **twice[] = {
        (char *[]){"mouseking", "--seed", "5", "--seed", "6", NULL},
        (char *[]){"mouseking", "--seed", "5", "--seed", "5", NULL},
        (char *[]){"mouseking", "--no-sound", "--no-sound", NULL},
        (char *[]){"mouseking", "--fullscreen", "--fullscreen", NULL},
        (char *[]){"mouseking", "gen", "--seed", "1", "--floor", "2", "--floor", "3", NULL},
        (char *[]){"mouseking", "gen", "--seed", "1", "--all", "--format", "json", "--format",
                   "ascii", NULL},
        (char *[]){"mouseking", "gen", "--stats", "--seeds", "3", "--seeds", "4", NULL},
        (char *[]){"mouseking", "fov", "--map", "a", "--map", "b", "--from", "1,1", NULL},
        (char *[]){"mouseking", "fov", "--map", "a", "--from", "1,1", "--radius", "2", "--radius",
                   "3", NULL},
        (char *[]){"mouseking", "autoplay", "--seed", "1", "--games", "2", "--games", "3", NULL},
        (char *[]){"mouseking", "autoplay", "--seed", "1", "--record", "a", "--record", "b", NULL},
        (char *[]){"mouseking", "autoplay", "--seed", "1", "--jobs", "1", "--jobs", "2", NULL},
        (char *[]){"mouseking", "autoplay", "--seed", "1", "--max-turns", "9", "--max-turns", "8",
                   NULL},
        (char *[]){"mouseking", "replay", "--verify", "--verify", "a.mkrec", NULL},
        (char *[]){"mouseking", "bench", "--json", "--json", NULL},
    };
    for (size_t i = 0; i < sizeof twice / sizeof twice[0]; i++) {
        if (parse_list(&o, twice[i]) != CLI_USAGE_ERROR)
            fail_msg("case %zu was accepted", i);
        if (!strstr(err, " is given twice"))
            fail_msg("case %zu: %s", i, err);
    }
    assert_int_equal(PARSE(&o, "--seed", "5", "--seed", "6"), CLI_USAGE_ERROR);
    assert_string_equal(err, "--seed is given twice");
    /* a value that looks like an option is a value */
    assert_int_equal(PARSE(&o, "autoplay", "--seed", "1", "--record", "--seed"), CLI_OK);
    assert_string_equal(o.record_dir, "--seed");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(no_arguments_plays),
        cmocka_unit_test(play_options),
        cmocka_unit_test(bad_play_options_are_usage_errors),
        cmocka_unit_test(gen_options),
        cmocka_unit_test(bad_gen_options_are_usage_errors),
        cmocka_unit_test(usage_and_help_list_every_command),
        cmocka_unit_test(fov_and_bench_options),
        cmocka_unit_test(values_are_quoted_without_controls_or_bad_utf8),
        cmocka_unit_test(an_option_given_twice_is_a_usage_error),
    };
    return RUN_TESTS(tests);
}
