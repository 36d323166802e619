#include "ui/draw_map.h"

#include <stdint.h>
#include <stdlib.h>

#include "game/memory.h"

/* What each cell looks like to the walls around it (WallLook): the map's walls and the hidden
 * doors, which must look exactly like the wall around them, are wall; the doors that show are
 * set in the wall. A cell the player has never seen is wall too: a wall is drawn as the player
 * knows it, so the brick face over a corridor shows once the corridor is seen, never before
 * (else a run of brick in a room's wall would give away the hidden door and the passage behind
 * it). Built once per draw, so the tests of every cell and its neighbours are single loads
 * rather than scans of the entity list. */
typedef struct WallMask {
    int width, height;
    unsigned char *look;
} WallMask;

static bool wall_mask_build(WallMask *mask, const Floor *floor, Sight sight)
{
    const Map *m = &floor->map;
    mask->width = m->width;
    mask->height = m->height;
    mask->look = malloc((size_t)m->width * (size_t)m->height);
    if (!mask->look)
        return false;
    for (int i = 0; i < m->width * m->height; i++)
        mask->look[i] = m->tiles[i] == TILE_WALL ? LOOK_WALL : LOOK_OPEN;
    for (const Entity *e = floor->entities.head; e; e = e->next)
        if (e->kind == KIND_DOOR && !(e->flags & EF_REMOVED) && map_in_bounds(m, e->x, e->y))
            mask->look[e->y * m->width + e->x] = e->door == DOOR_HIDDEN ? LOOK_WALL : LOOK_DOOR;
    if (sight.visible && sight.seen) /* without sight (a whole-floor picture) all is known */
        for (int i = 0; i < m->width * m->height; i++)
            if (!sight.seen[i] && !sight.visible[i])
                mask->look[i] = LOOK_WALL;
    return true;
}

static bool looks_like_wall(const WallMask *mask, int x, int y)
{
    return mask->look[y * mask->width + x] == LOOK_WALL;
}

/* A fixed scatter of worn floor tiles: a hash of the cell, so it never flickers and draws no
 * randomness from the game. */
static SpriteId floor_sprite(const Floor *floor, int x, int y)
{
    uint32_t h = (uint32_t)x * 73856093u ^ (uint32_t)y * 19349663u ^ (uint32_t)floor->seed;
    h ^= h >> 13;
    h *= 0x5bd1e995u;
    h ^= h >> 15;
    return (h & 7u) == 0 ? SPRITE_FLOOR_ALT : SPRITE_FLOOR;
}

static int draw_order(const Entity *e)
{
    switch (e->kind) {
    case KIND_DOOR:
    case KIND_STAIRS: return 0;
    case KIND_ITEM: return 1;
    case KIND_MONSTER: return 2;
    case KIND_PLAYER: return 3;
    }
    return 0;
}

static SpriteId entity_sprite(const Entity *e)
{
    if (e->kind == KIND_PLAYER)
        return e->facing < 0 ? SPRITE_PLAYER_LEFT : SPRITE_PLAYER_RIGHT;
    return e->sprite;
}

typedef enum Light { LIGHT_NONE, LIGHT_REMEMBERED, LIGHT_VISIBLE } Light;

static Light light_at(const Floor *floor, Sight sight, int x, int y)
{
    if (!sight.visible)
        return LIGHT_VISIBLE;
    int i = y * floor->map.width + x;
    return sight.visible[i] ? LIGHT_VISIBLE : sight.seen[i] ? LIGHT_REMEMBERED : LIGHT_NONE;
}

/* A cell's sprites in drawing order: a floor tile, or a wall's parts. */
static int cell_sprites(const Floor *floor, const WallMask *walls, int x, int y,
                        SpriteId parts[WALL_TILES_MAX])
{
    if (!looks_like_wall(walls, x, y)) {
        parts[0] = floor_sprite(floor, x, y);
        return 1;
    }
    return sprite_wall_tiles(walls->look, walls->width, walls->height, x, y, parts);
}

/* The cells in `pass`'s light, in two sweeps: first, without blending, each cell's last
 * opaque sprite (it covers whatever came before it), then, blended, the sprites drawn over it.
 * The picture is the same as drawing every sprite blended in order; the software renderer
 * copies an unblended sprite several times faster, and most cells are one opaque tile. */
static void draw_cells(SDL_Renderer *renderer, const Atlas *atlas, const Floor *floor,
                       const WallMask *walls, const Camera *cam, SDL_Rect area, int tile,
                       Sight sight, Light pass)
{
    AtlasShade shade = pass == LIGHT_VISIBLE ? ATLAS_LIT : ATLAS_DIM;
    for (int sweep = 0; sweep < 2; sweep++) {
        for (int row = 0; row <= cam->rows; row++) {
            for (int col = 0; col <= cam->cols; col++) {
                int x = cam->x + col, y = cam->y + row;
                if (!map_in_bounds(&floor->map, x, y) || light_at(floor, sight, x, y) != pass)
                    continue;
                int px = area.x + col * tile, py = area.y + row * tile;
                SpriteId parts[WALL_TILES_MAX];
                int n = cell_sprites(floor, walls, x, y, parts), base = -1;
                for (int i = 0; i < n; i++)
                    if ((unsigned)parts[i] < SPRITE_COUNT && atlas->opaque[parts[i]])
                        base = i;
                if (sweep == 0 && base >= 0)
                    atlas_draw_shaded(atlas, renderer, parts[base], px, py, tile, shade, true);
                for (int i = base + 1; sweep == 1 && i < n; i++)
                    atlas_draw_shaded(atlas, renderer, parts[i], px, py, tile, shade, false);
            }
        }
    }
}

static void draw_entities(SDL_Renderer *renderer, const Atlas *atlas, const Floor *floor,
                          const Camera *cam, SDL_Rect area, int tile, Sight sight, Light pass)
{
    /* In layers: doors and stairs, items, monsters, then the player on top. */
    for (int layer = 0; layer <= 3; layer++) {
        for (const Entity *e = floor->entities.head; e; e = e->next) {
            if ((e->flags & EF_REMOVED) || draw_order(e) != layer)
                continue;
            if (e->kind == KIND_DOOR && e->door == DOOR_HIDDEN)
                continue; /* drawn as wall with the cells */
            int col = e->x - cam->x, row = e->y - cam->y;
            if (col < 0 || row < 0 || col > cam->cols || row > cam->rows)
                continue;
            Light light = light_at(floor, sight, e->x, e->y);
            if (light == LIGHT_REMEMBERED && !(e->flags & EF_ALWAYS_SHOWN))
                continue; /* mice and items show only while in view */
            if (light != pass)
                continue;
            atlas_draw_shaded(atlas, renderer, entity_sprite(e), area.x + col * tile,
                              area.y + row * tile, tile,
                              pass == LIGHT_VISIBLE ? ATLAS_LIT : ATLAS_DIM, false);
        }
    }
}

/* A cell of the map on the camera's picture: false when the camera does not show it. */
static bool on_camera(const Camera *cam, SDL_Rect area, int tile, int x, int y, SDL_Point *at)
{
    int col = x - cam->x, row = y - cam->y;
    *at = (SDL_Point){area.x + col * tile, area.y + row * tile};
    return col >= 0 && row >= 0 && col <= cam->cols && row <= cam->rows;
}

/* The mouse's sprite shrunk to three quarters: a mark, not a mouse. */
void draw_memory(SDL_Renderer *renderer, const Atlas *atlas, const Game *game, const Camera *cam,
                 SDL_Rect area, int tile)
{
    enum { MARKS = FLOOR_MEMORY_ITEMS };
    MemoryMark marks[MARKS];
    SDL_Point at;
    SDL_RenderSetClipRect(renderer, &area);
    int n = game_remembered_items(game, marks, MARKS);
    for (int i = 0; i < n; i++)
        if (on_camera(cam, area, tile, marks[i].x, marks[i].y, &at))
            atlas_draw_shaded(atlas, renderer, marks[i].sprite, at.x, at.y, tile, ATLAS_DIM, false);
    n = game_lost_mice(game, marks, MARKS);
    for (int i = 0; i < n; i++) {
        if (!on_camera(cam, area, tile, marks[i].x, marks[i].y, &at))
            continue;
        int small = tile * 3 / 4, inset = (tile - small) / 2;
        atlas_draw_shaded(atlas, renderer, marks[i].sprite, at.x + inset, at.y + inset, small,
                          ATLAS_DIM, false);
        atlas_draw_shaded(atlas, renderer, SPRITE_CURSOR, at.x, at.y, tile, ATLAS_DIM, false);
    }
    SDL_RenderSetClipRect(renderer, NULL);
}

void draw_map(SDL_Renderer *renderer, const Atlas *atlas, const Floor *floor, const Camera *cam,
              SDL_Rect area, int tile, Sight sight)
{
    WallMask walls;
    if (!wall_mask_build(&walls, floor, sight))
        return; /* out of memory: this frame stays as it was */
    SDL_RenderSetClipRect(renderer, &area);
    /* Remembered cells first, dimmed (the atlas's ATLAS_DIM sheets, tinted beforehand), then
     * what is in view at full light. */
    draw_cells(renderer, atlas, floor, &walls, cam, area, tile, sight, LIGHT_REMEMBERED);
    draw_entities(renderer, atlas, floor, cam, area, tile, sight, LIGHT_REMEMBERED);
    draw_cells(renderer, atlas, floor, &walls, cam, area, tile, sight, LIGHT_VISIBLE);
    draw_entities(renderer, atlas, floor, cam, area, tile, sight, LIGHT_VISIBLE);
    SDL_RenderSetClipRect(renderer, NULL);
    free(walls.look);
}

void draw_marks(SDL_Renderer *renderer, const Atlas *atlas, const Camera *cam, SDL_Rect area,
                int tile, const PathCell *cells, int count, SpriteId sprite)
{
    SDL_RenderSetClipRect(renderer, &area);
    for (int i = 0; i < count; i++) {
        int col = cells[i].x - cam->x, row = cells[i].y - cam->y;
        if (col >= 0 && row >= 0 && col <= cam->cols && row <= cam->rows)
            atlas_draw(atlas, renderer, sprite, area.x + col * tile, area.y + row * tile, tile);
    }
    SDL_RenderSetClipRect(renderer, NULL);
}
