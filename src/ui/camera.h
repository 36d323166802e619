/* Which cells of the map the view shows, as pure logic (no SDL): the close view follows the
 * player with a small dead zone, centres her on arrival, and keeps every mouse and item she
 * sees inside the view (view_place zooms out a step when they cannot all fit). */
#ifndef MK_CAMERA_H
#define MK_CAMERA_H

#include <stdbool.h>

enum {
    /* How far (in cells, each way) the player may stand from the view's centre cell before
     * the close view scrolls: small, so she stays near the middle without the map jumping at
     * every step. */
    CAMERA_DEAD_ZONE = 2
};

typedef struct Camera {
    int x, y;       /* the map cell at the view's top-left corner */
    int cols, rows; /* cells the view shows */
} Camera;

/* Cells that must stay in view: an inclusive box (x0 <= x1, y0 <= y1). */
typedef struct CameraBox {
    int x0, y0, x1, y1;
} CameraBox;

/* Centres the view on (tx, ty), beyond the map's edge if need be; a map smaller than the view
 * on an axis is centred in it instead (x or y goes negative). */
void camera_follow(Camera *cam, int tx, int ty, int map_w, int map_h);

/* The view's centre cell on one axis: start + cells / 2 (camera_follow puts the target
 * there). */
int camera_centre(int start, int cells);

/* Whether a box of cells fits in the view's cols x rows (on a map smaller than the view on an
 * axis, that axis always fits: the whole map shows). */
bool camera_box_fits(const Camera *cam, const CameraBox *box, int map_w, int map_h);

/* The close view's move for one turn: keeps (tx, ty) within `dead` cells of the view's centre,
 * then shifts as little as needed to bring all of `keep` into view (when it fits: see
 * camera_box_fits). The view may show beyond the map's edge; a map smaller than the view on an
 * axis is centred in it.
 * `keep` may be NULL; it should hold (tx, ty). */
void camera_track(Camera *cam, int tx, int ty, int dead, const CameraBox *keep, int map_w,
                  int map_h);

/* The wheel's zoom: `steps` > 0 one zoom closer, < 0 one further, 0 none; stopping at zoom 0
 * (the furthest) and count - 1 (the closest). */
int camera_wheel_zoom(int zoom, int steps, int count);

#endif
