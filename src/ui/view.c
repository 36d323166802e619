#include "ui/view.h"

#include <math.h>
#include <stdio.h>

#include "game/view_list.h"
#include "ui/atlas.h"
#include "ui/describe.h"
#include "ui/draw_map.h"
#include "ui/hud.h"
#include "ui/minimap.h"
#include "ui/palette.h"

enum { BOSS_BAR_W = 200 };
enum { THINGS_MAX = 256 };

/* The box of the player's cell and of every mouse and item she sees (what the sidebar lists):
 * the close view keeps all of it on screen. */
static CameraBox things_box(const Game *game)
{
    const Entity *things[THINGS_MAX];
    int n = game_things_in_view(game, things, THINGS_MAX);
    const Entity *p = game->player;
    CameraBox box = {p->x, p->y, p->x, p->y};
    for (int i = 0; i < n; i++) {
        const Entity *e = things[i];
        box.x0 = e->x < box.x0 ? e->x : box.x0;
        box.y0 = e->y < box.y0 ? e->y : box.y0;
        box.x1 = e->x > box.x1 ? e->x : box.x1;
        box.y1 = e->y > box.y1 ? e->y : box.y1;
    }
    return box;
}

/* The tile the atlas draws sharp one step smaller than `tile`; 0 when there is none. */
static int smaller_tile(int tile)
{
    for (int t = tile - 1; t >= 8; t--)
        if (atlas_tile_sharp(t))
            return t;
    return 0;
}

/* The layout's map cells at `tile` pixels a cell, laid out as layout_play lays them. */
static void retile(PlayLayout *l, int tile, int map_w, int map_h)
{
    l->tile = tile;
    l->cols = l->map_px.w / tile < map_w ? l->map_px.w / tile : map_w;
    l->rows = l->map_px.h / tile < map_h ? l->map_px.h / tile : map_h;
    int w = l->cols * tile, h = l->rows * tile;
    l->cells_px =
        (SDL_Rect){l->map_px.x + (l->map_px.w - w) / 2, l->map_px.y + (l->map_px.h - h) / 2, w, h};
}

/* The zoom's layout, zoomed out a step at a time (for this frame only: the chosen zoom stays)
 * while the box of cells to keep in view does not fit. */
static PlayLayout fitting_layout(const View *view, const CameraBox *box, int mw, int mh)
{
    PlayLayout l = layout_play(view->out_w, view->out_h, view->text, view->zoom, mw, mh);
    layout_keep_foot(&l, view->foot, view->out_w, view->out_h, view->zoom, mw, mh);
    Camera probe = {0, 0, l.cols, l.rows};
    int tile;
    while (!camera_box_fits(&probe, box, mw, mh) && (tile = smaller_tile(l.tile)) > 0) {
        retile(&l, tile, mw, mh);
        probe.cols = l.cols;
        probe.rows = l.rows;
    }
    return l;
}

void view_place(View *view, const Game *game)
{
    const Floor *floor = game->floors[game->current];
    int mw = floor->map.width, mh = floor->map.height;
    int fx = game->player->x, fy = game->player->y;
    CameraBox box;
    if (view->follow_x >= 0 && view->follow_y >= 0) { /* the look cursor: it alone */
        fx = view->follow_x;
        fy = view->follow_y;
        box = (CameraBox){fx, fy, fx, fy};
    } else {
        box = things_box(game);
    }
    view->layout = fitting_layout(view, &box, mw, mh);
    bool resized = view->camera.cols != view->layout.cols || view->camera.rows != view->layout.rows;
    view->camera.cols = view->layout.cols;
    view->camera.rows = view->layout.rows;
    if (resized) /* a new floor, zoom or window: the player in the middle */
        camera_follow(&view->camera, fx, fy, mw, mh);
    camera_track(&view->camera, fx, fy, CAMERA_DEAD_ZONE, &box, mw, mh);
}

void view_recentre(View *view)
{
    view->camera.cols = view->camera.rows = 0;
}

bool view_cell_at(const View *view, int px, int py, int *cx, int *cy)
{
    return layout_cell_at(&view->layout, view->camera.x, view->camera.y, px, py, cx, cy);
}

bool view_pointer_cell(const View *view, const Game *game, Pointer pointer, int *cx, int *cy)
{
    const Map *map = &game->floors[game->current]->map;
    return pointer.px >= 0 && pointer.x >= view->layout.map.x && pointer.y >= view->layout.map.y &&
           view_cell_at(view, pointer.px, pointer.py, cx, cy) && map_in_bounds(map, *cx, *cy);
}

bool view_pointer_target(const View *view, const Game *game, Pointer pointer, int *cx, int *cy,
                         const Entity **focus)
{
    *focus = NULL;
    if (pointer.x < 0)
        return false;
    const Entity *row = sidebar_entity_at(&view->rows, pointer.x, pointer.y);
    if (row) {
        *focus = row;
        *cx = row->x;
        *cy = row->y;
        return true;
    }
    if (!view_pointer_cell(view, game, pointer, cx, cy) &&
        !minimap_target(game, view->layout.minimap, view->layout.scale, pointer.px, pointer.py, cx,
                        cy))
        return false;
    *focus = describe_entity_at(game, *cx, *cy);
    return true;
}

void view_draw_marks(View *view, const PathCell *cells, int count, SpriteId sprite)
{
    draw_marks(view->renderer, view->atlas, &view->camera, view->layout.cells_px, view->layout.tile,
               cells, count, sprite);
}

/* The line of a throw being aimed (ViewMarks.throw_line), at physical pixels. */
static void draw_throw_line(View *view, const ThrowLine *line)
{
    const PlayLayout *l = &view->layout;
    SDL_Renderer *r = view->renderer;
    int dot = l->tile / 5 > 2 ? l->tile / 5 : 2, edge = l->tile / 12 > 1 ? l->tile / 12 : 1;
    for (int i = 0; i < line->count; i++) {
        int col = line->x[i] - view->camera.x, row = line->y[i] - view->camera.y;
        if (col < 0 || row < 0 || col >= l->cols || row >= l->rows)
            continue;
        SDL_Rect cell = {l->cells_px.x + col * l->tile, l->cells_px.y + row * l->tile, l->tile,
                         l->tile};
        SDL_Color c = i <= line->land ? UI_THROW : UI_THROW_BLOCKED;
        SDL_SetRenderDrawColor(r, c.r, c.g, c.b, 255);
        if (i != line->land) {
            SDL_Rect d = {cell.x + (cell.w - dot) / 2, cell.y + (cell.h - dot) / 2, dot, dot};
            SDL_RenderFillRect(r, &d);
            continue;
        }
        for (int k = 0; k < edge; k++) { /* where it comes down: a frame */
            SDL_Rect f = {cell.x + k, cell.y + k, cell.w - 2 * k, cell.h - 2 * k};
            SDL_RenderDrawRect(r, &f);
        }
    }
}

/* While the Mouse King is in view or hunting: his name and health across the map's top. */
static int draw_boss_bar(View *view, const Game *game)
{
    const Entity *king = game_boss_shown(game);
    if (!king)
        return 0;
    const PlayLayout *l = &view->layout;
    const Text *t = view->text;
    SDL_Renderer *r = view->renderer;
    int w = BOSS_BAR_W < l->map.w - 8 ? BOSS_BAR_W : l->map.w - 8;
    SDL_Rect box = {l->map.x + (l->map.w - w) / 2, l->map.y + 2, w, t->line_height + 10};
    SDL_SetRenderDrawColor(r, UI_PANEL.r, UI_PANEL.g, UI_PANEL.b, 255);
    SDL_RenderFillRect(r, &box);
    SDL_SetRenderDrawColor(r, UI_BOSS.r, UI_BOSS.g, UI_BOSS.b, 255);
    SDL_RenderDrawRect(r, &box);
    char buf[64];
    snprintf(buf, sizeof buf, "%s  %d/%d", king->name, king->stats.hp, king->stats.max_hp);
    text_draw(t, r, box.x + (w - text_width(t, buf)) / 2, box.y + 2, buf, UI_BOSS);
    sidebar_bar(r, (SDL_Rect){box.x + 4, box.y + t->line_height + 4, w - 8, 3}, king->stats.hp,
                king->stats.max_hp);
    return box.y + box.h - l->map.y;
}

SDL_Rect view_cell_rect(const View *view, int cx, int cy)
{
    const PlayLayout *l = &view->layout;
    int col = cx - view->camera.x, row = cy - view->camera.y;
    if (col < 0 || row < 0 || col >= l->cols || row >= l->rows || l->scale <= 0)
        return (SDL_Rect){0, 0, 0, 0};
    float x0 = (float)(l->cells_px.x + col * l->tile), y0 = (float)(l->cells_px.y + row * l->tile);
    int x = (int)floorf(x0 / l->scale), y = (int)floorf(y0 / l->scale);
    return (SDL_Rect){x, y, (int)ceilf((x0 + (float)l->tile) / l->scale) - x,
                      (int)ceilf((y0 + (float)l->tile) / l->scale) - y};
}

static const char *marks_keys(const ViewMarks *marks)
{
    return marks->keys ? marks->keys : marks->looking ? VIEW_LOOK_KEYS : NULL;
}

bool view_description(const View *view, const Game *game, const ViewMarks *marks, int top,
                      CellText *ct, SDL_Rect *box)
{
    if (marks->cursor_x < 0 ||
        !describe_cell_as(game, marks->cursor_x, marks->cursor_y, marks->focus, ct)) {
        if (!marks->looking)
            return false;
        *ct = (CellText){.title = "Unknown", .body = "You have not seen this place."};
    }
    const PlayLayout *l = &view->layout;
    int row_on_screen = marks->cursor_y - view->camera.y;
    bool at_top = row_on_screen >= l->rows / 2; /* the cursor is low: the panel goes high */
    SDL_Rect map = l->map;                      /* below the boss bar, if it is there */
    map.y += top;
    map.h -= top;
    /* The cell and the player, then two cells around each, so what is next to them shows. */
    SDL_Rect avoid[4] = {view_cell_rect(view, marks->cursor_x, marks->cursor_y),
                         view_cell_rect(view, game->player->x, game->player->y)};
    for (int i = 0; i < 2; i++) {
        int m = 2 * avoid[i].w;
        avoid[i + 2] = avoid[i].w > 0 ? (SDL_Rect){avoid[i].x - m, avoid[i].y - m,
                                                   avoid[i].w + 2 * m, avoid[i].h + 2 * m}
                                      : avoid[i];
    }
    *box = hud_describe_place(view->text, ct, map, at_top, avoid, 4, marks_keys(marks));
    return true;
}

/* The description of the cursor's cell, where it covers neither that cell nor the player. */
static void draw_description(View *view, const Game *game, const ViewMarks *marks, int top)
{
    CellText ct;
    SDL_Rect box;
    if (view_description(view, game, marks, top, &ct, &box))
        hud_draw_describe_box(view->renderer, view->text, &ct, box, marks_keys(marks));
}

void view_draw_play(View *view, const Game *game, const ViewMarks *marks)
{
    view_place(view, game);
    view_draw_placed(view, game, marks);
}

void view_draw_placed(View *view, const Game *game, const ViewMarks *marks)
{
    const PlayLayout *l = &view->layout;
    SDL_Renderer *r = view->renderer;

    SDL_RenderSetScale(r, 1, 1);
    map_layer_draw(&view->map_layer, r, view->atlas, game, &view->camera, l->cells_px, l->tile);
    if (marks->cursor_x >= 0) {
        view_draw_marks(view, marks->path, marks->path_len > 0 ? marks->path_len - 1 : 0,
                        SPRITE_PATH_DOT);
        view_draw_marks(view, &(PathCell){(int16_t)marks->cursor_x, (int16_t)marks->cursor_y}, 1,
                        SPRITE_CURSOR);
    }
    if (marks->focus && (marks->focus->x != marks->cursor_x || marks->focus->y != marks->cursor_y))
        view_draw_marks(view, &(PathCell){(int16_t)marks->focus->x, (int16_t)marks->focus->y}, 1,
                        SPRITE_CURSOR);
    if (marks->throw_line)
        draw_throw_line(view, marks->throw_line);

    SDL_RenderSetScale(r, (float)l->scale, (float)l->scale);
    sidebar_draw_over(r, view->atlas, view->text, game, l->sidebar, l->minimap, marks->focus,
                      &view->rows);
    minimap_draw(r, game, l->minimap, l->scale,
                 (SDL_Rect){view->camera.x, view->camera.y, view->camera.cols, view->camera.rows});
    hud_draw_messages(r, view->text, game, l->messages);
    int boss = draw_boss_bar(view, game);
    draw_description(view, game, marks, boss);
}
