/* The play view: the map under the camera with fog of war, the travel path and cursor under
 * the mouse, and the HUD. Shared by the window and by `bench`, which times it off-screen. */
#ifndef MK_VIEW_H
#define MK_VIEW_H

#include <SDL.h>

#include "game/game.h"
#include "ui/atlas.h"
#include "ui/camera.h"
#include "ui/text.h"

typedef struct View {
    SDL_Renderer *renderer;
    const Atlas *atlas;
    const Text *text;
    int width, height; /* logical pixels */
    Camera camera;
} View;

/* Where the map goes: between the top bar and the message area. */
SDL_Rect view_map_area(const View *view);

/* Draws the play view. (hover_x, hover_y) is the map cell under the mouse, or -1: its path
 * (path_len cells) and cursor are drawn, and its description in the HUD. */
void view_draw_play(View *view, const Game *game, int hover_x, int hover_y, const PathCell *path,
                    int path_len);

#endif
