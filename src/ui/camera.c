#include "ui/camera.h"

/* The close view keeps the player at its centre even at the map's edge, showing the void
 * beyond, as DCSS tiles does: where she stands on the screen never changes, so the eye finds
 * her at once, and the mice on every side of her are on screen. (Stopping the view at the
 * map's edge, as Brogue's fixed map does, put her a quarter of the screen from an edge
 * whenever a room lay along the map's border, which is often; the cells it showed instead were
 * mostly rock never seen.) Only a map smaller than the view on an axis is centred in it there,
 * whole. */
static int place_axis(int start, int view, int size)
{
    if (view >= size)
        return -(view - size) / 2; /* a small map: centred, whole */
    return start;                  /* anywhere: the map's edge does not stop it */
}

int camera_centre(int start, int cells)
{
    return start + cells / 2;
}

void camera_follow(Camera *cam, int tx, int ty, int map_w, int map_h)
{
    cam->x = place_axis(tx - cam->cols / 2, cam->cols, map_w);
    cam->y = place_axis(ty - cam->rows / 2, cam->rows, map_h);
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
        return place_axis(start, view, size);
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
    return place_axis(start, view, size);
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
