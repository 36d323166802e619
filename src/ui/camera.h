/* Which cells of the map the view shows. */
#ifndef MK_CAMERA_H
#define MK_CAMERA_H

typedef struct Camera {
    int x, y;       /* the map cell at the view's top-left corner */
    int cols, rows; /* cells the view shows */
} Camera;

/* Centres the view on (tx, ty), kept inside the map; a map smaller than the view is centred
 * in it (x or y goes negative). */
void camera_follow(Camera *cam, int tx, int ty, int map_w, int map_h);

/* Moves the view as little as needed to keep `margin` cells between (tx, ty) and the view's
 * edges (fewer where the map ends), kept inside the map; a map smaller than the view is
 * centred in it. A target outside the view (a new floor) is centred. The view thus stays still
 * while the player walks in its middle, and never shows beyond the map. */
void camera_keep(Camera *cam, int tx, int ty, int margin, int map_w, int map_h);

#endif
