#include "ui/layout.h"

#include <math.h>

#include "core/map.h"
#include "ui/atlas.h"

/* True when the whole floor fits at the overview's smallest tile beside the sidebar and under
 * the messages of scale q / 4. */
static bool floor_fits(int out_w, int out_h, int q)
{
    return (long)out_w * 4 - (long)LAYOUT_SIDEBAR_W * q >=
               (long)MAP_WIDTH * LAYOUT_OVERVIEW_TILE * 4 &&
           (long)out_h * 4 - (long)LAYOUT_MESSAGES_H * q >=
               (long)MAP_HEIGHT * LAYOUT_OVERVIEW_TILE * 4;
}

int layout_quarters(int out_w, int out_h)
{
    /* The largest level whose logical view is at least LAYOUT_MIN_W x LAYOUT_MIN_H and beside
     * whose panels the whole floor fits; 1x at the least. Both conditions only get easier as
     * the window grows: the scale never shrinks with it. */
    int best = TEXT_LEVEL_QUARTERS[0];
    for (int i = 1; i < TEXT_LEVELS; i++) {
        int q = TEXT_LEVEL_QUARTERS[i];
        if ((long)out_w * 4 >= (long)LAYOUT_MIN_W * q &&
            (long)out_h * 4 >= (long)LAYOUT_MIN_H * q && floor_fits(out_w, out_h, q))
            best = q;
    }
    return best;
}

float layout_scale(int out_w, int out_h)
{
    return (float)layout_quarters(out_w, out_h) / 4.0f;
}

int layout_logical(int physical, float scale)
{
    int q = (int)(scale * 4.0f + 0.5f);
    return q > 0 ? (int)((long)physical * 4 / q) : physical;
}

int layout_fit_tile(int w, int h, int map_w, int map_h)
{
    int best = 8;
    for (int tile = 8; tile <= ATLAS_SHEET_MAX; tile++)
        if (atlas_tile_sharp(tile) && map_w * tile <= w && map_h * tile <= h)
            best = tile;
    return best;
}

/* The largest tile the atlas draws sharp of at most `limit` pixels (8 at the least). */
static int sharp_at_most(int limit)
{
    int best = 8;
    for (int tile = 8; tile <= ATLAS_SHEET_MAX && tile <= limit; tile++)
        if (atlas_tile_sharp(tile))
            best = tile;
    return best;
}

int layout_zoom_tile(Zoom zoom, float scale, SDL_Rect map_px, int map_w, int map_h)
{
    switch (zoom) {
    case ZOOM_CLOSE: return sharp_at_most((int)((float)SPRITE_SIZE * scale));
    case ZOOM_CLOSER: return sharp_at_most((int)((float)SPRITE_SIZE * (scale + 1.0f)));
    default: return layout_fit_tile(map_px.w, map_px.h, map_w, map_h);
    }
}

/* Logical to physical, rounded up: the first whole pixel at or past a panel's edge. */
static int physical(int logical, float scale)
{
    return (int)ceilf((float)logical * scale);
}

/* The map's physical area below the messages and above `foot` logical pixels, and the cells
 * drawn in it at the zoom's tile. */
static void place_cells(PlayLayout *l, int out_w, int out_h, int foot, Zoom zoom, int map_w,
                        int map_h)
{
    int top = physical(l->map.y, l->scale), bottom = out_h - physical(foot, l->scale);
    /* In physical pixels, to the window's edge (the logical view may leave a few pixels). */
    l->map_px = (SDL_Rect){physical(l->map.x, l->scale), top, out_w - physical(l->map.x, l->scale),
                           bottom > top ? bottom - top : 0};
    l->tile = layout_zoom_tile(zoom, l->scale, l->map_px, map_w, map_h);
    l->cols = l->map_px.w / l->tile;
    l->rows = l->map_px.h / l->tile;
    if (l->cols > map_w)
        l->cols = map_w;
    if (l->rows > map_h)
        l->rows = map_h;
    int w = l->cols * l->tile, h = l->rows * l->tile;
    l->cells_px =
        (SDL_Rect){l->map_px.x + (l->map_px.w - w) / 2, l->map_px.y + (l->map_px.h - h) / 2, w, h};
}

PlayLayout layout_play(int out_w, int out_h, const Text *text, Zoom zoom, int map_w, int map_h)
{
    PlayLayout l = {0};
    l.scale = layout_scale(out_w, out_h);
    l.width = layout_logical(out_w, l.scale);
    l.height = layout_logical(out_h, l.scale);
    int side = LAYOUT_SIDEBAR_W;
    if (side > l.width / 3)
        side = l.width / 3;
    l.sidebar = (SDL_Rect){0, 0, side, l.height};
    int mini_w = side - 2 * LAYOUT_PAD, mini_h = map_w > 0 ? mini_w * map_h / map_w : 0;
    l.minimap = (SDL_Rect){LAYOUT_PAD, l.height - mini_h - LAYOUT_PAD, mini_w, mini_h};
    int msg_h = LAYOUT_MESSAGES * text->line_height + 2 * LAYOUT_PAD;
    l.messages = (SDL_Rect){side, 0, l.width - side, msg_h};
    l.map = (SDL_Rect){side, msg_h, l.width - side, l.height - msg_h};
    place_cells(&l, out_w, out_h, 0, zoom, map_w, map_h);
    return l;
}

void layout_keep_foot(PlayLayout *l, int foot, int out_w, int out_h, Zoom zoom, int map_w,
                      int map_h)
{
    if (foot <= 0)
        return;
    if (foot > l->map.h / 2)
        foot = l->map.h / 2;
    l->foot = (SDL_Rect){l->map.x, l->map.y + l->map.h - foot, l->map.w, foot};
    l->map.h -= foot;
    place_cells(l, out_w, out_h, l->height - l->foot.y, zoom, map_w, map_h);
}

TitleLayout layout_title(int width, int line_height)
{
    enum { ART_SCALE = 2 };
    int size = SPRITE_SIZE * ART_SCALE, w = TITLE_ART_COLS * size;
    TitleLayout t;
    t.art = (SDL_Rect){(width - w) / 2, 10, w, TITLE_ART_ROWS * size};
    t.name_y = t.art.y + t.art.h + 6;
    t.line_y = t.name_y + 3 * line_height + 2;
    t.menu_y = t.line_y + line_height + 10;
    return t;
}

SDL_Rect layout_title_question(int width, int height, int line_height, int menu_y, int lines)
{
    int w = width - 32 < 420 ? width - 32 : 420;
    SDL_Rect box = {(width - w) / 2, menu_y, w, lines * line_height + 24};
    int footer = height - line_height - 5; /* over the footer only when nothing else is left */
    if (box.y + box.h > footer)
        box.y = footer - box.h > 0 ? footer - box.h : 0;
    return box;
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

static bool rects_meet(SDL_Rect a, SDL_Rect b)
{
    return a.w > 0 && a.h > 0 && b.w > 0 && b.h > 0 && a.x < b.x + b.w && b.x < a.x + a.w &&
           a.y < b.y + b.h && b.y < a.y + a.h;
}

/* What the box covers of the rects to avoid, each weighing more than all those after it
 * together: covering the first (the described cell) is worse than covering all the others. */
static int box_cost(SDL_Rect box, const SDL_Rect *avoid, int count)
{
    int cost = 0;
    for (int i = 0; i < count && i < 16; i++)
        if (rects_meet(box, avoid[i]))
            cost += 1 << (count - 1 - i);
    return cost;
}

/* The candidates in order of preference: across the map at the preferred edge, then the
 * other; then narrow boxes down the column farther from the described cell, from the
 * preferred edge, then down the other column. */
static int box_candidates(SDL_Rect map, LayoutBox box, const SDL_Rect *avoid, int count,
                          SDL_Rect out[LAYOUT_BOX_CANDIDATES])
{
    enum { M = 4 };
    int n = 0, top = map.y + M;
    out[n++] = (SDL_Rect){map.x + M, box.prefer_top ? top : map.y + map.h - M - box.full_h,
                          box.full_w, box.full_h};
    out[n++] = (SDL_Rect){map.x + M, box.prefer_top ? map.y + map.h - M - box.full_h : top,
                          box.full_w, box.full_h};
    int left = map.x + M, right = map.x + map.w - M - box.half_w;
    bool cell_left = count > 0 && avoid[0].x + avoid[0].w / 2 < map.x + map.w / 2;
    int span = map.h - 2 * M - box.half_h, steps = (LAYOUT_BOX_CANDIDATES - 2) / 2 - 1;
    for (int c = 0; c < 2; c++) {
        int x = (c == 0) == cell_left ? right : left;
        for (int s = 0; s <= steps && span >= 0; s++) {
            int k = box.prefer_top ? s : steps - s;
            out[n++] = (SDL_Rect){x, top + span * k / steps, box.half_w, box.half_h};
        }
    }
    return n;
}

SDL_Rect layout_place_box(SDL_Rect map, LayoutBox box, const SDL_Rect *avoid, int count)
{
    SDL_Rect cand[LAYOUT_BOX_CANDIDATES];
    int n = box_candidates(map, box, avoid, count, cand), best = 0, best_cost = -1;
    for (int i = 0; i < n; i++) {
        int cost = box_cost(cand[i], avoid, count);
        if (best_cost < 0 || cost < best_cost) {
            best = i;
            best_cost = cost;
        }
    }
    return cand[best];
}
