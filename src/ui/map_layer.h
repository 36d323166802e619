/* The map drawn once into a texture and copied to the screen each frame: the play screen is
 * redrawn for every pointer move and toast, and most of its cost at large sizes is the map,
 * which changes only with the game. The layer is drawn again only when what it shows may have
 * changed: another game or floor, the camera's size, the tile size, the drawn area or the
 * atlas (high contrast) draw it all again; a turn, what the player knows or an entity moved or
 * changed draw again only the cells whose look changed (draw_map_signatures). When the camera
 * moves (the close view follows the player) the picture is first moved with it, and only the
 * cells it uncovers are drawn besides: every sprite draw_map draws lies within its cell. The
 * picture is the one draw_map draws directly, pixel for pixel (tests/test_map_layer.c). */
#ifndef MK_MAP_LAYER_H
#define MK_MAP_LAYER_H

#include <SDL.h>
#include <stdbool.h>
#include <stdint.h>

#include "game/game.h"
#include "ui/atlas.h"
#include "ui/camera.h"

/* What the layer was drawn from: equal keys, equal pictures. */
typedef struct MapLayerKey {
    const Game *game;
    const Floor *floor;
    uint64_t floor_seed;
    uint32_t turn, knowledge, entities;
    Camera camera;
    SDL_Rect area;
    int tile;
    const SDL_Texture *atlas_sheet;
    bool high_contrast;
} MapLayerKey;

/* The most cells a camera shows: (cols + 1) x (rows + 1), the view never wider than the map. */
enum { MAP_LAYER_CELLS = (MAP_WIDTH + 1) * (MAP_HEIGHT + 1) };

typedef struct MapLayer {
    SDL_Renderer *renderer; /* the texture's */
    SDL_Texture *texture;
    SDL_Texture *spare; /* the picture moved with the camera is copied into it (then swapped) */
    int w, h;
    MapLayerKey key;
    bool valid;
    bool direct; /* no render targets here: draw_map straight to the screen */
    /* Each cell's draw_map_signatures as the texture shows it (sig[shown]), the next ones
     * (sig[!shown]), and the cells that differ: after a turn only those are drawn again.
     * `cells` 0: none kept. In the layer itself, so nothing is allocated for it. */
    uint32_t sig[2][MAP_LAYER_CELLS];
    uint8_t dirty[MAP_LAYER_CELLS];
    int shown, cells;
    unsigned redraws; /* how often the texture was drawn (for the tests and the bench) */
    unsigned updates; /* how often only its changed cells were */
    unsigned shifts;  /* how often of those its picture moved with the camera first */
} MapLayer;

/* Draws what draw_map would draw for the game's current floor into `area` (physical pixels,
 * render scale 1), from the texture when nothing it shows has changed. Every pixel of `area` is
 * drawn over (black where nothing is known). */
void map_layer_draw(MapLayer *layer, SDL_Renderer *renderer, const Atlas *atlas, const Game *game,
                    const Camera *cam, SDL_Rect area, int tile);

/* The next map_layer_draw draws the layer again (the renderer's targets were lost). */
void map_layer_forget(MapLayer *layer);

/* Frees the texture (while its renderer still exists). */
void map_layer_free(MapLayer *layer);

#endif
