#include "ui/camera.h"

static int clamp_axis(int target, int view, int size)
{
    if (view >= size)
        return -(view - size) / 2;
    int start = target - view / 2;
    if (start < 0)
        return 0;
    if (start > size - view)
        return size - view;
    return start;
}

void camera_follow(Camera *cam, int tx, int ty, int map_w, int map_h)
{
    cam->x = clamp_axis(tx, cam->cols, map_w);
    cam->y = clamp_axis(ty, cam->rows, map_h);
}

static int keep_axis(int start, int target, int margin, int view, int size)
{
    if (view >= size)
        return -(view - size) / 2;
    if (margin > (view - 1) / 2)
        margin = (view - 1) / 2;
    if (target < start || target >= start + view)
        start = target - view / 2; /* out of sight: centre it */
    else if (target < start + margin)
        start = target - margin;
    else if (target > start + view - 1 - margin)
        start = target - (view - 1 - margin);
    if (start < 0)
        start = 0;
    if (start > size - view)
        start = size - view;
    return start;
}

void camera_keep(Camera *cam, int tx, int ty, int margin, int map_w, int map_h)
{
    cam->x = keep_axis(cam->x, tx, margin, cam->cols, map_w);
    cam->y = keep_axis(cam->y, ty, margin, cam->rows, map_h);
}
