/* The command line: cli_parse on any arguments, the input split at each NUL into at most
 * ARGS_MAX arguments after "mouseking". It returns CLI_OK or CLI_USAGE_ERROR only; a usage
 * error gives one clean line; accepted options are ones the commands can run with (each
 * command's required options there, numbers in their ranges); parsing is a pure function. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cli/args.h"
#include "core/floor.h"
#include "fuzz_check.h"

enum { ARGS_MAX = 24 };

static void check_options(const CliOptions *o)
{
    switch (o->command) {
    case CLI_GEN:
        FUZZ_REQUIRE(o->stats ? o->stats_seeds >= 1 : o->has_seed);
        FUZZ_REQUIRE(o->stats || o->all == (o->floor == -1));
        FUZZ_REQUIRE(o->floor >= -1 && o->floor <= MAX_FLOORS);
        break;
    case CLI_FOV:
        FUZZ_REQUIRE(o->map_path && *o->map_path);
        FUZZ_REQUIRE(o->from_x >= 0 && o->from_x <= 4095 && o->from_y >= 0 && o->from_y <= 4095);
        FUZZ_REQUIRE(o->radius >= 0 && o->radius <= 4096);
        break;
    case CLI_AUTOPLAY:
        FUZZ_REQUIRE(o->has_seed && o->games >= 1 && o->games <= 1000000);
        FUZZ_REQUIRE(o->max_turns >= 1 && o->max_turns <= 100000000);
        FUZZ_REQUIRE(!o->record_dir || *o->record_dir);
        break;
    case CLI_REPLAY: FUZZ_REQUIRE(o->replay_path && *o->replay_path); break;
    default: break;
    }
    FUZZ_REQUIRE(o->jobs >= 0 && o->jobs <= 256);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *copy = malloc(size + 1);
    FUZZ_REQUIRE(copy != NULL);
    if (size)
        memcpy(copy, data, size);
    copy[size] = '\0';
    char *argv[ARGS_MAX + 2] = {"mouseking"};
    int argc = 1;
    for (size_t at = 0; at < size && argc <= ARGS_MAX; at += strlen(copy + at) + 1)
        argv[argc++] = copy + at;
    argv[argc] = NULL;
    CliOptions o;
    char err[512];
    fuzz_err_prepare(err, sizeof err);
    int status = cli_parse(argc, argv, &o, err, sizeof err);
    FUZZ_REQUIRE(status == CLI_OK || status == CLI_USAGE_ERROR);
    if (status == CLI_USAGE_ERROR)
        fuzz_err_check(err, sizeof err);
    else
        check_options(&o);
    /* the same arguments, the same answer */
    CliOptions again;
    FUZZ_REQUIRE(cli_parse(argc, argv, &again, err, sizeof err) == status);
    FUZZ_REQUIRE(status != CLI_OK || memcmp(&o, &again, sizeof o) == 0);
    free(copy);
    return 0;
}
