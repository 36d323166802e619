#include "gen/gen.h"

/* When several entities share a cell the one a player most needs to see wins. */
static int glyph_rank(const Entity *e)
{
    switch (e->kind) {
    case KIND_STAIRS: return 5;
    case KIND_MONSTER: return 4;
    case KIND_DOOR: return 3;
    case KIND_ITEM: return 2;
    case KIND_PLAYER: return 1;
    }
    return 0;
}

char gen_cell_char(const Floor *floor, int x, int y)
{
    const Entity *top = NULL;
    for (const Entity *e = floor->entities.head; e; e = e->next)
        if (e->x == x && e->y == y && !(e->flags & EF_REMOVED) && e->kind != KIND_PLAYER &&
            (!top || glyph_rank(e) > glyph_rank(top)))
            top = e;
    if (top)
        return top->glyph;
    if (x == floor->arrival_x && y == floor->arrival_y)
        return '@';
    return map_is_wall(&floor->map, x, y) ? '#' : '.';
}

bool gen_floor_to_ascii(const Floor *floor, char *buf, size_t size)
{
    size_t need = (size_t)(floor->map.width + 1) * (size_t)floor->map.height + 1;
    if (size < need)
        return false;
    char *p = buf;
    for (int y = 0; y < floor->map.height; y++) {
        for (int x = 0; x < floor->map.width; x++)
            *p++ = gen_cell_char(floor, x, y);
        *p++ = '\n';
    }
    *p = '\0';
    return true;
}
