/* The play view drawn without a window: an SDL software renderer over a surface, the atlas and
 * the glyph cache loaded as the window loads them. Shared by `bench` and `shot`. */
#ifndef MK_OFFSCREEN_H
#define MK_OFFSCREEN_H

#include <SDL.h>
#include <stdbool.h>
#include <stddef.h>

#include "game/game.h"
#include "ui/atlas.h"
#include "ui/text.h"
#include "ui/view.h"

typedef struct Offscreen {
    SDL_Surface *surface;
    SDL_Renderer *renderer;
    Atlas atlas;
    Text text;
    bool atlas_ready, text_ready;
} Offscreen;

/* Opens a w x h picture with the assets the window uses (atlas, ProggyTiny at
 * LAYOUT_FONT_POINTS). False with err (one line) when something is missing. */
bool offscreen_open(Offscreen *o, int w, int h, char *err, size_t err_size);
/* The same over an existing renderer (a window's): no surface; offscreen_close destroys the
 * renderer too. */
bool offscreen_attach(Offscreen *o, SDL_Renderer *renderer, char *err, size_t err_size);
void offscreen_close(Offscreen *o);

/* A view of the whole picture (the renderer's output) over o's renderer, atlas and text. */
View offscreen_view(Offscreen *o, Zoom zoom);

/* One play frame as the window draws it (app_draw with play_draw, no pointer): the screen
 * cleared black, then view_draw_play, then presented. */
void offscreen_draw_play(View *view, const Game *game);
/* The same with marks on the map (the look cursor, its path, its description). */
void offscreen_draw_marked(View *view, const Game *game, const ViewMarks *marks);

#endif
