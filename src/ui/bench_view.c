#include "ui/bench_view.h"

#include <SDL.h>
#include <SDL_ttf.h>
#include <stdio.h>

#include "core/bench_clock.h"
#include "game/bot.h"
#include "ui/paths.h"
#include "ui/view.h"

enum { VIEW_W = 640, VIEW_H = 360, SCALE = 2, FONT_POINTS = 16, RUNS = 7, FRAMES = 40 };

/* As the window does it: the logical view at 1x into a texture, then one copy scaled up. */
static void draw_frame(View *view, SDL_Texture *target, const Game *game)
{
    SDL_SetRenderTarget(view->renderer, target);
    SDL_SetRenderDrawColor(view->renderer, 0, 0, 0, 255);
    SDL_RenderClear(view->renderer);
    view_draw_play(view, game, -1, -1, NULL, 0);
    SDL_SetRenderTarget(view->renderer, NULL);
    SDL_RenderCopy(view->renderer, target, NULL, NULL);
    SDL_RenderPresent(view->renderer);
}

bool bench_view(double *frame_us, double *startup_ms, char *err, size_t err_size)
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
    SDL_Surface *surface = SDL_CreateRGBSurfaceWithFormat(0, VIEW_W * SCALE, VIEW_H * SCALE, 32,
                                                          SDL_PIXELFORMAT_RGBA32);
    if (!surface || !(renderer = SDL_CreateSoftwareRenderer(surface))) {
        snprintf(err, err_size, "cannot draw off-screen: %s", SDL_GetError());
        goto done;
    }
    SDL_Texture *target = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_RGBA32,
                                            SDL_TEXTUREACCESS_TARGET, VIEW_W, VIEW_H);
    if (!target) {
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
    if (!text_load(&text, renderer, path, FONT_POINTS, err, err_size))
        goto done;
    if (!game_init(&game, 1, &rules)) {
        snprintf(err, err_size, "%s", game.error);
        goto done;
    }
    game_ready = true;
    View view = {renderer, &atlas, &text, VIEW_W, VIEW_H, {0}};
    draw_frame(&view, target, &game);
    *startup_ms = (bench_now_us() - t0) / 1e3;

    /* A floor well into the game: explored rooms in memory, mice and items in view. */
    bot_init(&bot);
    while (game.turn < 600 && game.outcome == GAME_PLAYING && bot_play_turn(&bot, &game))
        ;
    double runs[RUNS];
    for (int r = 0; r < RUNS; r++) {
        double start = bench_now_us();
        for (int f = 0; f < FRAMES; f++)
            draw_frame(&view, target, &game);
        runs[r] = (bench_now_us() - start) / FRAMES;
    }
    *frame_us = bench_median(runs, RUNS);
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
