/* The parts of the command line that need SDL: the window (playing, replay without --verify),
 * shot, gen --png and bench's frame figures. A build with SDL links window_cmd.c and
 * shot_cmd.c, which draw through src/ui; a build without (-DMOUSEKING_SDL=OFF) links
 * no_window.c instead, where each of them says in one line that this build has no window. */
#ifndef MK_WINDOW_CMD_H
#define MK_WINDOW_CMD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "cli/args.h"
#include "cli/bench_sight.h"
#include "core/floor.h"

/* What --help says first about this build: "" with a window, else which commands it lacks. */
extern const char WINDOW_CMD_HELP_NOTE[];

/* True, after one line on diag, when opt asks for what this build cannot do (the caller then
 * exits with status 1); always false in a build with a window. */
bool window_cmd_missing(const CliOptions *opt, FILE *diag);

/* Plays the game of `seed` in the window, or watches opt->replay_path (`mouseking replay`
 * without --verify). Returns the exit status. */
int window_cmd_play(const CliOptions *opt, uint64_t seed);

/* gen --png: the floor drawn with the game's sprites into path (ui/floor_png.h). */
bool window_cmd_floor_png(const Floor *floor, const char *path, char *err, size_t err_size);

/* bench's screen figures into figs (ui/bench_view.h); returns how many. */
int window_cmd_bench_frames(Figure *figs);

#endif
