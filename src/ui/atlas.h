/* The sprite atlas: one texture holding every sprite, and where each one is in it. */
#ifndef MK_ATLAS_H
#define MK_ATLAS_H

#include <SDL.h>
#include <stdbool.h>

#include "core/sprite_ids.h"

/* The drawings in the image: every sprite at 16 pixels ("sprites" in atlas.json), 12
 * ("sprites_12") and 8 ("sprites_8"). */
enum { ATLAS_SOURCES = 3 };
extern const int atlas_source_sizes[ATLAS_SOURCES]; /* 16, 12, 8 */

/* The tile sizes, in physical pixels, that have a sheet: a sprite drawn at one of them is a
 * 1:1 copy. 16*k is the 16-pixel drawing scaled by k, 12*k the 12-pixel one, 8 the 8-pixel
 * one; a size in two families comes from the 16s. */
enum { ATLAS_SHEETS = 8, ATLAS_SHEET_MAX = 64 };
extern const int atlas_sheet_tiles[ATLAS_SHEETS]; /* 8, 12, 16, 24, 32, 36, 48, 64 */

/* How a map cell is lit: in view, or remembered (dimmed by the atlas's dim colour). */
typedef enum AtlasShade { ATLAS_LIT, ATLAS_DIM, ATLAS_SHADES } AtlasShade;

typedef struct AtlasSheet {
    int tile;   /* pixels per sprite */
    int source; /* which drawing it is scaled from (an index of atlas_source_sizes) */
    SDL_Texture *texture;
    /* The sheet as each shade draws it, already tinted, so no copy is colour-modulated:
     * shaded[shade][0] is RGBA32 and blended (shaded[ATLAS_LIT][0] is `texture`),
     * shaded[shade][1] the same pixels in RGB888 unblended, for the opaque sprites: the
     * software renderer copies those rows straight into an RGB888 target. */
    SDL_Texture *shaded[ATLAS_SHADES][2];
    SDL_Rect rects[SPRITE_COUNT];
    bool opaque[SPRITE_COUNT]; /* as Atlas.opaque, for this sheet alone */
} AtlasSheet;

typedef struct Atlas {
    SDL_Texture *texture;         /* the 16-pixel sheet (also in sheets[]) */
    SDL_Surface *icon;            /* the window icon, cut from the atlas */
    SDL_Rect rects[SPRITE_COUNT]; /* in `texture` */
    bool high_contrast; /* drawn with gfx/palette_contrast.txt; draw_map dims memory less */
    SDL_Color dim;      /* the colour modulation of ATLAS_DIM */
    /* Every pixel of the sprite is fully opaque in every sheet: it may be drawn without
     * blending, whatever the size, which the software renderer does several times faster
     * (draw_map does so for the cells). */
    bool opaque[SPRITE_COUNT];
    AtlasSheet sheets[ATLAS_SHEETS]; /* in the order of atlas_sheet_tiles */
} Atlas;

/* Reads the text of data/atlas.json (written by src/tools/atlas_builder.c):
 *   {"image": "atlas.png", "image_contrast": "atlas_contrast.png",
 *    "sprites": {"<name>": [x, y, 16, 16], ...},
 *    "sprites_12": {"<name>": [x, y, 12, 12], ...}, "sprites_8": {"<name>": [x, y, 8, 8], ...}}
 * rects[s] gets the rectangle of every sprite's drawing at atlas_source_sizes[s], each exactly
 * that size square, and image the file name of the image ("image", or "image_contrast" when
 * high_contrast is set). On failure err says in one line what is wrong, without a file name;
 * the rectangles may then be partly written. */
bool atlas_index_parse(const char *text, size_t len, bool high_contrast,
                       SDL_Rect rects[ATLAS_SOURCES][SPRITE_COUNT], char *image, size_t image_size,
                       char *err, size_t err_size);
/* Loads <assets>/data/atlas.json and the PNG it names ("image"). On failure err names the file
 * and what is wrong, and nothing is left allocated. */
bool atlas_load(Atlas *atlas, SDL_Renderer *renderer, const char *assets, char *err,
                size_t err_size);
/* The same, with the high-contrast image ("image_contrast": same sprites, same places, the
 * colours of gfx/palette_contrast.txt) when high_contrast is set. */
bool atlas_load_variant(Atlas *atlas, SDL_Renderer *renderer, const char *assets,
                        bool high_contrast, char *err, size_t err_size);
/* Switches a loaded atlas to the normal or high-contrast image, at run time. Does nothing when
 * it already shows that one; on failure it keeps what it had and err says why. */
bool atlas_set_contrast(Atlas *atlas, SDL_Renderer *renderer, const char *assets,
                        bool high_contrast, char *err, size_t err_size);
void atlas_free(Atlas *atlas);

/* Draws a sprite with its top-left corner at (x, y), `size` pixels square, in the renderer's
 * current coordinates. When size times the render scale is a sheet's tile (atlas_tile_sharp)
 * the copy comes from that sheet, 1:1 in physical pixels; any other size is scaled from the
 * 16-pixel sheet (correct, slower, and not sharp). */
void atlas_draw(const Atlas *atlas, SDL_Renderer *renderer, SpriteId id, int x, int y, int size);
/* As atlas_draw, in a shade: the very pixels atlas_draw gives with the colour modulation
 * of the shade (white, or Atlas.dim) and, when `unblended`, with blending off; `unblended`
 * is for sprites the atlas marks opaque. */
void atlas_draw_shaded(const Atlas *atlas, SDL_Renderer *renderer, SpriteId id, int x, int y,
                       int size, AtlasShade shade, bool unblended);
/* Whether a sprite `tile` physical pixels square has a sheet: drawn 1:1, sharp and fast. */
bool atlas_tile_sharp(int tile);
/* Colour modulation and blend mode of every sheet at once (what SDL_SetTextureColorMod and
 * SDL_SetTextureBlendMode do to one texture). */
void atlas_set_color_mod(const Atlas *atlas, Uint8 r, Uint8 g, Uint8 b);
void atlas_set_blend_mode(const Atlas *atlas, SDL_BlendMode mode);

#endif
