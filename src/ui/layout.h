/* Where the play screen's parts go, for any window: a pure function of the window's size, the
 * interface scale, the font and the zoom, so the window, the bench and the tests agree. */
#ifndef MK_LAYOUT_H
#define MK_LAYOUT_H

#include <SDL.h>
#include <stdbool.h>

#include "ui/layout_min.h" /* LAYOUT_MIN_W, LAYOUT_MIN_H */
#include "ui/text.h"

enum {
    LAYOUT_SIDEBAR_W = 160, /* logical pixels */
    LAYOUT_MESSAGES = 3,    /* lines of messages over the map */
    LAYOUT_PAD = 3,
    LAYOUT_FONT_POINTS = 16, /* ProggyTiny at its own pixel size */
    LAYOUT_MESSAGES_H = 36,  /* the messages' height at 1x: LAYOUT_MESSAGES lines of 10 + pads */
    LAYOUT_OVERVIEW_TILE = 8 /* the whole floor's smallest tile */
};

/* The map's zoom: the whole floor, fitted; or the close views at the largest tile the atlas
 * draws sharp up to 16 px per cell times the interface scale (32 px at 1280x720), and up to
 * 16 px times the scale plus one. */
typedef enum Zoom { ZOOM_FLOOR, ZOOM_CLOSE, ZOOM_CLOSER, ZOOM_COUNT } Zoom;

typedef struct PlayLayout {
    float scale;       /* physical pixels per logical pixel: a quarter step, 1 to 6 */
    int width, height; /* the logical view */
    SDL_Rect sidebar;  /* logical */
    SDL_Rect minimap;  /* logical: the known floor in small, at the sidebar's foot */
    SDL_Rect messages; /* logical: the newest messages, over the map */
    SDL_Rect map;      /* logical: the map's column below the messages */
    SDL_Rect foot;     /* logical: kept under the map for a status bar (layout_keep_foot) */
    SDL_Rect map_px;   /* physical: where map cells may be drawn */
    int tile;          /* physical pixels per map cell */
    int cols, rows;    /* whole cells the map shows */
    SDL_Rect cells_px; /* physical: cols x rows cells, centred in map_px */
} PlayLayout;

/* The interface scale for a window of out_w x out_h physical pixels (at least 1). */
float layout_scale(int out_w, int out_h);
/* The interface scale in quarters (5 for 1.25). */
int layout_quarters(int out_w, int out_h);
/* Physical pixels to logical ones at a scale (rounded down). */
int layout_logical(int physical, float scale);

/* The largest tile size the atlas draws sharp (8, 12, 16, 24...) at which map_w x map_h cells
 * fit in w x h pixels; 8 when none fits (the view then scrolls). */
int layout_fit_tile(int w, int h, int map_w, int map_h);

/* The tile of a zoom for a given interface scale and map area. */
int layout_zoom_tile(Zoom zoom, float scale, SDL_Rect map_px, int map_w, int map_h);

/* The play screen of a window of out_w x out_h physical pixels. */
PlayLayout layout_play(int out_w, int out_h, const Text *text, Zoom zoom, int map_w, int map_h);

/* Keeps `foot` logical pixels (at most half the map) under the map for a status bar of its
 * own (the replay's): the map and its cells move up out of it. */
void layout_keep_foot(PlayLayout *layout, int foot, int out_w, int out_h, Zoom zoom, int map_w,
                      int map_h);

/* A box over the map (the description): its height across the map (full_w wide) and as a
 * narrow box (half_w wide), and the edge it goes to first. */
enum { LAYOUT_BOX_CANDIDATES = 12 };
typedef struct LayoutBox {
    int full_w, full_h, half_w, half_h;
    bool prefer_top;
} LayoutBox;

/* Where the box goes in `map` (logical): across the map at the preferred edge, else the other,
 * else a narrow box down one side, the first that covers none of `avoid` (the described cell
 * first, then the player, then the room around them; at most 16); when none is free, the one
 * whose first covered rect comes latest in `avoid`. */
SDL_Rect layout_place_box(SDL_Rect map, LayoutBox box, const SDL_Rect *avoid, int count);

/* The title screen (logical pixels): the picture, the name's and the line's tops, the menu's
 * top. */
typedef struct TitleLayout {
    SDL_Rect art;
    int name_y, line_y, menu_y;
} TitleLayout;
TitleLayout layout_title(int width, int line_height);
/* The title's question (the seed prompt, "Abandon the game?") of `lines` lines: over the menu
 * from its top, under the picture and the name; moved up only as far as the footer needs. */
SDL_Rect layout_title_question(int width, int height, int line_height, int menu_y, int lines);

/* The map cell under a physical pixel, given the camera's top-left cell; false when the pixel
 * is outside the drawn cells. */
bool layout_cell_at(const PlayLayout *layout, int cam_x, int cam_y, int px, int py, int *cx,
                    int *cy);

#endif
