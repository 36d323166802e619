/* mouseking: the game, and the headless tools of docs/ARCHITECTURE.md. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <time.h>
#include <unistd.h>

#include "cli/args.h"
#include "cli/autoplay_cmd.h"
#include "cli/bench_cmd.h"
#include "cli/fov_cmd.h"
#include "cli/gen_cmd.h"
#include "cli/output.h"
#include "cli/replay_cmd.h"
#include "cli/shot_cmd.h"
#include "cli/window_cmd.h"
#include "core/errline.h"
#include "core/rng.h"

/* A seed nobody chose: the clock and the process id, mixed. */
static uint64_t fresh_seed(void)
{
    struct timespec ts;
    timespec_get(&ts, TIME_UTC);
    return rng_mix64((uint64_t)ts.tv_sec * 1000000007ULL ^ (uint64_t)ts.tv_nsec ^
                     ((uint64_t)getpid() << 32));
}

int main(int argc, char **argv)
{
    CliOptions opt;
    char err[256];
    if (cli_parse(argc, argv, &opt, err, sizeof err) != CLI_OK) {
        errline_say(stderr, "%s", err);
        fputs(CLI_USAGE, stderr);
        return CLI_USAGE_ERROR;
    }
    if (window_cmd_missing(&opt, stderr))
        return 1;
    switch (opt.command) {
    case CLI_HELP:
        fputs(WINDOW_CMD_HELP_NOTE, stdout);
        fputs(CLI_HELP_TEXT, stdout);
        fputs(CLI_HELP_GAME, stdout);
        return 0;
    case CLI_VERSION: printf("mouseking %s\n", MOUSEKING_VERSION); return 0;
    case CLI_GEN: return gen_cmd_run(&opt, stdout);
    case CLI_FOV: return fov_cmd_run(&opt, stdout);
    case CLI_AUTOPLAY: return autoplay_cmd_run(&opt, stdout, stderr);
    case CLI_BENCH: return bench_cmd_run(opt.json, opt.frames_only, stdout);
    case CLI_SHOT: return shot_cmd_run(&opt, stderr);
    case CLI_REPLAY:
        if (opt.verify)
            return replay_cmd_run(&opt, stdout, stderr);
        break;
    case CLI_PLAY: break;
    }
    return window_cmd_play(&opt, opt.has_seed ? opt.seed : fresh_seed());
}
