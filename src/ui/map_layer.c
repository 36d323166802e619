#include "ui/map_layer.h"

#include <stdlib.h>
#include <string.h>

#include "ui/draw_map.h"

/* A hash of what draw_map reads of the entities (where each is, what it looks like, whether
 * it is gone), so that a change the turn counter does not show is seen all the same. */
static uint32_t entities_hash(const Floor *floor)
{
    uint32_t h = 2166136261u;
    for (const Entity *e = floor->entities.head; e; e = e->next) {
        uint32_t v[] = {e->id,   (uint32_t)e->x,    (uint32_t)e->y,      e->flags,
                        e->kind, (uint32_t)e->door, (uint32_t)e->sprite, (uint32_t)e->facing};
        for (size_t i = 0; i < sizeof v / sizeof v[0]; i++)
            h = (h ^ v[i]) * 16777619u;
    }
    return h;
}

static MapLayerKey key_of(const Atlas *atlas, const Game *game, const Camera *cam, SDL_Rect area,
                          int tile)
{
    const Floor *floor = game->floors[game->current];
    MapLayerKey k;
    k.game = game;
    k.floor = floor;
    k.floor_seed = floor->seed;
    k.turn = game->turn;
    k.knowledge = game_knowledge(game);
    k.entities = entities_hash(floor);
    k.camera = *cam;
    k.area = area;
    k.tile = tile;
    k.atlas_sheet = atlas->texture;
    k.high_contrast = atlas->high_contrast;
    return k;
}

/* The same view: the same floor through a camera of the same cells, at the same size (the
 * camera may have moved: then the picture moves with it). */
static bool same_view(const MapLayerKey *a, const MapLayerKey *b)
{
    return a->game == b->game && a->floor == b->floor && a->floor_seed == b->floor_seed &&
           a->camera.cols == b->camera.cols && a->camera.rows == b->camera.rows &&
           SDL_RectEquals(&a->area, &b->area) && a->tile == b->tile &&
           a->atlas_sheet == b->atlas_sheet && a->high_contrast == b->high_contrast;
}

/* The same picture frame: the same view, the camera where it was. */
static bool same_frame(const MapLayerKey *a, const MapLayerKey *b)
{
    return a->camera.x == b->camera.x && a->camera.y == b->camera.y && same_view(a, b);
}

static bool key_equal(const MapLayerKey *a, const MapLayerKey *b)
{
    return same_frame(a, b) && a->turn == b->turn && a->knowledge == b->knowledge &&
           a->entities == b->entities;
}

/* Whether the camera's cells fit the signature arrays (else no update: all drawn again). */
static bool size_signatures(MapLayer *layer, const Camera *cam)
{
    int cells = draw_map_cells(cam);
    layer->cells = cells > 0 && cells <= MAP_LAYER_CELLS ? cells : 0;
    return layer->cells > 0;
}

/* Black under the cells the player has not seen, so that the area is all drawn. */
static void draw_direct(SDL_Renderer *renderer, const Atlas *atlas, const Game *game,
                        const Camera *cam, SDL_Rect area, int tile)
{
    SDL_SetRenderDrawColor(renderer, 0, 0, 0, 255);
    SDL_RenderFillRect(renderer, &area);
    const Floor *floor = game->floors[game->current];
    Sight sight = {game_visible_cells(game), floor->seen, game->vials.radar > 0};
    draw_map(renderer, atlas, floor, cam, area, tile, sight);
    draw_memory(renderer, atlas, game, cam, area, tile);
}

/* A texture of the area's size, in the screen's own format (RGB888: the atlas's opaque sheets
 * copy straight into it, and the blended ones blend as they do on the screen). */
static SDL_Texture *new_texture(SDL_Renderer *renderer, int w, int h)
{
    SDL_Texture *t =
        SDL_CreateTexture(renderer, SDL_PIXELFORMAT_RGB888, SDL_TEXTUREACCESS_TARGET, w, h);
    if (t)
        SDL_SetTextureBlendMode(t, SDL_BLENDMODE_NONE);
    return t;
}

static bool make_texture(MapLayer *layer, SDL_Renderer *renderer, int w, int h)
{
    if (layer->texture && layer->renderer == renderer && layer->w == w && layer->h == h)
        return true;
    if (layer->renderer == renderer) {
        if (layer->texture)
            SDL_DestroyTexture(layer->texture);
        if (layer->spare)
            SDL_DestroyTexture(layer->spare);
    }
    layer->texture = new_texture(renderer, w, h);
    layer->spare = NULL; /* made at the first camera move */
    layer->renderer = renderer;
    layer->w = w;
    layer->h = h;
    layer->valid = false;
    return layer->texture != NULL;
}

static bool redraw(MapLayer *layer, SDL_Renderer *renderer, const Atlas *atlas, const Game *game,
                   const Camera *cam, SDL_Rect area, int tile)
{
    if (!make_texture(layer, renderer, area.w, area.h))
        return false;
    SDL_Texture *screen = SDL_GetRenderTarget(renderer);
    if (SDL_SetRenderTarget(renderer, layer->texture) != 0)
        return false;
    SDL_RenderSetScale(renderer, 1, 1);
    draw_direct(renderer, atlas, game, cam, (SDL_Rect){0, 0, area.w, area.h}, tile);
    SDL_SetRenderTarget(renderer, screen);
    SDL_RenderSetScale(renderer, 1, 1);
    layer->redraws++;
    if (size_signatures(layer, cam) && !draw_map_signatures(game, cam, layer->sig[layer->shown]))
        layer->cells = 0;
    return true;
}

/* Whether, once the picture moves `d` cells back along an axis (the camera `d` cells on), the
 * cell `n` cells along it shows all of what it shows now: it showed as cell n + d, and (moving
 * towards 0) that cell was not cut short by the area's edge (`size` pixels), which also keeps
 * n + d within the camera's cells (they cover the area: see update). */
static bool kept_on_axis(int n, int d, int tile, int size)
{
    int was = n + d;
    return was >= 0 && (d <= 0 || (was + 1) * tile <= size);
}

/* Marks the cells to draw again once the picture has moved by the camera's move (dx, dy
 * cells): those newly in view, and those whose signature changed. Returns how many. */
static int mark_dirty(MapLayer *layer, const Camera *cam, int tile, int dx, int dy)
{
    const uint32_t *was = layer->sig[layer->shown], *now = layer->sig[!layer->shown];
    int stride = cam->cols + 1, changed = 0;
    for (int row = 0; row <= cam->rows; row++)
        for (int col = 0; col <= cam->cols; col++) {
            int i = row * stride + col;
            bool kept =
                kept_on_axis(col, dx, tile, layer->w) && kept_on_axis(row, dy, tile, layer->h);
            changed += layer->dirty[i] = !kept || was[i + dy * stride + dx] != now[i];
        }
    return changed;
}

/* The picture moved dx, dy cells back (the camera's move), into the spare texture, which then
 * becomes the layer's: a texture is not copied onto itself. Leaves the renderer's target on
 * it. What the move uncovers is left as it was: mark_dirty has it drawn again. One copy of
 * the area instead of every cell drawn again: the close view's first frame after a turn (the
 * camera moves after most of the bot's steps) went from 0.63-0.69 to 0.38-0.48 ms at
 * 1280x720 and from 2.26-2.42 to 1.47-1.75 ms at 2560x1440 (bench, CPU clock). */
static bool shift(MapLayer *layer, SDL_Renderer *renderer, int tile, int dx, int dy)
{
    if (!layer->spare)
        layer->spare = new_texture(renderer, layer->w, layer->h);
    if (!layer->spare || SDL_SetRenderTarget(renderer, layer->spare) != 0)
        return false;
    SDL_RenderSetScale(renderer, 1, 1);
    int sx = dx * tile, sy = dy * tile;
    SDL_Rect from = {sx > 0 ? sx : 0, sy > 0 ? sy : 0, layer->w - abs(sx), layer->h - abs(sy)};
    SDL_Rect to = {sx < 0 ? -sx : 0, sy < 0 ? -sy : 0, from.w, from.h};
    if (from.w > 0 && from.h > 0 && SDL_RenderCopy(renderer, layer->texture, &from, &to) != 0)
        return false;
    SDL_Texture *was = layer->texture;
    layer->texture = layer->spare;
    layer->spare = was;
    return true;
}

/* After a turn, the camera still or moved by (dx, dy) cells: the picture moved with the camera
 * (shift), then the cells it uncovers and those whose signature changed drawn again over it.
 * False when that cannot be done (the whole layer is drawn again then): no signatures kept,
 * or the camera moved over an area not all in its cells (what the move uncovers would not all
 * be drawn). */
static bool update(MapLayer *layer, SDL_Renderer *renderer, const Atlas *atlas, const Game *game,
                   const Camera *cam, int tile, int dx, int dy)
{
    bool moved = dx != 0 || dy != 0;
    bool covered = (cam->cols + 1) * tile >= layer->w && (cam->rows + 1) * tile >= layer->h;
    if (layer->cells == 0 || layer->cells != draw_map_cells(cam) || (moved && !covered) ||
        !draw_map_signatures(game, cam, layer->sig[!layer->shown]))
        return false;
    if (mark_dirty(layer, cam, tile, dx, dy) == 0 && !moved) {
        layer->shown = !layer->shown;
        return true;
    }
    SDL_Texture *screen = SDL_GetRenderTarget(renderer);
    if (moved ? !shift(layer, renderer, tile, dx, dy)
              : SDL_SetRenderTarget(renderer, layer->texture) != 0) {
        SDL_SetRenderTarget(renderer, screen);
        return false;
    }
    SDL_RenderSetScale(renderer, 1, 1);
    draw_map_dirty(renderer, atlas, game, cam, (SDL_Rect){0, 0, layer->w, layer->h}, tile,
                   layer->dirty);
    SDL_SetRenderTarget(renderer, screen);
    SDL_RenderSetScale(renderer, 1, 1);
    layer->shown = !layer->shown;
    layer->updates++;
    layer->shifts += moved;
    return true;
}

void map_layer_draw(MapLayer *layer, SDL_Renderer *renderer, const Atlas *atlas, const Game *game,
                    const Camera *cam, SDL_Rect area, int tile)
{
    SDL_RendererInfo info;
    if (!layer->direct &&
        (SDL_GetRendererInfo(renderer, &info) != 0 || !(info.flags & SDL_RENDERER_TARGETTEXTURE)))
        layer->direct = true;
    if (layer->direct || area.w <= 0 || area.h <= 0) {
        draw_direct(renderer, atlas, game, cam, area, tile);
        return;
    }
    MapLayerKey key = key_of(atlas, game, cam, area, tile);
    bool kept = layer->valid && layer->renderer == renderer;
    if (kept && !key_equal(&key, &layer->key) && same_view(&key, &layer->key) &&
        update(layer, renderer, atlas, game, cam, tile, cam->x - layer->key.camera.x,
               cam->y - layer->key.camera.y)) {
        layer->key = key;
    } else if (!kept || !key_equal(&key, &layer->key)) {
        layer->valid = redraw(layer, renderer, atlas, game, cam, area, tile);
        layer->key = key;
        if (!layer->valid) { /* no texture, no target: as before, straight to the screen */
            layer->direct = true;
            draw_direct(renderer, atlas, game, cam, area, tile);
            return;
        }
    }
    SDL_RenderCopy(renderer, layer->texture, NULL, &area);
}

void map_layer_forget(MapLayer *layer)
{
    layer->valid = false;
}

void map_layer_free(MapLayer *layer)
{
    if (layer->texture)
        SDL_DestroyTexture(layer->texture);
    if (layer->spare)
        SDL_DestroyTexture(layer->spare);
    memset(layer, 0, sizeof *layer);
}
