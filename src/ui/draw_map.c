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
    if (e->kind == KIND_ITEM && (e->flags & EF_SET)) /* a Spring Trap armed on the floor */
        return SPRITE_SPRING_TRAP_SET;
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
/* Whether a cell of the camera's picture is to be drawn: all of them without a mask, else
 * those the mask marks (draw_map_dirty). */
static bool wanted(const uint8_t *dirty, const Camera *cam, int col, int row)
{
    return !dirty || dirty[row * (cam->cols + 1) + col];
}

static void draw_cells(SDL_Renderer *renderer, const Atlas *atlas, const Floor *floor,
                       const WallMask *walls, const Camera *cam, SDL_Rect area, int tile,
                       Sight sight, Light pass, const uint8_t *dirty)
{
    AtlasShade shade = pass == LIGHT_VISIBLE ? ATLAS_LIT : ATLAS_DIM;
    for (int sweep = 0; sweep < 2; sweep++) {
        for (int row = 0; row <= cam->rows; row++) {
            for (int col = 0; col <= cam->cols; col++) {
                int x = cam->x + col, y = cam->y + row;
                if (!map_in_bounds(&floor->map, x, y) || light_at(floor, sight, x, y) != pass ||
                    !wanted(dirty, cam, col, row))
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

/* Whether draw_entities draws `e` in `pass`, and where on the camera's picture. */
static bool entity_drawn(const Floor *floor, const Camera *cam, Sight sight, const Entity *e,
                         Light pass, int *col, int *row)
{
    if ((e->flags & EF_REMOVED) || (e->kind == KIND_DOOR && e->door == DOOR_HIDDEN))
        return false; /* a hidden door is drawn as wall with the cells */
    *col = e->x - cam->x;
    *row = e->y - cam->y;
    if (*col < 0 || *row < 0 || *col > cam->cols || *row > cam->rows)
        return false;
    Light light = light_at(floor, sight, e->x, e->y);
    if (sight.radar && e->kind == KIND_MONSTER && light != LIGHT_VISIBLE)
        return pass == LIGHT_REMEMBERED;
    if (light == LIGHT_REMEMBERED && !(e->flags & EF_ALWAYS_SHOWN))
        return false; /* mice and items show only while in view */
    return light == pass;
}

static void draw_entities(SDL_Renderer *renderer, const Atlas *atlas, const Floor *floor,
                          const Camera *cam, SDL_Rect area, int tile, Sight sight, Light pass,
                          const uint8_t *dirty)
{
    /* In layers: doors and stairs, items, monsters, then the player on top. */
    for (int layer = 0; layer <= 3; layer++) {
        for (const Entity *e = floor->entities.head; e; e = e->next) {
            int col, row;
            if (draw_order(e) != layer || !entity_drawn(floor, cam, sight, e, pass, &col, &row) ||
                !wanted(dirty, cam, col, row))
                continue;
            if (e->flags & EF_CAGED) /* a specimen locker's cage, under its item (R-LOCKER-6) */
                atlas_draw_shaded(atlas, renderer,
                                  (e->flags & EF_CAGE_SHUT) ? SPRITE_CAGE_SHUT : SPRITE_CAGE,
                                  area.x + col * tile, area.y + row * tile, tile,
                                  pass == LIGHT_VISIBLE ? ATLAS_LIT : ATLAS_DIM, false);
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
static void draw_memory_cells(SDL_Renderer *renderer, const Atlas *atlas, const Game *game,
                              const Camera *cam, SDL_Rect area, int tile, const uint8_t *dirty)
{
    enum { MARKS = FLOOR_MEMORY_ITEMS };
    MemoryMark marks[MARKS];
    SDL_Point at;
    SDL_RenderSetClipRect(renderer, &area);
    int n = game_remembered_items(game, marks, MARKS);
    for (int i = 0; i < n; i++)
        if (on_camera(cam, area, tile, marks[i].x, marks[i].y, &at) &&
            wanted(dirty, cam, marks[i].x - cam->x, marks[i].y - cam->y))
            atlas_draw_shaded(atlas, renderer, marks[i].sprite, at.x, at.y, tile, ATLAS_DIM, false);
    n = game_lost_mice(game, marks, MARKS);
    for (int i = 0; i < n; i++) {
        if (!on_camera(cam, area, tile, marks[i].x, marks[i].y, &at) ||
            !wanted(dirty, cam, marks[i].x - cam->x, marks[i].y - cam->y))
            continue;
        int small = tile * 3 / 4, inset = (tile - small) / 2;
        atlas_draw_shaded(atlas, renderer, marks[i].sprite, at.x + inset, at.y + inset, small,
                          ATLAS_DIM, false);
        atlas_draw_shaded(atlas, renderer, SPRITE_CURSOR, at.x, at.y, tile, ATLAS_DIM, false);
    }
    SDL_RenderSetClipRect(renderer, NULL);
}

void draw_memory(SDL_Renderer *renderer, const Atlas *atlas, const Game *game, const Camera *cam,
                 SDL_Rect area, int tile)
{
    draw_memory_cells(renderer, atlas, game, cam, area, tile, NULL);
}

/* draw_map's passes over the cells `dirty` marks (all of them when NULL). */
static void draw_passes(SDL_Renderer *renderer, const Atlas *atlas, const Floor *floor,
                        const WallMask *walls, const Camera *cam, SDL_Rect area, int tile,
                        Sight sight, const uint8_t *dirty)
{
    SDL_RenderSetClipRect(renderer, &area);
    /* Remembered cells first, dimmed (the atlas's ATLAS_DIM sheets, tinted beforehand), then
     * what is in view at full light. */
    draw_cells(renderer, atlas, floor, walls, cam, area, tile, sight, LIGHT_REMEMBERED, dirty);
    draw_entities(renderer, atlas, floor, cam, area, tile, sight, LIGHT_REMEMBERED, dirty);
    draw_cells(renderer, atlas, floor, walls, cam, area, tile, sight, LIGHT_VISIBLE, dirty);
    draw_entities(renderer, atlas, floor, cam, area, tile, sight, LIGHT_VISIBLE, dirty);
    SDL_RenderSetClipRect(renderer, NULL);
}

void draw_map(SDL_Renderer *renderer, const Atlas *atlas, const Floor *floor, const Camera *cam,
              SDL_Rect area, int tile, Sight sight)
{
    WallMask walls;
    if (!wall_mask_build(&walls, floor, sight))
        return; /* out of memory: this frame stays as it was */
    draw_passes(renderer, atlas, floor, &walls, cam, area, tile, sight, NULL);
    free(walls.look);
}

static Sight sight_of(const Game *game)
{
    return (Sight){game_visible_cells(game), game->floors[game->current]->seen,
                   game->vials.radar > 0};
}

void draw_map_dirty(SDL_Renderer *renderer, const Atlas *atlas, const Game *game, const Camera *cam,
                    SDL_Rect area, int tile, const uint8_t *dirty)
{
    const Floor *floor = game->floors[game->current];
    Sight sight = sight_of(game);
    WallMask walls;
    if (!wall_mask_build(&walls, floor, sight))
        return;
    SDL_RenderSetClipRect(renderer, &area);
    SDL_SetRenderDrawColor(renderer, 0, 0, 0, 255);
    for (int row = 0; row <= cam->rows; row++)
        for (int col = 0; col <= cam->cols; col++)
            if (wanted(dirty, cam, col, row))
                SDL_RenderFillRect(
                    renderer, &(SDL_Rect){area.x + col * tile, area.y + row * tile, tile, tile});
    draw_passes(renderer, atlas, floor, &walls, cam, area, tile, sight, dirty);
    draw_memory_cells(renderer, atlas, game, cam, area, tile, dirty);
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

static uint32_t mix(uint32_t h, uint32_t v)
{
    return (h ^ v) * 16777619u;
}

/* Folds into each cell's signature what draw_entities draws on it, in its order. */
static void sign_entities(const Floor *floor, const Camera *cam, Sight sight, uint32_t *sig)
{
    for (int pass = LIGHT_REMEMBERED; pass <= LIGHT_VISIBLE; pass++)
        for (int layer = 0; layer <= 3; layer++)
            for (const Entity *e = floor->entities.head; e; e = e->next) {
                int col, row;
                if (draw_order(e) == layer &&
                    entity_drawn(floor, cam, sight, e, (Light)pass, &col, &row)) {
                    uint32_t *h = &sig[row * (cam->cols + 1) + col];
                    *h = mix(mix(*h, (uint32_t)entity_sprite(e)), (uint32_t)pass);
                }
            }
}

/* Folds in what draw_memory draws on each cell: a remembered item, or a lost mouse's mark. */
static void sign_memory(const Game *game, const Camera *cam, uint32_t *sig)
{
    enum { MARKS = FLOOR_MEMORY_ITEMS };
    MemoryMark marks[MARKS];
    for (int kind = 0; kind < 2; kind++) {
        int n = kind == 0 ? game_remembered_items(game, marks, MARKS)
                          : game_lost_mice(game, marks, MARKS);
        for (int i = 0; i < n; i++) {
            int col = marks[i].x - cam->x, row = marks[i].y - cam->y;
            if (col >= 0 && row >= 0 && col <= cam->cols && row <= cam->rows) {
                uint32_t *h = &sig[row * (cam->cols + 1) + col];
                *h = mix(mix(*h, (uint32_t)marks[i].sprite), 0x100u + (uint32_t)kind);
            }
        }
    }
}

bool draw_map_signatures(const Game *game, const Camera *cam, uint32_t *sig)
{
    const Floor *floor = game->floors[game->current];
    Sight sight = sight_of(game);
    WallMask walls;
    if (!wall_mask_build(&walls, floor, sight))
        return false;
    for (int row = 0; row <= cam->rows; row++)
        for (int col = 0; col <= cam->cols; col++) {
            int x = cam->x + col, y = cam->y + row;
            uint32_t h = 2166136261u;
            if (map_in_bounds(&floor->map, x, y)) {
                h = mix(h, (uint32_t)light_at(floor, sight, x, y));
                SpriteId parts[WALL_TILES_MAX];
                int n = cell_sprites(floor, &walls, x, y, parts);
                for (int i = 0; i < n; i++)
                    h = mix(h, (uint32_t)parts[i]);
            }
            sig[row * (cam->cols + 1) + col] = h;
        }
    sign_entities(floor, cam, sight, sig);
    sign_memory(game, cam, sig);
    free(walls.look);
    return true;
}
