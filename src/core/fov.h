/* Field of view: symmetric shadowcasting in exact integer arithmetic.
 *
 * If A sees B then B sees A; walls bounding a visible area are lit; a pillar casts a shadow
 * that widens with distance; there are no blind corners. Cells outside the map are opaque.
 * Radius R (0 = unlimited): a cell is in range when dx*dx + dy*dy <= R*R, and the scan stops
 * at that distance. */
#ifndef MK_FOV_H
#define MK_FOV_H

#include <stdbool.h>
#include <stdint.h>

/* Sets visible[y * width + x] to 1 for every cell seen from (ox, oy), 0 for the rest.
 * opaque[y * width + x] is nonzero where sight is blocked. The origin is always visible.
 * Clears the whole of visible first: on a big map, a FovView costs less. */
void fov_compute(const uint8_t *opaque, int width, int height, int ox, int oy, int radius,
                 uint8_t *visible);

/* What fov_compute(opaque, width, height, ox, oy, radius, visible) gives, from `seen`, what it
 * gives at radius 0 (unlimited) from the same cell: the radius only stops the scan, so a cell
 * within it is seen exactly when it is seen without it. A caller that needs both (the player's
 * sight and her line of sight) scans once. */
void fov_within(const uint8_t *seen, int width, int height, int ox, int oy, int radius,
                uint8_t *visible);

/* A view computed again and again into the same buffer, which remembers the box of cells the
 * last computation scanned: the next clears only that box, so a call costs what is in view,
 * not the map's area. Between calls the caller may read visible, not write it. */
typedef struct FovView {
    uint8_t *visible; /* width * height, the caller's */
    int width, height;
    int x0, y0, x1, y1; /* every cell outside this box is 0 (empty: x0 > x1, y0 > y1) */
} FovView;

/* Takes visible for the view and clears it whole, once. */
void fov_view_init(FovView *view, uint8_t *visible, int width, int height);

/* What fov_compute(opaque, view->width, view->height, ox, oy, radius, view->visible) gives. */
void fov_view_compute(FovView *view, const uint8_t *opaque, int ox, int oy, int radius);

#endif
