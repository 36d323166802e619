/* A build without SDL (-DMOUSEKING_SDL=OFF): what needs the window says, in one line, that
 * this build has none (cli/window_cmd.h). */
#include "cli/window_cmd.h"

#include "cli/shot_cmd.h"
#include "core/errline.h"

#define NO_WINDOW "this build has no window (configured with -DMOUSEKING_SDL=OFF)"

const char WINDOW_CMD_HELP_NOTE[] =
    "This build has no window (configured with -DMOUSEKING_SDL=OFF): it runs gen, fov,\n"
    "autoplay, replay --verify and bench. Playing, replay without --verify, shot, gen --png\n"
    "and bench --frames say so and exit with status 1; bench prints no frame figures.\n"
    "\n";

/* The part of the command line that needs the window, or NULL. */
static const char *window_part(const CliOptions *opt)
{
    switch (opt->command) {
    case CLI_PLAY: return "playing";
    case CLI_REPLAY: return opt->verify ? NULL : "replay without --verify";
    case CLI_SHOT: return "shot";
    case CLI_GEN: return opt->png ? "gen --png" : NULL;
    case CLI_BENCH: return opt->frames_only ? "bench --frames" : NULL;
    default: return NULL;
    }
}

bool window_cmd_missing(const CliOptions *opt, FILE *diag)
{
    const char *part = window_part(opt);
    if (part)
        errline_say(diag, "%s: " NO_WINDOW, part);
    return part != NULL;
}

int window_cmd_play(const CliOptions *opt, uint64_t seed)
{
    (void)seed;
    window_cmd_missing(opt, stderr);
    return 1;
}

bool window_cmd_floor_png(const Floor *floor, const char *path, char *err, size_t err_size)
{
    (void)floor;
    (void)path;
    errline_format(err, err_size, NO_WINDOW);
    return false;
}

int window_cmd_bench_frames(Figure *figs)
{
    (void)figs;
    errline_say(stderr, "bench: no frame_us: " NO_WINDOW);
    return 0;
}

int shot_cmd_run(const CliOptions *opt, FILE *diag)
{
    window_cmd_missing(opt, diag);
    return 1;
}
