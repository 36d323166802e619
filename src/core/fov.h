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
 * opaque[y * width + x] is nonzero where sight is blocked. The origin is always visible. */
void fov_compute(const uint8_t *opaque, int width, int height, int ox, int oy, int radius,
                 uint8_t *visible);

#endif
