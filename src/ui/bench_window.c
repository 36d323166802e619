/* bench's window_frame_us: the play frame drawn and presented in a real window, with the
 * renderer the game itself picks (ui/window.h), as the game's loop draws it. Timed on the wall
 * clock: the present waits for the X server, another process, and an OpenGL renderer draws on
 * threads of its own; the thread's CPU clock would count neither. */
#include <SDL.h>
#include <stdio.h>

#include "ui/bench_view.h"
#include "ui/offscreen.h"
#include "ui/window.h"

enum { WIN_W = 1280, WIN_H = 720, WIN_RUNS = 7, WIN_FRAMES = 40 };

static void window_frame(View *view, const Game *game)
{
    SDL_PumpEvents(); /* as the loop does between frames: the X server's replies read */
    offscreen_draw_play(view, game);
}

/* `turn`: each frame the first after a turn of the bot's (not timed), as bench_view's;
 * else frames with nothing changed. */
static BenchSpread time_window_frames(View *view, const Game *game, bool turn)
{
    static BenchTurns t;
    double runs[WIN_RUNS];
    if (turn) {
        if (!bench_turns_start(&t, game->rules))
            return bench_spread((double[]){0}, 1);
        game = &t.game;
    }
    for (int f = 0; f < 5; f++) /* mapped, the layer made, the camera placed */
        window_frame(view, game);
    for (int r = 0; r < WIN_RUNS; r++) {
        double spent = 0;
        for (int f = 0; f < WIN_FRAMES; f++) {
            if (turn)
                bench_turns_step(&t);
            double start = bench_wall_us();
            window_frame(view, game);
            spent += bench_wall_us() - start;
        }
        runs[r] = spent / WIN_FRAMES;
    }
    if (turn)
        bench_turns_end(&t);
    return bench_spread(runs, WIN_RUNS);
}

/* A display SDL can open a window on (not its drivers that draw nowhere). */
static bool open_display(char *err, size_t err_size)
{
    const char *display = SDL_getenv("DISPLAY"), *wayland = SDL_getenv("WAYLAND_DISPLAY");
    if (!(display && *display) && !(wayland && *wayland)) {
        snprintf(err, err_size, "no display (DISPLAY is not set)");
        return false;
    }
    if (SDL_InitSubSystem(SDL_INIT_VIDEO) != 0) {
        snprintf(err, err_size, "cannot open the display: %s", SDL_GetError());
        return false;
    }
    const char *driver = SDL_GetCurrentVideoDriver();
    if (!driver || SDL_strcmp(driver, "offscreen") == 0 || SDL_strcmp(driver, "dummy") == 0) {
        snprintf(err, err_size, "no display SDL can draw on");
        SDL_QuitSubSystem(SDL_INIT_VIDEO);
        return false;
    }
    return true;
}

bool bench_window(BenchView *out, const Game *game, char *err, size_t err_size)
{
    if (!open_display(err, err_size))
        return false;
    SDL_Window *window = SDL_CreateWindow("Mouse King bench", SDL_WINDOWPOS_CENTERED,
                                          SDL_WINDOWPOS_CENTERED, WIN_W, WIN_H, 0);
    SDL_Renderer *renderer = window ? window_make_renderer(window) : NULL;
    Offscreen o;
    bool ok = renderer && offscreen_attach(&o, renderer, err, err_size);
    if (!renderer)
        snprintf(err, err_size, "cannot open a window: %s", SDL_GetError());
    SDL_RendererInfo info;
    if (renderer && SDL_GetRendererInfo(renderer, &info) == 0)
        snprintf(out->window_renderer, sizeof out->window_renderer, "%s", info.name);
    if (ok) {
        View view = offscreen_view(&o, ZOOM_CLOSE);
        out->window_frame_us = time_window_frames(&view, game, false);
        out->window_frame_turn_us = time_window_frames(&view, game, true);
        view.zoom = ZOOM_FLOOR;
        out->window_frame_floor_us = time_window_frames(&view, game, false);
    }
    if (renderer)
        offscreen_close(&o); /* the renderer too */
    if (window)
        SDL_DestroyWindow(window);
    SDL_QuitSubSystem(SDL_INIT_VIDEO);
    return ok;
}
