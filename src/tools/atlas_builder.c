/* atlas_builder: turns the text pixel maps of gfx/ into the game's atlas PNG and its index.
 *
 *   atlas_builder [--contrast PALETTE2 OUT_PNG2] PALETTE OUT_PNG OUT_JSON SPRITE_FILE...
 *
 * PALETTE lines:  <char> #RRGGBB <name>        ('.' is always transparent)
 * With --contrast, every sprite is drawn a second time with PALETTE2's colours into OUT_PNG2, at
 * the same place, so one index serves both images ("image" and "image_contrast" name them).
 * PALETTE2 must define exactly the characters PALETTE defines.
 *
 * SPRITE_FILE directives:
 *   sprite <name>             followed by 16 rows of 16 palette characters
 *   mirror <new> <existing>   a left-right mirrored copy
 *   picture <prefix> <cols> <rows>
 *                             followed by rows*16 lines of cols*16 characters: a bigger picture,
 *                             cut into sprites <prefix>_0, <prefix>_1, ... left to right, then
 *                             top to bottom
 *   autotile <prefix> <rim> <sides>
 *                             the variants of a tile that joins its neighbours. <sides> lists some
 *                             of N E S W (e.g. NESW, EW). Variant <prefix>_<bits> (N=1 E=2 S=4
 *                             W=8) is the tile whose neighbours on the sides in <bits> continue
 *                             it. Two variants are drawn by hand above the directive: <prefix>_0
 *                             (no side joined: a rim <rim> pixels wide on every listed side) and
 *                             the one with every listed side joined; the directive composes the
 *                             others. A pixel within <rim> of an open side comes from _0, every
 *                             other pixel from the joined tile. Where an open side's rim runs past
 *                             a joined side, it is continued from the middle of _0, so a rim
 *                             should look the same all along its side.
 *   small <name> <size>       followed by <size> rows of <size> characters: a hand-drawn mini
 *                             tile (size 12 or 8) of a sprite defined above, used instead of
 *                             the one shrunk from its 16-pixel drawing
 * Every sprite also gets a 12- and an 8-pixel tile, shrunk from its 16 pixels (see shrink) unless
 * drawn with `small`. The image holds the 16-pixel grid (ATLAS_COLUMNS across), then below it
 * the same grid of 12-pixel tiles, then of 8-pixel tiles. OUT_JSON:
 *   {"image": "atlas.png", "image_contrast": "atlas_contrast.png", "sprite_size": 16,
 *    "sprites": {"<name>": [x, y, 16, 16], ...},
 *    "sprites_12": {"<name>": [x, y, 12, 12], ...}, "sprites_8": {"<name>": [x, y, 8, 8], ...}}
 * Lines starting with "# " and blank lines between directives are ignored. Any other line is an
 * error naming the file and line. Every sprite the game names (core/sprite_ids.h) must exist.
 *
 *   atlas_builder --icon SPRITE SIZE OUT_PNG PALETTE SPRITE_FILE...
 *
 * draws one sprite alone, SIZE pixels square (a multiple of 16, each pixel a SIZE/16 square so
 * the pixel art stays sharp), for the desktop's icon themes. */
#include <SDL.h>
#include <SDL_image.h>
#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tools/atlas_builder.h"

static int block_top(const Builder *b, int block)
{
    int rows = (b->count + ATLAS_COLUMNS - 1) / ATLAS_COLUMNS, top = 0;
    for (int i = 0; i < block; i++)
        top += rows * (i == 0 ? SPRITE_SIZE : mini_sizes[i - 1]);
    return top;
}

static int block_size(int block)
{
    return block == 0 ? SPRITE_SIZE : mini_sizes[block - 1];
}

/* The palette character at (x, y) of the sprite's tile in `block`. A mini is at most MINI_MAX
 * square; the explicit bound lets the compiler see that its rows and columns are never passed
 * (gcc 14 otherwise warns that a 16-pixel loop may reach them). */
static unsigned char pixel_of(const Pixmap *p, int block, int x, int y)
{
    if (block == 0)
        return p->px[y][x];
    return x < MINI_MAX && y < MINI_MAX ? p->mini[block - 1][y][x] : '.';
}

static void write_png(const Builder *b, const Palette *pal, const char *path)
{
    SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(
        0, ATLAS_COLUMNS * SPRITE_SIZE, block_top(b, 1 + MINI_COUNT), 32, SDL_PIXELFORMAT_RGBA32);
    if (!s)
        die("cannot allocate the atlas: %s", SDL_GetError());
    SDL_FillRect(s, NULL, SDL_MapRGBA(s->format, 0, 0, 0, 0));
    for (int block = 0; block <= MINI_COUNT; block++) {
        int size = block_size(block);
        for (int i = 0; i < b->count; i++) {
            int ox = (i % ATLAS_COLUMNS) * size,
                oy = block_top(b, block) + (i / ATLAS_COLUMNS) * size;
            for (int y = 0; y < size; y++) {
                Uint32 *row = (Uint32 *)((Uint8 *)s->pixels + (oy + y) * s->pitch);
                for (int x = 0; x < size; x++)
                    row[ox + x] = pal->colour[pixel_of(&b->sprites[i], block, x, y)];
            }
        }
    }
    if (IMG_SavePNG(s, path) != 0)
        die("%s: cannot write: %s", path, IMG_GetError());
    SDL_FreeSurface(s);
}

static const char *base_name(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

static void write_index(const Builder *b, const char *png_path, const char *contrast_png_path,
                        const char *path)
{
    cJSON *root = cJSON_CreateObject();
    cJSON_AddStringToObject(root, "image", base_name(png_path));
    if (contrast_png_path)
        cJSON_AddStringToObject(root, "image_contrast", base_name(contrast_png_path));
    cJSON_AddNumberToObject(root, "sprite_size", SPRITE_SIZE);
    for (int block = 0; block <= MINI_COUNT; block++) {
        int size = block_size(block);
        char key[32];
        snprintf(key, sizeof key, block == 0 ? "sprites" : "sprites_%d", size);
        cJSON *sprites = cJSON_AddObjectToObject(root, key);
        for (int i = 0; i < b->count; i++) {
            int rect[4] = {(i % ATLAS_COLUMNS) * size,
                           block_top(b, block) + (i / ATLAS_COLUMNS) * size, size, size};
            cJSON_AddItemToObject(sprites, b->sprites[i].name, cJSON_CreateIntArray(rect, 4));
        }
    }
    char *text = cJSON_Print(root);
    FILE *f = fopen(path, "w");
    if (!f || !text || fputs(text, f) < 0 || fputc('\n', f) == EOF || fclose(f) != 0)
        die("%s: cannot write", path);
    cJSON_free(text);
    cJSON_Delete(root);
}

/* The icon: one sprite, each pixel drawn as a scale x scale square. */
static void write_icon(Builder *b, const char *name, const char *size_text, const char *path)
{
    char *end = NULL;
    long size = strtol(size_text, &end, 10);
    if (!end || *end || size < SPRITE_SIZE || size > 16 * SPRITE_SIZE || size % SPRITE_SIZE)
        die("--icon: the size must be a multiple of %d from %d to %d, not '%s'", SPRITE_SIZE,
            SPRITE_SIZE, 16 * SPRITE_SIZE, size_text);
    const Pixmap *p = find_sprite(b, name);
    if (!p)
        die("--icon: no sprite '%s' in the sprite files", name);
    int scale = (int)size / SPRITE_SIZE;
    SDL_Surface *s =
        SDL_CreateRGBSurfaceWithFormat(0, (int)size, (int)size, 32, SDL_PIXELFORMAT_RGBA32);
    if (!s)
        die("cannot allocate the icon: %s", SDL_GetError());
    for (int y = 0; y < (int)size; y++) {
        Uint32 *row = (Uint32 *)((Uint8 *)s->pixels + y * s->pitch);
        for (int x = 0; x < (int)size; x++)
            row[x] = b->palettes[0].colour[p->px[y / scale][x / scale]];
    }
    if (IMG_SavePNG(s, path) != 0)
        die("%s: cannot write: %s", path, IMG_GetError());
    SDL_FreeSurface(s);
}

/* The builder with its palette (and the high-contrast one, which must define the same
 * characters) and every sprite file read. */
static void builder_load(Builder *b, const char *palette, const char *contrast_palette,
                         char **files, int count)
{
    b->format = SDL_AllocFormat(SDL_PIXELFORMAT_RGBA32);
    if (!b->format)
        die("cannot allocate a pixel format: %s", SDL_GetError());
    read_palette(b, &b->palettes[b->palette_count++], palette);
    if (contrast_palette) {
        read_palette(b, &b->palettes[b->palette_count++], contrast_palette);
        check_palettes_match(&b->palettes[0], &b->palettes[1]);
    }
    for (int i = 0; i < count; i++)
        read_sprites(b, files[i]);
}

static int icon_main(int argc, char **argv)
{
    if (argc < 7)
        die("usage: atlas_builder --icon SPRITE SIZE OUT_PNG PALETTE SPRITE_FILE...");
    static Builder b;
    builder_load(&b, argv[5], NULL, argv + 6, argc - 6);
    write_icon(&b, argv[2], argv[3], argv[4]);
    SDL_FreeFormat(b.format);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc > 1 && strcmp(argv[1], "--icon") == 0)
        return icon_main(argc, argv);
    const char *usage = "usage: atlas_builder [--contrast PALETTE2 OUT_PNG2] PALETTE OUT_PNG "
                        "OUT_JSON SPRITE_FILE...";
    const char *contrast_palette = NULL, *contrast_png = NULL;
    int arg = 1;
    if (argc > 1 && strcmp(argv[1], "--contrast") == 0) {
        if (argc < 4)
            die("%s", usage);
        contrast_palette = argv[2];
        contrast_png = argv[3];
        arg = 4;
    }
    if (argc - arg < 4)
        die("%s", usage);
    static Builder b;
    builder_load(&b, argv[arg], contrast_palette, argv + arg + 3, argc - arg - 3);
    for (int id = 0; id < SPRITE_COUNT; id++)
        if (!find_sprite(&b, sprite_name((SpriteId)id)))
            die("the game needs sprite '%s', which no file in gfx/sprites defines",
                sprite_name((SpriteId)id));
    for (int i = 0; i < b.count; i++)
        for (int m = 0; m < MINI_COUNT; m++)
            shrink(&b.palettes[0], &b.sprites[i], m);
    write_png(&b, &b.palettes[0], argv[arg + 1]);
    if (contrast_png)
        write_png(&b, &b.palettes[1], contrast_png);
    write_index(&b, argv[arg + 1], contrast_png, argv[arg + 2]);
    SDL_FreeFormat(b.format);
    return 0;
}
