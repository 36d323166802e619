/* Drawing a floor: tiles, walls that join, and the entities on them. Reads the game, never
 * changes it. */
#ifndef MK_DRAW_MAP_H
#define MK_DRAW_MAP_H

#include <SDL.h>

#include "core/floor.h"
#include "core/path.h"
#include "ui/atlas.h"
#include "ui/camera.h"

/* What the player knows of the floor. NULL for both: everything, fully lit (gen --png). */
typedef struct Sight {
    const uint8_t *visible; /* seen now: drawn fully */
    const uint8_t *seen;    /* seen before: drawn dimmed; never seen: black */
    bool radar;             /* Mouse Radar (R-VIAL-5): every mouse drawn, dimmed out of view */
} Sight;

/* Draws the cells of `floor` that the camera shows into `area` (logical pixels), `tile`
 * pixels per cell: walls joined to their neighbours (sprite_wall_tiles), remembered cells
 * dimmed (less with a high-contrast atlas). Mice and items show only where visible; stairs and
 * doors also where remembered. */
void draw_map(SDL_Renderer *renderer, const Atlas *atlas, const Floor *floor, const Camera *cam,
              SDL_Rect area, int tile, Sight sight);

struct Game;
/* Draws over draw_map's picture what the player remembers on the cells out of view of the
 * game's current floor (game/memory.h): each item dimmed where she last saw it, each mouse she
 * lost lately as a "last seen" mark (its sprite dimmed and shrunk, framed by the cursor's
 * corners, dimmed). */
void draw_memory(SDL_Renderer *renderer, const Atlas *atlas, const struct Game *game,
                 const Camera *cam, SDL_Rect area, int tile);

/* The cells the camera's picture holds, each a whole or partial cell: (cols + 1) x (rows + 1),
 * row by row. */
static inline int draw_map_cells(const Camera *cam)
{
    return (cam->cols + 1) * (cam->rows + 1);
}

/* For each of those cells, a hash of everything draw_map and draw_memory draw on it for the
 * game's current floor: its light, its sprites (a wall's parts follow its neighbours), the
 * entities and the memory drawn there, in their order. Cells of equal signatures look the
 * same. False when out of memory. */
bool draw_map_signatures(const struct Game *game, const Camera *cam, uint32_t *sig);

/* draw_map and draw_memory for the game's current floor, on the cells `dirty` marks alone
 * (one byte a cell, as draw_map_signatures), each first filled black: over a picture drawn
 * before, the same pixels drawing everything again would give. */
void draw_map_dirty(SDL_Renderer *renderer, const Atlas *atlas, const struct Game *game,
                    const Camera *cam, SDL_Rect area, int tile, const uint8_t *dirty);

/* Draws `sprite` on each of the cells (map coordinates) that the camera shows. For the travel
 * path and the cursor under the mouse. */
void draw_marks(SDL_Renderer *renderer, const Atlas *atlas, const Camera *cam, SDL_Rect area,
                int tile, const PathCell *cells, int count, SpriteId sprite);

#endif
