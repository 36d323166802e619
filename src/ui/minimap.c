#include "ui/minimap.h"

#include "game/memory.h"

enum { MINIMAP_BATCH = 128, MINIMAP_MARKS = 64 };

SDL_Rect minimap_cell_rect(SDL_Rect box, int map_w, int map_h, int cx, int cy)
{
    if (map_w <= 0 || map_h <= 0 || cx < 0 || cy < 0 || cx >= map_w || cy >= map_h)
        return (SDL_Rect){box.x, box.y, 0, 0};
    /* Cell c starts at the first pixel p with p * map >= c * size: rounding up, so that the
     * pixels of a cell are exactly those minimap_cell_at maps back to it. */
    int x0 = (int)(((long)cx * box.w + map_w - 1) / map_w);
    int x1 = (int)(((long)(cx + 1) * box.w + map_w - 1) / map_w);
    int y0 = (int)(((long)cy * box.h + map_h - 1) / map_h);
    int y1 = (int)(((long)(cy + 1) * box.h + map_h - 1) / map_h);
    return (SDL_Rect){box.x + x0, box.y + y0, x1 - x0, y1 - y0};
}

bool minimap_cell_at(SDL_Rect box, int map_w, int map_h, int px, int py, int *cx, int *cy)
{
    if (map_w <= 0 || map_h <= 0 || box.w <= 0 || box.h <= 0 || px < box.x || py < box.y ||
        px >= box.x + box.w || py >= box.y + box.h)
        return false;
    *cx = (int)((long)(px - box.x) * map_w / box.w);
    *cy = (int)((long)(py - box.y) * map_h / box.h);
    return true;
}

SDL_Rect minimap_box_px(SDL_Rect logical, float scale)
{
    if (scale < 1.0f)
        scale = 1.0f;
    /* The edges times the scale, rounded: whole output pixels at any interface scale. */
    int x0 = (int)((float)logical.x * scale + 0.5f), y0 = (int)((float)logical.y * scale + 0.5f);
    int x1 = (int)((float)(logical.x + logical.w) * scale + 0.5f);
    int y1 = (int)((float)(logical.y + logical.h) * scale + 0.5f);
    return (SDL_Rect){x0, y0, x1 - x0, y1 - y0};
}

static void set_colour(SDL_Renderer *r, SDL_Color c)
{
    SDL_SetRenderDrawColor(r, c.r, c.g, c.b, c.a);
}

/* What a seen cell is drawn as, by its tile and whether it is in view now. */
typedef enum Ground {
    GROUND_UNSEEN,
    GROUND_FLOOR,
    GROUND_FLOOR_LIT,
    GROUND_WALL,
    GROUND_WALL_LIT,
    GROUND_COUNT
} Ground;

static Ground ground_at(const Game *game, const Floor *floor, int x, int y)
{
    int i = y * floor->map.width + x;
    bool lit = game_cell_visible(game, x, y);
    if (!lit && !floor->seen[i])
        return GROUND_UNSEEN;
    bool wall = floor->map.tiles[i] == TILE_WALL;
    return wall ? (lit ? GROUND_WALL_LIT : GROUND_WALL) : (lit ? GROUND_FLOOR_LIT : GROUND_FLOOR);
}

typedef struct Batch {
    SDL_Rect rect[MINIMAP_BATCH];
    int n;
} Batch;

/* `a` as up to three rects of the same pixels, for SDL's software fill: it streams a row of 16
 * pixels or more past the cache, and such a row that does not end on a 64-byte line (16 pixels
 * of a surface whose rows start on one) then stalls on memory, as does a line written partly
 * streamed, partly not. So: a middle on whole lines, and the ragged start and end (under 16
 * pixels each, filled plainly). */
static int aligned_parts(SDL_Rect a, SDL_Rect part[3])
{
    int x0 = a.x, x1 = a.x + a.w, m0 = (x0 + 15) & ~15, m1 = x1 & ~15;
    if (a.w < 16 || m1 <= m0) {
        part[0] = a;
        return 1;
    }
    int n = 0;
    SDL_Rect all[3] = {{x0, a.y, m0 - x0, a.h}, {m0, a.y, m1 - m0, a.h}, {m1, a.y, x1 - m1, a.h}};
    for (int i = 0; i < 3; i++)
        if (all[i].w > 0)
            part[n++] = all[i];
    return n;
}

static void batch_flush(SDL_Renderer *r, Batch *b, SDL_Color c)
{
    if (b->n > 0) {
        set_colour(r, c);
        SDL_RenderFillRects(r, b->rect, b->n);
    }
    b->n = 0;
}

/* The seen ground, a run of cells of one kind along a row at a time. */
static void draw_ground(SDL_Renderer *r, const Game *game, const Floor *floor, SDL_Rect box)
{
    const SDL_Color colours[GROUND_COUNT] = {MINIMAP_UNSEEN, MINIMAP_FLOOR, MINIMAP_FLOOR_LIT,
                                             MINIMAP_WALL, MINIMAP_WALL_LIT};
    static Batch batch[GROUND_COUNT];
    int mw = floor->map.width, mh = floor->map.height;
    for (int y = 0; y < mh; y++)
        for (int x = 0; x < mw;) {
            Ground g = ground_at(game, floor, x, y);
            int end = x + 1;
            while (end < mw && ground_at(game, floor, end, y) == g)
                end++;
            SDL_Rect a = minimap_cell_rect(box, mw, mh, x, y);
            SDL_Rect b = minimap_cell_rect(box, mw, mh, end - 1, y);
            x = end;
            if (g == GROUND_UNSEEN || a.h <= 0 || b.x + b.w <= a.x)
                continue;
            if (batch[g].n > MINIMAP_BATCH - 3)
                batch_flush(r, &batch[g], colours[g]);
            batch[g].n += aligned_parts((SDL_Rect){a.x, a.y, b.x + b.w - a.x, a.h},
                                        batch[g].rect + batch[g].n);
        }
    for (int g = 0; g < GROUND_COUNT; g++)
        batch_flush(r, &batch[g], colours[g]);
}

/* A mark on cell (x, y): the cell, grown to at least `least` pixels square about its middle so
 * that it shows when cells are one or two pixels; with a dark rim `rim` pixels wide round it
 * (the player's, drawn last, so that she stands out of the lit walls beside her). */
static void mark(SDL_Renderer *r, SDL_Rect box, const Floor *floor, int x, int y, int least,
                 SDL_Color c, int rim)
{
    if (!map_in_bounds(&floor->map, x, y))
        return;
    SDL_Rect cell = minimap_cell_rect(box, floor->map.width, floor->map.height, x, y);
    int w = cell.w > least ? cell.w : least, h = cell.h > least ? cell.h : least;
    SDL_Rect m = {cell.x + cell.w / 2 - w / 2, cell.y + cell.h / 2 - h / 2, w, h};
    if (rim > 0) {
        set_colour(r, MINIMAP_UNSEEN);
        SDL_RenderFillRect(r, &(SDL_Rect){m.x - rim, m.y - rim, m.w + 2 * rim, m.h + 2 * rim});
    }
    set_colour(r, c);
    SDL_RenderFillRect(r, &m);
}

/* The doors the player has seen and the items in view. */
static void draw_doors_and_items(SDL_Renderer *r, const Game *game, const Floor *floor,
                                 SDL_Rect box, int least)
{
    for (const Entity *e = floor->entities.head; e; e = e->next) {
        if ((e->flags & EF_REMOVED) || !map_in_bounds(&floor->map, e->x, e->y))
            continue;
        bool lit = game_cell_visible(game, e->x, e->y);
        bool seen = lit || floor->seen[e->y * floor->map.width + e->x];
        if (e->kind == KIND_DOOR && e->door != DOOR_HIDDEN && seen)
            mark(r, box, floor, e->x, e->y, 1, MINIMAP_DOOR, 0);
        else if (e->kind == KIND_ITEM && lit)
            mark(r, box, floor, e->x, e->y, least, MINIMAP_ITEM, 0);
    }
}

/* The items out of view the player remembers, and the stairs she knows of. */
static void draw_remembered(SDL_Renderer *r, const Game *game, const Floor *floor, SDL_Rect box,
                            int least)
{
    MemoryMark items[MINIMAP_MARKS];
    int n = game_remembered_items(game, items, MINIMAP_MARKS);
    for (int i = 0; i < n; i++)
        mark(r, box, floor, items[i].x, items[i].y, least, MINIMAP_ITEM, 0);
    const Entity *up = game_known_stairs(game, +1), *down = game_known_stairs(game, -1);
    if (up)
        mark(r, box, floor, up->x, up->y, least + 1, MINIMAP_STAIRS_UP, 0);
    if (down)
        mark(r, box, floor, down->x, down->y, least + 1, MINIMAP_STAIRS_DOWN, 0);
}

/* The mice in view, over everything but the player. */
static void draw_mice(SDL_Renderer *r, const Game *game, const Floor *floor, SDL_Rect box,
                      int least)
{
    for (const Entity *e = floor->entities.head; e; e = e->next)
        if (e->kind == KIND_MONSTER && !(e->flags & EF_REMOVED) &&
            game_cell_visible(game, e->x, e->y))
            mark(r, box, floor, e->x, e->y, least, MINIMAP_MOUSE, 0);
}

/* The doors and stairs the player knows, the items and mice in view, in that order. */
static void draw_entities(SDL_Renderer *r, const Game *game, const Floor *floor, SDL_Rect box,
                          int least)
{
    draw_doors_and_items(r, game, floor, box, least);
    draw_remembered(r, game, floor, box, least);
    draw_mice(r, game, floor, box, least);
}

/* A frame round the cells the map shows, so the minimap says where the close view is. */
static void draw_shown(SDL_Renderer *r, const Floor *floor, SDL_Rect box, SDL_Rect shown)
{
    int mw = floor->map.width, mh = floor->map.height;
    int x0 = shown.x < 0 ? 0 : shown.x, y0 = shown.y < 0 ? 0 : shown.y;
    int x1 = shown.x + shown.w > mw ? mw : shown.x + shown.w;
    int y1 = shown.y + shown.h > mh ? mh : shown.y + shown.h;
    if (shown.w <= 0 || shown.h <= 0 || x1 <= x0 || y1 <= y0 ||
        (x0 == 0 && y0 == 0 && x1 == mw && y1 == mh))
        return;
    SDL_Rect a = minimap_cell_rect(box, mw, mh, x0, y0);
    SDL_Rect b = minimap_cell_rect(box, mw, mh, x1 - 1, y1 - 1);
    set_colour(r, MINIMAP_SHOWN);
    SDL_RenderDrawRect(r, &(SDL_Rect){a.x, a.y, b.x + b.w - a.x, b.y + b.h - a.y});
}

void minimap_draw(SDL_Renderer *r, const Game *game, SDL_Rect logical, float scale, SDL_Rect shown)
{
    const Floor *floor = game->floors[game->current];
    SDL_Rect box = minimap_box_px(logical, scale);
    if (!floor || box.w <= 0 || box.h <= 0)
        return;
    SDL_RenderSetScale(r, 1, 1);
    set_colour(r, MINIMAP_FRAME);
    SDL_RenderDrawRect(r, &(SDL_Rect){box.x - 1, box.y - 1, box.w + 2, box.h + 2});
    set_colour(r, MINIMAP_UNSEEN);
    SDL_Rect part[3];
    SDL_RenderFillRects(r, part, aligned_parts(box, part));
    SDL_Rect clip = box;
    SDL_RenderSetClipRect(r, &clip);
    draw_ground(r, game, floor, box);
    /* Marks of at least 3 pixels at 1x, 4 at 2x...: a dot a player finds at a glance. */
    int whole = (int)scale, least = 2 + (whole < 4 ? whole : 4);
    draw_entities(r, game, floor, box, least);
    draw_shown(r, floor, box, shown);
    const Entity *p = game->player;
    if (p && map_in_bounds(&floor->map, p->x, p->y))
        mark(r, box, floor, p->x, p->y, least + 2, MINIMAP_PLAYER, scale < 2 ? 1 : 2);
    SDL_RenderSetClipRect(r, NULL);
    SDL_RenderSetScale(r, scale, scale);
}

bool minimap_target(const Game *game, SDL_Rect logical, float scale, int px, int py, int *cx,
                    int *cy)
{
    const Floor *floor = game->floors[game->current];
    if (!floor)
        return false;
    int x, y;
    SDL_Rect box = minimap_box_px(logical, scale);
    if (!minimap_cell_at(box, floor->map.width, floor->map.height, px, py, &x, &y) ||
        !floor->seen[y * floor->map.width + x])
        return false;
    *cx = x;
    *cy = y;
    return true;
}
