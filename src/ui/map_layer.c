#include "ui/map_layer.h"

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

/* The same picture frame: the same floor seen through the same camera, at the same size. */
static bool same_frame(const MapLayerKey *a, const MapLayerKey *b)
{
    return a->game == b->game && a->floor == b->floor && a->floor_seed == b->floor_seed &&
           a->camera.x == b->camera.x && a->camera.y == b->camera.y &&
           a->camera.cols == b->camera.cols && a->camera.rows == b->camera.rows &&
           SDL_RectEquals(&a->area, &b->area) && a->tile == b->tile &&
           a->atlas_sheet == b->atlas_sheet && a->high_contrast == b->high_contrast;
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
static bool make_texture(MapLayer *layer, SDL_Renderer *renderer, int w, int h)
{
    if (layer->texture && layer->renderer == renderer && layer->w == w && layer->h == h)
        return true;
    if (layer->texture && layer->renderer == renderer)
        SDL_DestroyTexture(layer->texture);
    layer->texture =
        SDL_CreateTexture(renderer, SDL_PIXELFORMAT_RGB888, SDL_TEXTUREACCESS_TARGET, w, h);
    layer->renderer = renderer;
    layer->w = w;
    layer->h = h;
    layer->valid = false;
    if (!layer->texture)
        return false;
    SDL_SetTextureBlendMode(layer->texture, SDL_BLENDMODE_NONE);
    return true;
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

/* The same frame after a turn: the cells whose signature changed, drawn again over the texture.
 * False when that cannot be done (the whole layer is drawn again then). */
static bool update(MapLayer *layer, SDL_Renderer *renderer, const Atlas *atlas, const Game *game,
                   const Camera *cam, int tile)
{
    const uint32_t *was = layer->sig[layer->shown];
    uint32_t *now = layer->sig[!layer->shown];
    if (layer->cells == 0 || layer->cells != draw_map_cells(cam) ||
        !draw_map_signatures(game, cam, now))
        return false;
    int changed = 0;
    for (int i = 0; i < layer->cells; i++)
        changed += layer->dirty[i] = was[i] != now[i];
    layer->shown = !layer->shown;
    if (changed == 0)
        return true;
    SDL_Texture *screen = SDL_GetRenderTarget(renderer);
    if (SDL_SetRenderTarget(renderer, layer->texture) != 0)
        return false;
    SDL_RenderSetScale(renderer, 1, 1);
    draw_map_dirty(renderer, atlas, game, cam, (SDL_Rect){0, 0, layer->w, layer->h}, tile,
                   layer->dirty);
    SDL_SetRenderTarget(renderer, screen);
    SDL_RenderSetScale(renderer, 1, 1);
    layer->updates++;
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
    if (kept && !key_equal(&key, &layer->key) && same_frame(&key, &layer->key) &&
        update(layer, renderer, atlas, game, cam, tile)) {
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
    memset(layer, 0, sizeof *layer);
}
