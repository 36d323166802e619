/* The play view: the sidebar, the newest messages, the map under the camera with fog of war,
 * the travel path and the cursor, and the description of the cell under the cursor. Shared by
 * the window and by `bench`, which times it off-screen.
 *
 * Drawn at the output's own pixels: the interface (text, panels) in logical pixels under
 * SDL_RenderSetScale(scale), the map at render scale 1 with tiles of a size the atlas draws
 * sharp, so any zoom is whole pixels and every copy is 1:1. */
#ifndef MK_VIEW_H
#define MK_VIEW_H

#include <SDL.h>

#include "game/game.h"
#include "game/tools.h"
#include "ui/atlas.h"
#include "ui/camera.h"
#include "ui/describe.h"
#include "ui/layout.h"
#include "ui/map_layer.h"
#include "ui/sidebar.h"
#include "ui/text.h"

typedef struct View {
    SDL_Renderer *renderer;
    const Atlas *atlas;
    const Text *text;
    int out_w, out_h; /* physical pixels */
    Zoom zoom;
    Camera camera;          /* kept from frame to frame: moved when she leaves its dead zone */
    int follow_x, follow_y; /* the cell the camera keeps in view; -1: the player */
    PlayLayout layout;      /* set by view_place */
    int foot;               /* logical pixels kept under the map for a status bar (the replay's) */
    SidebarRows rows;       /* set by view_draw_play */
    MapLayer map_layer;     /* the map as last drawn, copied while nothing on it changes */
} View;

/* What is marked on the map. */
typedef struct ViewMarks {
    int cursor_x, cursor_y; /* the cell under the pointer or the look cursor; -1: none */
    const PathCell *path;   /* the way a click would walk (its last cell is the cursor's) */
    int path_len;
    const Entity *focus; /* highlighted on the map and in the sidebar; may be NULL */
    bool looking;        /* look mode: its keys are shown with the description */
    /* Aiming a throw: the line of flight, drawn up to where it comes down in the throw's
     * colour, past it in red, the landing cell framed; NULL: none. */
    const ThrowLine *throw_line;
    const char *keys; /* the keys shown with the description; NULL: look mode's when looking */
} ViewMarks;

/* The keys look mode shows under the description. */
#define VIEW_LOOK_KEYS "Look: move the cursor, Tab next thing, Return travel, Escape leave"

/* Lays the view out for the game's floor and moves the camera (camera_track): the player (or
 * the look cursor) near the centre, centred after view_recentre, and every mouse and item the
 * sidebar lists on screen, the layout zoomed out a step at a time for this frame where they do
 * not fit at the view's zoom (docs/RULES.md R-VIEW-2, R-VIEW-3). */
void view_place(View *view, const Game *game);

/* The next view_place centres the camera on the cell it follows (a new floor, a new game). */
void view_recentre(View *view);

/* view_place, then draws everything. */
void view_draw_play(View *view, const Game *game, const ViewMarks *marks);

/* view_draw_play after view_place: draws everything where it was placed. The map's cells
 * (layout.cells_px) are drawn opaque over whatever was there. */
void view_draw_placed(View *view, const Game *game, const ViewMarks *marks);

/* The map cell under a physical pixel, as last placed; false outside the drawn cells. */
bool view_cell_at(const View *view, int px, int py, int *cx, int *cy);

/* The pointer, in logical pixels (x, y) and physical ones (px, py); x < 0: none. */
typedef struct Pointer {
    int x, y, px, py;
} Pointer;

/* The map cell under the pointer, when it is over the drawn map. */
bool view_pointer_cell(const View *view, const Game *game, Pointer pointer, int *cx, int *cy);

/* What the pointer is on: a row of the sidebar (its entity's cell) or a map cell (and the
 * entity the player knows there, or NULL). False when it is on neither. As last drawn. */
bool view_pointer_target(const View *view, const Game *game, Pointer pointer, int *cx, int *cy,
                         const Entity **focus);

/* Where a map cell is drawn, in logical pixels (rounded outwards), as last placed; empty when
 * it is not on screen. */
SDL_Rect view_cell_rect(const View *view, int cx, int cy);

/* The description of the marks' cursor cell and where it goes over the map (`top` logical
 * pixels below the map's top kept for the boss bar): across the map's far side from the
 * cursor when that covers neither the cursor's cell nor the player, else where it covers
 * neither (hud_describe_place). False when there is nothing to describe. As last placed. */
bool view_description(const View *view, const Game *game, const ViewMarks *marks, int top,
                      CellText *ct, SDL_Rect *box);

/* Draws `sprite` on map cells (for effects over the map), as last placed. */
void view_draw_marks(View *view, const PathCell *cells, int count, SpriteId sprite);

#endif
