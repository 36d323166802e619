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
