/* atlas_builder: turns the text pixel maps of gfx/ into the game's one atlas PNG and its index.
 *
 *   atlas_builder PALETTE OUT_PNG OUT_JSON SPRITE_FILE...
 *
 * PALETTE lines:  <char> #RRGGBB <name>        ('.' is always transparent)
 * SPRITE_FILE:    sprite <name>  followed by 16 rows of 16 palette characters
 *                 mirror <new> <existing>      a left-right mirrored copy
 * Lines starting with "# " and blank lines between sprites are ignored. Any other line is an
 * error naming the file and line. Every sprite the game names (core/sprite_ids.h) must exist. */
#include <SDL.h>
#include <SDL_image.h>
#include <cjson/cJSON.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/sprite_ids.h"

enum { MAX_SPRITES = 256, NAME_MAX = 64, ATLAS_COLUMNS = 16 };

typedef struct Pixmap {
    char name[NAME_MAX];
    Uint32 pixels[SPRITE_SIZE][SPRITE_SIZE]; /* RGBA, packed as SDL_PIXELFORMAT_RGBA32 */
} Pixmap;

typedef struct Builder {
    Uint32 palette[256];
    bool defined[256];
    Pixmap sprites[MAX_SPRITES];
    int count;
    SDL_PixelFormat *format;
} Builder;

static void die(const char *fmt, ...)
{
    va_list args;
    va_start(args, fmt);
    fputs("atlas_builder: ", stderr);
    vfprintf(stderr, fmt, args);
    fputc('\n', stderr);
    va_end(args);
    exit(1);
}

static void chomp(char *line)
{
    size_t n = strlen(line);
    while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == '\r'))
        line[--n] = '\0';
}

static bool is_skippable(const char *line)
{
    return line[0] == '\0' || (line[0] == '#' && (line[1] == ' ' || line[1] == '\0'));
}

static void read_palette(Builder *b, const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f)
        die("%s: cannot open the palette", path);
    char line[256];
    int lineno = 0;
    b->defined['.'] = true;
    b->palette['.'] = SDL_MapRGBA(b->format, 0, 0, 0, 0);
    while (fgets(line, sizeof line, f)) {
        lineno++;
        chomp(line);
        if (is_skippable(line))
            continue;
        unsigned char c = (unsigned char)line[0];
        unsigned r, g, bl;
        if (c <= ' ' || c == '.' || c == '#' || c > '~' || line[1] != ' ' ||
            sscanf(line + 2, "#%2x%2x%2x", &r, &g, &bl) != 3)
            die("%s:%d: expected '<char> #RRGGBB <name>', got '%s'", path, lineno, line);
        if (b->defined[c])
            die("%s:%d: colour '%c' defined twice", path, lineno, c);
        b->defined[c] = true;
        b->palette[c] = SDL_MapRGBA(b->format, (Uint8)r, (Uint8)g, (Uint8)bl, 255);
    }
    fclose(f);
}

static Pixmap *find_sprite(Builder *b, const char *name)
{
    for (int i = 0; i < b->count; i++)
        if (strcmp(b->sprites[i].name, name) == 0)
            return &b->sprites[i];
    return NULL;
}

static Pixmap *new_sprite(Builder *b, const char *name, const char *path, int lineno)
{
    if (strlen(name) == 0 || strlen(name) >= NAME_MAX)
        die("%s:%d: bad sprite name '%s'", path, lineno, name);
    if (find_sprite(b, name))
        die("%s:%d: sprite '%s' defined twice", path, lineno, name);
    if (b->count == MAX_SPRITES)
        die("%s:%d: more than %d sprites", path, lineno, MAX_SPRITES);
    Pixmap *p = &b->sprites[b->count++];
    snprintf(p->name, sizeof p->name, "%s", name);
    return p;
}

static void read_rows(Builder *b, FILE *f, Pixmap *p, const char *path, int *lineno)
{
    char line[256];
    for (int y = 0; y < SPRITE_SIZE; y++) {
        if (!fgets(line, sizeof line, f))
            die("%s:%d: sprite '%s' ends after %d of %d rows", path, *lineno, p->name, y,
                SPRITE_SIZE);
        ++*lineno;
        chomp(line);
        if ((int)strlen(line) != SPRITE_SIZE)
            die("%s:%d: sprite '%s' row %d has %zu characters, needs %d", path, *lineno, p->name,
                y + 1, strlen(line), SPRITE_SIZE);
        for (int x = 0; x < SPRITE_SIZE; x++) {
            unsigned char c = (unsigned char)line[x];
            if (!b->defined[c])
                die("%s:%d: sprite '%s' uses '%c', which the palette does not define", path,
                    *lineno, p->name, c);
            p->pixels[y][x] = b->palette[c];
        }
    }
}

static void read_sprites(Builder *b, const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f)
        die("%s: cannot open", path);
    char line[256];
    int lineno = 0;
    while (fgets(line, sizeof line, f)) {
        lineno++;
        chomp(line);
        char name[NAME_MAX + 1] = "", source[NAME_MAX + 1] = "";
        if (is_skippable(line))
            continue;
        if (sscanf(line, "sprite %64s", name) == 1) {
            read_rows(b, f, new_sprite(b, name, path, lineno), path, &lineno);
        } else if (sscanf(line, "mirror %64s %64s", name, source) == 2) {
            Pixmap *src = find_sprite(b, source);
            if (!src)
                die("%s:%d: mirror of unknown sprite '%s'", path, lineno, source);
            Pixmap copy = *src;
            Pixmap *p = new_sprite(b, name, path, lineno);
            for (int y = 0; y < SPRITE_SIZE; y++)
                for (int x = 0; x < SPRITE_SIZE; x++)
                    p->pixels[y][x] = copy.pixels[y][SPRITE_SIZE - 1 - x];
        } else {
            die("%s:%d: expected 'sprite <name>' or 'mirror <new> <existing>', got '%s'", path,
                lineno, line);
        }
    }
    fclose(f);
}

static void write_png(const Builder *b, const char *path)
{
    int rows = (b->count + ATLAS_COLUMNS - 1) / ATLAS_COLUMNS;
    SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(0, ATLAS_COLUMNS * SPRITE_SIZE,
                                                    rows * SPRITE_SIZE, 32, SDL_PIXELFORMAT_RGBA32);
    if (!s)
        die("cannot allocate the atlas: %s", SDL_GetError());
    SDL_FillRect(s, NULL, SDL_MapRGBA(s->format, 0, 0, 0, 0));
    for (int i = 0; i < b->count; i++) {
        int ox = (i % ATLAS_COLUMNS) * SPRITE_SIZE, oy = (i / ATLAS_COLUMNS) * SPRITE_SIZE;
        for (int y = 0; y < SPRITE_SIZE; y++) {
            Uint32 *row = (Uint32 *)((Uint8 *)s->pixels + (oy + y) * s->pitch);
            memcpy(row + ox, b->sprites[i].pixels[y], sizeof b->sprites[i].pixels[y]);
        }
    }
    if (IMG_SavePNG(s, path) != 0)
        die("%s: cannot write: %s", path, IMG_GetError());
    SDL_FreeSurface(s);
}

static void write_index(const Builder *b, const char *png_path, const char *path)
{
    const char *image = strrchr(png_path, '/');
    image = image ? image + 1 : png_path;
    cJSON *root = cJSON_CreateObject();
    cJSON_AddStringToObject(root, "image", image);
    cJSON_AddNumberToObject(root, "sprite_size", SPRITE_SIZE);
    cJSON *sprites = cJSON_AddObjectToObject(root, "sprites");
    for (int i = 0; i < b->count; i++) {
        int rect[4] = {(i % ATLAS_COLUMNS) * SPRITE_SIZE, (i / ATLAS_COLUMNS) * SPRITE_SIZE,
                       SPRITE_SIZE, SPRITE_SIZE};
        cJSON_AddItemToObject(sprites, b->sprites[i].name, cJSON_CreateIntArray(rect, 4));
    }
    char *text = cJSON_Print(root);
    FILE *f = fopen(path, "w");
    if (!f || !text || fputs(text, f) < 0 || fputc('\n', f) == EOF || fclose(f) != 0)
        die("%s: cannot write", path);
    cJSON_free(text);
    cJSON_Delete(root);
}

int main(int argc, char **argv)
{
    if (argc < 5)
        die("usage: atlas_builder PALETTE OUT_PNG OUT_JSON SPRITE_FILE...");
    static Builder b;
    b.format = SDL_AllocFormat(SDL_PIXELFORMAT_RGBA32);
    if (!b.format)
        die("cannot allocate a pixel format: %s", SDL_GetError());
    read_palette(&b, argv[1]);
    for (int i = 4; i < argc; i++)
        read_sprites(&b, argv[i]);
    for (int id = 0; id < SPRITE_COUNT; id++)
        if (!find_sprite(&b, sprite_name((SpriteId)id)))
            die("the game needs sprite '%s', which no file in gfx/sprites defines",
                sprite_name((SpriteId)id));
    write_png(&b, argv[2]);
    write_index(&b, argv[2], argv[3]);
    SDL_FreeFormat(b.format);
    return 0;
}
