#include "ui/offscreen.h"

#include <SDL_ttf.h>
#include <stdio.h>
#include <string.h>

#include "core/paths.h"
#include "ui/layout.h"

static bool load_assets(Offscreen *o, char *err, size_t err_size)
{
    char assets[1024], path[1100];
    if (!paths_find_assets(assets, sizeof assets, err, err_size) ||
        !(o->atlas_ready = atlas_load(&o->atlas, o->renderer, assets, err, err_size)))
        return false;
    if (!TTF_WasInit() && TTF_Init() != 0) {
        snprintf(err, err_size, "cannot start SDL_ttf: %s", TTF_GetError());
        return false;
    }
    snprintf(path, sizeof path, "%s/fonts/ProggyTiny.ttf", assets);
    o->text_ready = text_load(&o->text, o->renderer, path, LAYOUT_FONT_POINTS, err, err_size);
    return o->text_ready;
}

bool offscreen_open(Offscreen *o, int w, int h, char *err, size_t err_size)
{
    memset(o, 0, sizeof *o);
    o->surface = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_RGB888);
    if (!o->surface || !(o->renderer = SDL_CreateSoftwareRenderer(o->surface))) {
        snprintf(err, err_size, "cannot draw off-screen: %s", SDL_GetError());
        return false;
    }
    return load_assets(o, err, err_size);
}

bool offscreen_attach(Offscreen *o, SDL_Renderer *renderer, char *err, size_t err_size)
{
    memset(o, 0, sizeof *o);
    o->renderer = renderer;
    return load_assets(o, err, err_size);
}

void offscreen_close(Offscreen *o)
{
    if (o->text_ready)
        text_free(&o->text);
    if (o->atlas_ready)
        atlas_free(&o->atlas);
    if (o->renderer)
        SDL_DestroyRenderer(o->renderer); /* and its textures */
    SDL_FreeSurface(o->surface);
    memset(o, 0, sizeof *o);
}

View offscreen_view(Offscreen *o, Zoom zoom)
{
    int w = 1, h = 1;
    if (o->surface) {
        w = o->surface->w;
        h = o->surface->h;
    } else {
        SDL_GetRendererOutputSize(o->renderer, &w, &h);
    }
    return (View){.renderer = o->renderer,
                  .atlas = &o->atlas,
                  .text = &o->text,
                  .out_w = w,
                  .out_h = h,
                  .zoom = zoom,
                  .follow_x = -1,
                  .follow_y = -1};
}

void offscreen_draw_play(View *view, const Game *game)
{
    ViewMarks marks = {.cursor_x = -1, .cursor_y = -1};
    offscreen_draw_marked(view, game, &marks);
}

/* The physical columns at the frame's left that the sidebar's panel fills from top to bottom;
 * 0 when it does not. (SDL's software renderer fills a rect at a scale from x * scale, w *
 * scale, each rounded down.) */
static int sidebar_columns(const PlayLayout *l, int out_h)
{
    SDL_Rect s = l->sidebar;
    int w = (int)((float)s.w * l->scale), h = (int)((float)s.h * l->scale);
    return s.x == 0 && s.y == 0 && h >= out_h ? w : 0;
}

/* Black all round the map's cells right of column `left`: the bands above and below them, then
 * beside them (the cells and the sidebar's panel are drawn opaque over what is under them, so
 * clearing there would be wasted). */
static void clear_around(SDL_Renderer *r, SDL_Rect cells, int left, int w, int h)
{
    int right = cells.x + cells.w, bottom = cells.y + cells.h;
    SDL_Rect band[4] = {{left, 0, w - left, cells.y},
                        {left, bottom, w - left, h - bottom},
                        {left, cells.y, cells.x - left, cells.h},
                        {right, cells.y, w - right, cells.h}};
    SDL_SetRenderDrawColor(r, 0, 0, 0, 255);
    for (int i = 0; i < 4; i++)
        if (band[i].w > 0 && band[i].h > 0)
            SDL_RenderFillRect(r, &band[i]);
}

void offscreen_draw_marked(View *view, const Game *game, const ViewMarks *marks)
{
    SDL_Renderer *r = view->renderer;
    SDL_RenderSetScale(r, 1, 1);
    view_place(view, game);
    clear_around(r, view->layout.cells_px, sidebar_columns(&view->layout, view->out_h), view->out_w,
                 view->out_h);
    view_draw_placed(view, game, marks);
    SDL_RenderSetScale(r, 1, 1);
    SDL_RenderPresent(r);
}
