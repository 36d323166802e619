#include "ui/camera.h"

/* The view stays inside the map: the close view never shows the void beyond the map's edge
 * to keep the player centred. Brogue never scrolls past its map, and DCSS tiles' view keeps
 * her centred only because its map rarely reaches the screen's edge; here the edge is the
 * floor's outer wall, and every column of void drawn there would be a column of the floor's
 * own rooms (and of its mice and items) not shown. So at the map's edge the player walks
 * towards the view's edge, as far as the wall, and the rest of the view is the floor. */
static int inside(int start, int view, int size)
{
    if (view >= size)
        return -(view - size) / 2; /* a small map: centred, whole */
    if (start < 0)
        return 0;
    if (start > size - view)
        return size - view;
    return start;
}

int camera_centre(int start, int cells)
{
    return start + cells / 2;
}

void camera_follow(Camera *cam, int tx, int ty, int map_w, int map_h)
{
    cam->x = inside(tx - cam->cols / 2, cam->cols, map_w);
    cam->y = inside(ty - cam->rows / 2, cam->rows, map_h);
}

bool camera_box_fits(const Camera *cam, const CameraBox *box, int map_w, int map_h)
{
    return (cam->cols >= map_w || box->x1 - box->x0 < cam->cols) &&
           (cam->rows >= map_h || box->y1 - box->y0 < cam->rows);
}

/* One axis of camera_track: the dead zone first, then the box [lo, hi] if it fits. */
static int track_axis(int start, int target, int dead, int lo, int hi, int view, int size)
{
    if (view >= size)
        return inside(start, view, size);
    int centre = camera_centre(start, view);
    if (target > centre + dead)
        start += target - (centre + dead);
    else if (target < centre - dead)
        start -= (centre - dead) - target;
    if (hi - lo < view) {
        if (lo < start)
            start = lo;
        else if (hi > start + view - 1)
            start = hi - (view - 1);
    }
    return inside(start, view, size);
}

void camera_track(Camera *cam, int tx, int ty, int dead, const CameraBox *keep, int map_w,
                  int map_h)
{
    CameraBox box = keep ? *keep : (CameraBox){tx, ty, tx, ty};
    cam->x = track_axis(cam->x, tx, dead, box.x0, box.x1, cam->cols, map_w);
    cam->y = track_axis(cam->y, ty, dead, box.y0, box.y1, cam->rows, map_h);
}

int camera_wheel_zoom(int zoom, int steps, int count)
{
    int z = zoom + (steps > 0) - (steps < 0);
    if (z < 0)
        return 0;
    if (z > count - 1)
        return count - 1;
    return z;
}
