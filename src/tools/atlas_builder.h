/* What the two files of atlas_builder share: the sprites as read from gfx/ (atlas_sources.c:
 * palettes, sprite files, composed tiles, the 12- and 8-pixel minis) and the builder that lays
 * them out and writes the atlas, its index and the icons (atlas_builder.c). */
#ifndef MK_ATLAS_BUILDER_H
#define MK_ATLAS_BUILDER_H

#include <SDL.h>
#include <stdbool.h>

#include "core/sprite_ids.h"
#include "tools/tool_die.h"

enum {
    MAX_SPRITES = 256,
    NAME_MAX = 64,
    ATLAS_COLUMNS = 16,
    PICTURE_MAX = 16, /* tiles across and down in one picture */
    LINE_LEN = PICTURE_MAX * SPRITE_SIZE + 64,
    MINI_COUNT = 2, /* the 12 and 8 pixel tiles */
    MINI_MAX = 12
};

/* The smaller drawings of every sprite, written below the 16-pixel ones (see write_index). */
extern const int mini_sizes[MINI_COUNT];

/* A sprite as palette characters, so it can be drawn with either palette; with its mini tiles
 * (mini[m] is mini_sizes[m] pixels square, in its top-left corner), shrunk from px or drawn by
 * hand (mini_drawn). */
typedef struct Pixmap {
    char name[NAME_MAX];
    unsigned char px[SPRITE_SIZE][SPRITE_SIZE];
    unsigned char mini[MINI_COUNT][MINI_MAX][MINI_MAX];
    bool mini_drawn[MINI_COUNT];
} Pixmap;

typedef struct Palette {
    const char *path;
    Uint32 colour[256]; /* RGBA, packed as SDL_PIXELFORMAT_RGBA32 */
    Uint8 rgb[256][3];
    bool defined[256];
} Palette;

typedef struct Builder {
    Palette palettes[2]; /* the normal one, then the high-contrast one when asked for */
    int palette_count;
    Pixmap sprites[MAX_SPRITES];
    int count;
    SDL_PixelFormat *format;
} Builder;

/* Says what is wrong on stderr ("atlas_builder: ...") and exits 1. */
#define die(...) tool_die("atlas_builder", __VA_ARGS__)

/* Reads a palette file into pal. */
void read_palette(Builder *b, Palette *pal, const char *path);
/* Dies unless the two palettes define the same characters. */
void check_palettes_match(const Palette *a, const Palette *b);
/* Reads one sprite file's directives into the builder. */
void read_sprites(Builder *b, const char *path);
/* The sprite of that name, or NULL. */
Pixmap *find_sprite(Builder *b, const char *name);
/* Mini tile m of p shrunk from its 16 pixels, unless it was drawn by hand. */
void shrink(const Palette *pal, Pixmap *p, int m);

#endif
