#include "core/sprite_ids.h"

#include <stdbool.h>
#include <string.h>

static const char *const SPRITE_NAMES[SPRITE_COUNT] = {
#define MK_SPRITE_NAME(id, name) name,
    MK_SPRITES(MK_SPRITE_NAME)
#undef MK_SPRITE_NAME
};

const char *sprite_name(SpriteId id)
{
    if ((int)id < 0 || id >= SPRITE_COUNT)
        return 0;
    return SPRITE_NAMES[id];
}

SpriteId sprite_find(const char *name)
{
    for (int i = 0; name && i < SPRITE_COUNT; i++)
        if (strcmp(SPRITE_NAMES[i], name) == 0)
            return (SpriteId)i;
    return SPRITE_COUNT;
}

typedef struct Looks {
    const unsigned char *cells;
    int width, height;
} Looks;

static WallLook look_at(const Looks *l, int x, int y)
{
    if (x < 0 || y < 0 || x >= l->width || y >= l->height)
        return LOOK_WALL;
    return (WallLook)l->cells[y * l->width + x];
}

static bool is_deep_rock(const Looks *l, int x, int y)
{
    for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++)
            if (look_at(l, x + dx, y + dy) != LOOK_WALL)
                return false;
    return true;
}

/* A neighbour a wall tile runs on into: a wall that is drawn, or a door set in the wall. */
static bool continues(const Looks *l, int x, int y)
{
    return look_at(l, x, y) != LOOK_OPEN && !is_deep_rock(l, x, y);
}

int sprite_wall_tiles(const unsigned char *looks, int width, int height, int x, int y,
                      SpriteId out[WALL_TILES_MAX])
{
    static const SpriteId tops[16] = {
        SPRITE_WALL_TOP_0,  SPRITE_WALL_TOP_1,  SPRITE_WALL_TOP_2,  SPRITE_WALL_TOP_3,
        SPRITE_WALL_TOP_4,  SPRITE_WALL_TOP_5,  SPRITE_WALL_TOP_6,  SPRITE_WALL_TOP_7,
        SPRITE_WALL_TOP_8,  SPRITE_WALL_TOP_9,  SPRITE_WALL_TOP_10, SPRITE_WALL_TOP_11,
        SPRITE_WALL_TOP_12, SPRITE_WALL_TOP_13, SPRITE_WALL_TOP_14, SPRITE_WALL_TOP_15,
    };
    static const SpriteId faces[4] = {SPRITE_WALL_FACE_0, SPRITE_WALL_FACE_2, SPRITE_WALL_FACE_8,
                                      SPRITE_WALL_FACE_10};
    const Looks l = {looks, width, height};
    if (look_at(&l, x, y) != LOOK_WALL || is_deep_rock(&l, x, y))
        return 0;
    bool e = continues(&l, x + 1, y), w = continues(&l, x - 1, y);
    if (look_at(&l, x, y + 1) == LOOK_OPEN) {
        out[0] = faces[(e ? 1 : 0) | (w ? 2 : 0)];
        return 1;
    }
    /* A door north of a top is seen from the front, like a face: the top ends at its sill. */
    bool n = continues(&l, x, y - 1) && look_at(&l, x, y - 1) != LOOK_DOOR;
    bool s = continues(&l, x, y + 1);
    unsigned bits = (n ? WALL_JOIN_N : 0u) | (e ? WALL_JOIN_E : 0u) | (s ? WALL_JOIN_S : 0u) |
                    (w ? WALL_JOIN_W : 0u);
    int count = 0;
    out[count++] = tops[bits];
    static const struct {
        int dx, dy;
        SpriteId notch;
    } corners[4] = {{1, -1, SPRITE_WALL_NOTCH_NE},
                    {1, 1, SPRITE_WALL_NOTCH_SE},
                    {-1, 1, SPRITE_WALL_NOTCH_SW},
                    {-1, -1, SPRITE_WALL_NOTCH_NW}};
    for (int i = 0; i < 4; i++) {
        int dx = corners[i].dx, dy = corners[i].dy;
        bool side_x = dx > 0 ? e : w, side_y = dy > 0 ? s : n;
        if (side_x && side_y && !continues(&l, x + dx, y + dy))
            out[count++] = corners[i].notch;
    }
    return count;
}
