/* Drawing a floor: tiles, walls that join, and the entities on them. Reads the game, never
 * changes it. */
#ifndef MK_DRAW_MAP_H
#define MK_DRAW_MAP_H

#include <SDL.h>

#include "core/floor.h"
#include "ui/atlas.h"
#include "ui/camera.h"

/* Draws the cells of `floor` that the camera shows into `area` (logical pixels), `tile`
 * pixels per cell. */
void draw_map(SDL_Renderer *renderer, const Atlas *atlas, const Floor *floor, const Camera *cam,
              SDL_Rect area, int tile);

#endif
