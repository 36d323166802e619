/* `bench` figures of the screen: one full play frame, drawn off-screen by SDL's software
 * renderer (no window, no display), and the time from nothing to the first frame. */
#ifndef MK_BENCH_VIEW_H
#define MK_BENCH_VIEW_H

#include <stdbool.h>
#include <stddef.h>

#include "core/bench_clock.h"

/* frame_us: microseconds (median, min, max of its rounds) for one 1280x720 frame of the close view
 * (2x) with fog, mice, items, the sidebar and the messages, after the bot has played a while;
 * frame_floor_us: the same frame with the whole floor in view. startup_ms: finding and loading the
 * assets and rules, making the renderer, the atlas and glyph textures and a new game, and
 * drawing its first frame (the window itself is not counted: there is none). */
bool bench_view(BenchSpread *frame_us, BenchSpread *frame_floor_us, double *startup_ms, char *err,
                size_t err_size);

#endif
