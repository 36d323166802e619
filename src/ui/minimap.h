/* The minimap: the floor as the player knows it, a few pixels a cell, in the rectangle the
 * layout gives it (PlayLayout.minimap). Walls and floors seen, the stairs (up and down apart),
 * the doors, the mice in view, the items in view or remembered, and the player. A click on it
 * travels to the cell under the pointer. */
#ifndef MK_MINIMAP_H
#define MK_MINIMAP_H

#include <SDL.h>
#include <stdbool.h>

#include "game/game.h"

/* Colours of the minimap, one per thing, so a test can find each. */
#define MINIMAP_UNSEEN ((SDL_Color){0, 0, 0, 255})
#define MINIMAP_FLOOR ((SDL_Color){58, 58, 78, 255})
#define MINIMAP_FLOOR_LIT ((SDL_Color){96, 96, 124, 255})
#define MINIMAP_WALL ((SDL_Color){150, 154, 176, 255})
#define MINIMAP_WALL_LIT ((SDL_Color){196, 200, 222, 255})
#define MINIMAP_DOOR ((SDL_Color){176, 112, 60, 255})
#define MINIMAP_STAIRS_DOWN ((SDL_Color){80, 220, 255, 255})
#define MINIMAP_STAIRS_UP ((SDL_Color){120, 255, 120, 255})
#define MINIMAP_ITEM ((SDL_Color){250, 200, 60, 255})
#define MINIMAP_MOUSE ((SDL_Color){255, 60, 60, 255})
#define MINIMAP_PLAYER ((SDL_Color){255, 255, 255, 255})
#define MINIMAP_FRAME ((SDL_Color){70, 66, 92, 255})
#define MINIMAP_SHOWN ((SDL_Color){232, 120, 200, 255}) /* the map's view, when it is not all */

/* The pixels of cell (cx, cy) in a minimap of map_w x map_h cells filling `box` (any unit):
 * columns and rows are spread over the box's whole width and height, so every pixel belongs
 * to exactly one cell. Empty when the cell or the map is out of range. */
SDL_Rect minimap_cell_rect(SDL_Rect box, int map_w, int map_h, int cx, int cy);

/* The cell under the point (px, py) of a minimap in `box`: the inverse of minimap_cell_rect.
 * False when the point is outside the box or the map is empty. */
bool minimap_cell_at(SDL_Rect box, int map_w, int map_h, int px, int py, int *cx, int *cy);

/* The minimap's box in physical pixels: the layout's logical rectangle times the scale
 * (its edges rounded). */
SDL_Rect minimap_box_px(SDL_Rect logical, float scale);

/* Draws the minimap of the current floor into `logical` (logical pixels of a renderer drawn at
 * `scale`): in physical pixels, at render scale 1, and leaves the render scale at `scale`.
 * `shown` is the cells the map shows (x, y, cols, rows): framed on the minimap when they are
 * not the whole floor; w 0 for none. */
void minimap_draw(SDL_Renderer *renderer, const Game *game, SDL_Rect logical, float scale,
                  SDL_Rect shown);

/* The cell of the current floor under the physical pixel (px, py) of a minimap laid out at
 * `logical` and `scale`, when the player has seen it: where a click there travels. */
bool minimap_target(const Game *game, SDL_Rect logical, float scale, int px, int py, int *cx,
                    int *cy);

#endif
