/* The commands' parts that need the window, through src/ui (cli/window_cmd.h). */
#include "cli/window_cmd.h"

#include <stdlib.h>
#include <string.h>

#include "core/errline.h"
#include "ui/app.h"
#include "ui/bench_view.h"
#include "ui/floor_png.h"

const char WINDOW_CMD_HELP_NOTE[] = "";

bool window_cmd_missing(const CliOptions *opt, FILE *diag)
{
    (void)opt;
    (void)diag;
    return false;
}

int window_cmd_play(const CliOptions *opt, uint64_t seed)
{
    AppConfig config = {
        .seed = seed,
        .window = opt->window == WINDOW_FULLSCREEN ? 1
                  : opt->window == WINDOW_WINDOWED ? -1
                                                   : 0,
        .sound = !opt->no_sound,
        .replay_path = opt->command == CLI_REPLAY ? opt->replay_path : NULL,
    };
    return app_run(&config);
}

bool window_cmd_floor_png(const Floor *floor, const char *path, char *err, size_t err_size)
{
    return floor_png_write(floor, path, err, err_size);
}

/* The screen's figures (ui/bench_view.h). frame_us and frame_floor_us are the 1280x720 frames
 * with nothing changed, as before the map layer; the window's only with a display. */
int window_cmd_bench_frames(Figure *figs)
{
    static const char *const names[BENCH_VIEW_SIZES][2][2] = {
        {{"frame_1280x720_close_us", "frame_1280x720_close_turn_us"},
         {"frame_1280x720_floor_us", "frame_1280x720_floor_turn_us"}},
        {{"frame_1920x1080_close_us", "frame_1920x1080_close_turn_us"},
         {"frame_1920x1080_floor_us", "frame_1920x1080_floor_turn_us"}},
        {{"frame_2560x1440_close_us", "frame_2560x1440_close_turn_us"},
         {"frame_2560x1440_floor_us", "frame_2560x1440_floor_turn_us"}}};
    static BenchView v;
    char err[1400];
    int n = 0;
    if (!bench_view(&v, err, sizeof err)) {
        errline_say(stderr, "bench: no frame_us: %s", err);
        return 0;
    }
    figs[n++] = figure_of("frame_us", v.sized[0][0][0], "us");
    figs[n++] = figure_of("frame_floor_us", v.sized[0][1][0], "us");
    for (int s = 0; s < BENCH_VIEW_SIZES; s++)
        for (int floor = 0; floor < 2; floor++)
            for (int turn = 0; turn < 2; turn++)
                figs[n++] = figure_of(names[s][floor][turn], v.sized[s][floor][turn], "us");
    figs[n++] = figure_one("startup_ms", v.startup_ms, "ms");
    if (v.window_ok) {
        figs[n++] = figure_of("window_frame_us", v.window_frame_us, "us");
        figs[n++] = figure_of("window_frame_turn_us", v.window_frame_turn_us, "us");
        figs[n++] = figure_of("window_frame_floor_us", v.window_frame_floor_us, "us");
        figs[n++] = figure_one("window_software_renderer",
                               strcmp(v.window_renderer, "software") == 0, "bool");
    } else if (getenv("DISPLAY") && *getenv("DISPLAY")) {
        errline_say(stderr, "bench: no window_frame_us: %s", v.window_err);
    }
    return n;
}
