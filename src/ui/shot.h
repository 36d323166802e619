/* `mouseking shot`: the play screen of a game drawn off-screen, as the window draws it at a
 * given size, into a PNG; and where its parts are, as JSON. */
#ifndef MK_SHOT_H
#define MK_SHOT_H

#include <stdbool.h>
#include <stddef.h>

#include "game/game.h"
#include "ui/layout.h"

/* Where the parts of a drawn play screen are, in physical pixels. */
typedef struct ShotLayout {
    int width, height; /* the picture */
    float scale;       /* the interface's */
    SDL_Rect map;      /* where map cells may be drawn (PlayLayout.map_px) */
    SDL_Rect cells;    /* the cells drawn (PlayLayout.cells_px) */
    SDL_Rect sidebar, minimap, messages;
    bool has_describe; /* the description box was drawn */
    SDL_Rect describe;
    bool has_look;      /* the look cursor is on a cell shown */
    SDL_Rect look;      /* that cell */
    int tile;           /* pixels per map cell */
    int text_w, text_h; /* a text cell: a glyph's advance and the line height */
} ShotLayout;

/* What to draw: the size, the zoom, and the look cursor's cell (look_x < 0: none). */
typedef struct ShotView {
    int w, h;
    Zoom zoom;
    int look_x, look_y;
} ShotView;

/* Draws `game` as `sv` says, as the window draws it (in look mode when look_x >= 0: the
 * camera on the cell, the cursor, the travel path to it and its description), and writes the
 * picture to png_path (through a temporary file beside it, renamed over it) and, when
 * layout_path is not NULL, the layout there as JSON. False with err naming the file (or what
 * failed) otherwise. */
bool shot_write(Game *game, const ShotView *sv, const char *png_path, const char *layout_path,
                char *err, size_t err_size);

/* The layout as a JSON object (one line, no newline); the caller frees it. */
char *shot_layout_json(const ShotLayout *l);

#endif
