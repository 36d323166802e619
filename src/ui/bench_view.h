/* `bench` figures of the screen: play frames drawn off-screen by SDL's software renderer (no
 * window, no display) at three window sizes, the time from nothing to the first frame, and,
 * when a display is there, frames drawn in a real window. */
#ifndef MK_BENCH_VIEW_H
#define MK_BENCH_VIEW_H

#include <stdbool.h>
#include <stddef.h>

#include "core/bench_clock.h"
#include "game/game.h"

/* The sizes of BenchView.sized: 1280x720, 1920x1080, 2560x1440. */
enum { BENCH_VIEW_SIZES = 3 };
extern const int bench_view_sizes[BENCH_VIEW_SIZES][2];

typedef struct BenchView {
    /* Microseconds (median, min, max of its rounds) for one frame of the play screen (the
     * close view, sidebar, messages, mice and items) after the bot has played 600 turns of
     * seed 1: sized[s][floor][turn], at size s, in the close view (floor 0) or with the whole
     * floor in view (1); turn 0: drawn again with nothing changed (the map layer is copied
     * from its texture, as when the pointer moves or a toast shows); turn 1: the first frame
     * after a turn, the bot playing one before each (BenchTurns; the turn itself not timed):
     * the map layer drawn again where the camera moved, else only its changed cells. */
    BenchSpread sized[BENCH_VIEW_SIZES][2][2];
    /* Assets, rules, renderer, atlas and glyph textures and a new game to its first frame
     * (no window). */
    double startup_ms;
    /* With a display: the 1280x720 frame drawn and presented in a real window with the
     * renderer the game picks, as sized[0]: close with nothing changed, close after a turn,
     * the whole floor with nothing changed. window_ok false without one (window_err says
     * why). */
    bool window_ok;
    BenchSpread window_frame_us, window_frame_turn_us, window_frame_floor_us;
    char window_renderer[32]; /* SDL's name of it: "software", "opengl"... */
    char window_err[256];
} BenchView;

bool bench_view(BenchView *out, char *err, size_t err_size);

/* The game the frames "after a turn" are drawn from: seed 1 played by the bot to turn 600,
 * then one more turn before each such frame (internal to bench_view and bench_window). */
typedef struct BenchTurns {
    Game game;
    void *bot;
} BenchTurns;
bool bench_turns_start(BenchTurns *t, const Rules *rules);
void bench_turns_step(BenchTurns *t);
void bench_turns_end(BenchTurns *t);

/* Times frames of `game` in a real window of about 1280x720 (internal to bench_view). */
bool bench_window(BenchView *out, const Game *game, char *err, size_t err_size);

#endif
