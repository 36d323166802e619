#include "ui/bench_view.h"

#include <SDL.h>
#include <SDL_ttf.h>
#include <stdio.h>

#include "core/bench_clock.h"
#include "game/bot.h"
#include "ui/layout.h"
#include "ui/paths.h"
#include "ui/view.h"

enum { OUT_W = 1280, OUT_H = 720, RUNS = 7, FRAMES = 40 };

/* As the window does it: straight to the output's pixels, the interface scaled by
 * SDL_RenderSetScale, the map 1:1 at the zoom's tile size. */
static void draw_frame(View *view, const Game *game)
{
    SDL_RenderSetScale(view->renderer, 1, 1);
    SDL_SetRenderDrawColor(view->renderer, 0, 0, 0, 255);
    SDL_RenderClear(view->renderer);
    ViewMarks marks = {.cursor_x = -1, .cursor_y = -1};
    view_draw_play(view, game, &marks);
    SDL_RenderPresent(view->renderer);
}

static BenchSpread time_frames(View *view, const Game *game)
{
    double runs[RUNS];
    for (int r = 0; r < RUNS; r++) {
        double start = bench_now_us();
        for (int f = 0; f < FRAMES; f++)
            draw_frame(view, game);
        runs[r] = (bench_now_us() - start) / FRAMES;
    }
    return bench_spread(runs, RUNS);
}

bool bench_view(BenchSpread *frame_us, BenchSpread *frame_floor_us, double *startup_ms, char *err,
                size_t err_size)
{
    static Rules rules;
    static Game game;
    static Bot bot;
    char assets[1024], path[1100];
    Atlas atlas = {0};
    Text text = {0};
    SDL_Renderer *renderer = NULL;
    bool ok = false, game_ready = false;
    double t0 = bench_now_us();
    SDL_Surface *surface =
        SDL_CreateRGBSurfaceWithFormat(0, OUT_W, OUT_H, 32, SDL_PIXELFORMAT_RGB888);
    if (!surface || !(renderer = SDL_CreateSoftwareRenderer(surface))) {
        snprintf(err, err_size, "cannot draw off-screen: %s", SDL_GetError());
        goto done;
    }
    if (!paths_find_assets(assets, sizeof assets, err, err_size))
        goto done;
    snprintf(path, sizeof path, "%s/data/rules.json", assets);
    if (!rules_load(&rules, path, err, err_size) ||
        !atlas_load(&atlas, renderer, assets, err, err_size))
        goto done;
    if (!TTF_WasInit() && TTF_Init() != 0) {
        snprintf(err, err_size, "cannot start SDL_ttf: %s", TTF_GetError());
        goto done;
    }
    snprintf(path, sizeof path, "%s/fonts/ProggyTiny.ttf", assets);
    if (!text_load(&text, renderer, path, LAYOUT_FONT_POINTS, err, err_size))
        goto done;
    if (!game_init(&game, 1, &rules)) {
        snprintf(err, err_size, "%s", game.error);
        goto done;
    }
    game_ready = true;
    View view = {.renderer = renderer,
                 .atlas = &atlas,
                 .text = &text,
                 .out_w = OUT_W,
                 .out_h = OUT_H,
                 .zoom = ZOOM_CLOSE,
                 .follow_x = -1,
                 .follow_y = -1};
    draw_frame(&view, &game);
    *startup_ms = (bench_now_us() - t0) / 1e3;

    /* A floor well into the game: explored rooms in memory, mice and items in view. */
    bot_init(&bot);
    while (game.turn < 600 && game.outcome == GAME_PLAYING && bot_play_turn(&bot, &game))
        ;
    *frame_us = time_frames(&view, &game);
    view.zoom = ZOOM_FLOOR;
    *frame_floor_us = time_frames(&view, &game);
    ok = true;
done:
    if (game_ready)
        game_free(&game);
    text_free(&text);
    atlas_free(&atlas);
    if (renderer)
        SDL_DestroyRenderer(renderer); /* and its textures */
    SDL_FreeSurface(surface);
    return ok;
}
