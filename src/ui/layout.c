#include "ui/layout.h"

#include "ui/atlas.h"

int layout_scale(int out_w, int out_h)
{
    int sx = out_w / LAYOUT_MIN_W, sy = out_h / LAYOUT_MIN_H;
    int s = sx < sy ? sx : sy;
    return s < 1 ? 1 : s;
}

int layout_fit_tile(int w, int h, int map_w, int map_h)
{
    int best = 8;
    for (int tile = 8; tile <= ATLAS_SHEET_MAX; tile++)
        if (atlas_tile_sharp(tile) && map_w * tile <= w && map_h * tile <= h)
            best = tile;
    return best;
}

int layout_zoom_tile(Zoom zoom, int scale, SDL_Rect map_px, int map_w, int map_h)
{
    switch (zoom) {
    case ZOOM_CLOSE: return SPRITE_SIZE * scale;
    case ZOOM_CLOSER:
        return SPRITE_SIZE * (scale + 1) <= ATLAS_SHEET_MAX ? SPRITE_SIZE * (scale + 1)
                                                            : ATLAS_SHEET_MAX;
    default: return layout_fit_tile(map_px.w, map_px.h, map_w, map_h);
    }
}

PlayLayout layout_play(int out_w, int out_h, const Text *text, Zoom zoom, int map_w, int map_h)
{
    PlayLayout l = {0};
    l.scale = layout_scale(out_w, out_h);
    l.width = out_w / l.scale;
    l.height = out_h / l.scale;
    int side = LAYOUT_SIDEBAR_W;
    if (side > l.width / 3)
        side = l.width / 3;
    l.sidebar = (SDL_Rect){0, 0, side, l.height};
    int mini_w = side - 2 * LAYOUT_PAD, mini_h = map_w > 0 ? mini_w * map_h / map_w : 0;
    l.minimap = (SDL_Rect){LAYOUT_PAD, l.height - mini_h - LAYOUT_PAD, mini_w, mini_h};
    int msg_h = LAYOUT_MESSAGES * text->line_height + 2 * LAYOUT_PAD;
    l.messages = (SDL_Rect){side, 0, l.width - side, msg_h};
    l.map = (SDL_Rect){side, msg_h, l.width - side, l.height - msg_h};
    /* In physical pixels, to the window's edge (the logical view may leave a few pixels). */
    l.map_px = (SDL_Rect){l.map.x * l.scale, l.map.y * l.scale, out_w - l.map.x * l.scale,
                          out_h - l.map.y * l.scale};
    l.tile = layout_zoom_tile(zoom, l.scale, l.map_px, map_w, map_h);
    l.cols = l.map_px.w / l.tile;
    l.rows = l.map_px.h / l.tile;
    if (l.cols > map_w)
        l.cols = map_w;
    if (l.rows > map_h)
        l.rows = map_h;
    int w = l.cols * l.tile, h = l.rows * l.tile;
    l.cells_px =
        (SDL_Rect){l.map_px.x + (l.map_px.w - w) / 2, l.map_px.y + (l.map_px.h - h) / 2, w, h};
    return l;
}

bool layout_cell_at(const PlayLayout *l, int cam_x, int cam_y, int px, int py, int *cx, int *cy)
{
    SDL_Rect c = l->cells_px;
    if (px < c.x || py < c.y || px >= c.x + c.w || py >= c.y + c.h || l->tile <= 0)
        return false;
    *cx = cam_x + (px - c.x) / l->tile;
    *cy = cam_y + (py - c.y) / l->tile;
    return true;
}
