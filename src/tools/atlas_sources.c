/* atlas_builder's reading of gfx/: palettes, the sprite files' directives, composed tiles and
 * the 12- and 8-pixel minis (see atlas_builder.c for the formats). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tools/atlas_builder.h"

const int mini_sizes[MINI_COUNT] = {12, 8};

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

void read_palette(Builder *b, Palette *pal, const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f)
        die("%s: cannot open the palette", path);
    char line[256];
    int lineno = 0;
    pal->path = path;
    pal->defined['.'] = true;
    pal->colour['.'] = SDL_MapRGBA(b->format, 0, 0, 0, 0);
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
        if (pal->defined[c])
            die("%s:%d: colour '%c' defined twice", path, lineno, c);
        pal->defined[c] = true;
        pal->colour[c] = SDL_MapRGBA(b->format, (Uint8)r, (Uint8)g, (Uint8)bl, 255);
        pal->rgb[c][0] = (Uint8)r;
        pal->rgb[c][1] = (Uint8)g;
        pal->rgb[c][2] = (Uint8)bl;
    }
    fclose(f);
}

/* The second palette recolours the same drawings: it must name the same characters. */
void check_palettes_match(const Palette *a, const Palette *b)
{
    for (int c = 0; c < 256; c++) {
        if (a->defined[c] && !b->defined[c])
            die("%s: colour '%c' of %s is missing", b->path, c, a->path);
        if (b->defined[c] && !a->defined[c])
            die("%s: colour '%c' is not in %s", b->path, c, a->path);
    }
}

Pixmap *find_sprite(Builder *b, const char *name)
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

/* Reads one line of pixels, `width` palette characters, into `out`. `what` names the sprite or
 * picture for the error messages. */
static void read_pixel_row(Builder *b, FILE *f, unsigned char *out, int width, const char *what,
                           int row, int rows, const char *path, int *lineno)
{
    char line[LINE_LEN];
    if (!fgets(line, sizeof line, f))
        die("%s:%d: %s ends after %d of %d rows", path, *lineno, what, row, rows);
    ++*lineno;
    chomp(line);
    if ((int)strlen(line) != width)
        die("%s:%d: %s row %d has %zu characters, needs %d", path, *lineno, what, row + 1,
            strlen(line), width);
    for (int x = 0; x < width; x++) {
        unsigned char c = (unsigned char)line[x];
        if (!b->palettes[0].defined[c])
            die("%s:%d: %s uses '%c', which the palette does not define", path, *lineno, what, c);
        out[x] = c;
    }
}

static void read_rows(Builder *b, FILE *f, Pixmap *p, const char *path, int *lineno)
{
    char what[NAME_MAX + 16];
    snprintf(what, sizeof what, "sprite '%s'", p->name);
    for (int y = 0; y < SPRITE_SIZE; y++)
        read_pixel_row(b, f, p->px[y], SPRITE_SIZE, what, y, SPRITE_SIZE, path, lineno);
}

static void read_picture(Builder *b, FILE *f, const char *prefix, int cols, int rows,
                         const char *path, int *lineno)
{
    if (cols < 1 || rows < 1 || cols > PICTURE_MAX || rows > PICTURE_MAX)
        die("%s:%d: picture '%s' must be 1..%d tiles across and down, not %dx%d", path, *lineno,
            prefix, PICTURE_MAX, cols, rows);
    Pixmap *tiles[PICTURE_MAX * PICTURE_MAX];
    for (int i = 0; i < cols * rows; i++) {
        char name[NAME_MAX + 8];
        snprintf(name, sizeof name, "%s_%d", prefix, i);
        tiles[i] = new_sprite(b, name, path, *lineno);
    }
    char what[NAME_MAX + 16];
    snprintf(what, sizeof what, "picture '%s'", prefix);
    unsigned char row[PICTURE_MAX * SPRITE_SIZE];
    for (int y = 0; y < rows * SPRITE_SIZE; y++) {
        read_pixel_row(b, f, row, cols * SPRITE_SIZE, what, y, rows * SPRITE_SIZE, path, lineno);
        for (int x = 0; x < cols * SPRITE_SIZE; x++)
            tiles[(y / SPRITE_SIZE) * cols + x / SPRITE_SIZE]
                ->px[y % SPRITE_SIZE][x % SPRITE_SIZE] = row[x];
    }
}

static unsigned side_bits(const char *sides)
{
    unsigned bits = 0;
    for (const char *c = sides; *c; c++) {
        const char *at = strchr("NESW", *c);
        if (!at)
            return 0;
        unsigned bit = 1u << (at - "NESW");
        if (bits & bit)
            return 0;
        bits |= bit;
    }
    return bits;
}

/* Moves a coordinate that lies in the rim of a joined side into the middle of the tile, where
 * the rims of the open sides run undisturbed. */
static int into_middle(int v, int rim)
{
    int mid = SPRITE_SIZE - 2 * rim;
    return rim + ((v - rim) % mid + mid) % mid;
}

static void compose_variant(Pixmap *p, const Pixmap *alone, const Pixmap *joined, int rim,
                            unsigned sides, unsigned bits)
{
    unsigned open = sides & ~bits, shut = sides & bits;
    for (int y = 0; y < SPRITE_SIZE; y++) {
        for (int x = 0; x < SPRITE_SIZE; x++) {
            unsigned near = (y < rim ? 1u : 0u) | (x >= SPRITE_SIZE - rim ? 2u : 0u) |
                            (y >= SPRITE_SIZE - rim ? 4u : 0u) | (x < rim ? 8u : 0u);
            if (!(near & open)) {
                p->px[y][x] = joined->px[y][x];
                continue;
            }
            int sx = (near & shut & (2u | 8u)) ? into_middle(x, rim) : x;
            int sy = (near & shut & (1u | 4u)) ? into_middle(y, rim) : y;
            p->px[y][x] = alone->px[sy][sx];
        }
    }
}

static void autotile(Builder *b, const char *prefix, int rim, const char *side_names,
                     const char *path, int lineno)
{
    unsigned sides = side_bits(side_names);
    if (!sides)
        die("%s:%d: autotile '%s': sides must be some of N E S W once each, not '%s'", path, lineno,
            prefix, side_names);
    if (rim < 1 || rim > SPRITE_SIZE / 2 - 1)
        die("%s:%d: autotile '%s': the rim must be 1..%d pixels, not %d", path, lineno, prefix,
            SPRITE_SIZE / 2 - 1, rim);
    char name[NAME_MAX + 8];
    snprintf(name, sizeof name, "%s_0", prefix);
    const Pixmap *alone = find_sprite(b, name);
    if (!alone)
        die("%s:%d: autotile '%s' needs sprite '%s' (no side joined) drawn above it", path, lineno,
            prefix, name);
    snprintf(name, sizeof name, "%s_%u", prefix, sides);
    const Pixmap *joined = find_sprite(b, name);
    if (!joined)
        die("%s:%d: autotile '%s' needs sprite '%s' (every side joined) drawn above it", path,
            lineno, prefix, name);
    for (unsigned bits = 1; bits < sides; bits++) {
        if (bits & ~sides)
            continue;
        snprintf(name, sizeof name, "%s_%u", prefix, bits);
        compose_variant(new_sprite(b, name, path, lineno), alone, joined, rim, sides, bits);
    }
}

static int mini_index(int size)
{
    for (int m = 0; m < MINI_COUNT; m++)
        if (mini_sizes[m] == size)
            return m;
    return -1;
}

/* How much of 16-pixel row or column `s` lies in row or column `d` of a tile `size` pixels
 * across, in units of 1/(16*size) of the tile: a source pixel spans [s*size, s*size+size),
 * a mini pixel [d*16, d*16+16). */
static int overlap(int s, int d, int size)
{
    int lo = s * size > d * SPRITE_SIZE ? s * size : d * SPRITE_SIZE;
    int hi = (s + 1) * size < (d + 1) * SPRITE_SIZE ? (s + 1) * size : (d + 1) * SPRITE_SIZE;
    return hi > lo ? hi - lo : 0;
}

static int colour_distance(const Uint8 *a, const int *b)
{
    /* "Redmean": weights the channels roughly as the eye does. */
    int dr = a[0] - b[0], dg = a[1] - b[1], db = a[2] - b[2], mean = (a[0] + b[0]) / 2;
    return ((512 + mean) * dr * dr >> 8) + 4 * dg * dg + ((767 - mean) * db * db >> 8);
}

typedef unsigned char Mini[MINI_MAX][MINI_MAX];

/* What a mini tile is made from: how much of each of its pixels each colour covers (a whole
 * pixel weighs SPRITE_SIZE * SPRITE_SIZE), how many pixels of each colour the sprite has and
 * how many mini pixels show each colour. */
typedef struct Coverage {
    int size;
    int cover[MINI_MAX][MINI_MAX][256];
    int count[256];
    int shown[256];
} Coverage;

/* Spreads the 16-pixel sprite's pixel (sx, sy) over the mini pixels it overlaps. */
static void spread(Coverage *c, int sx, int sy, unsigned char colour)
{
    int size = c->size;
    for (int dy = sy * size / SPRITE_SIZE; dy < size && dy <= (sy + 1) * size / SPRITE_SIZE; dy++)
        for (int dx = sx * size / SPRITE_SIZE; dx < size && dx <= (sx + 1) * size / SPRITE_SIZE;
             dx++)
            c->cover[dy][dx][colour] += overlap(sy, dy, size) * overlap(sx, dx, size);
}

static void measure(const Pixmap *p, int size, Coverage *c)
{
    memset(c, 0, sizeof *c);
    c->size = size;
    for (int sy = 0; sy < SPRITE_SIZE; sy++)
        for (int sx = 0; sx < SPRITE_SIZE; sx++) {
            c->count[p->px[sy][sx]]++;
            spread(c, sx, sy, p->px[sy][sx]);
        }
}

/* The colour of the sprite nearest to `mean`. */
static unsigned char nearest(const Palette *pal, const Coverage *c, const int *mean)
{
    unsigned char best = '.';
    int best_d = -1;
    for (int colour = 0; colour < 256; colour++) {
        if (colour == '.' || !c->count[colour])
            continue;
        int d = colour_distance(pal->rgb[colour], mean);
        if (best_d < 0 || d < best_d) {
            best_d = d;
            best = (unsigned char)colour;
        }
    }
    return best;
}

/* A mini pixel covered by w: transparent when less than half of it is opaque, else the
 * sprite's colour nearest to the average of its opaque ones. */
static unsigned char mini_colour(const Palette *pal, const Coverage *c, const int *w)
{
    const int whole = SPRITE_SIZE * SPRITE_SIZE;
    int solid = whole - w['.'];
    if (solid * 2 < whole)
        return '.';
    int mean[3] = {0, 0, 0};
    for (int colour = 0; colour < 256; colour++)
        for (int k = 0; k < 3 && colour != '.' && w[colour]; k++)
            mean[k] += w[colour] * pal->rgb[colour][k];
    for (int k = 0; k < 3; k++)
        mean[k] = (mean[k] + solid / 2) / solid;
    return nearest(pal, c, mean);
}

/* The rarest colour of the sprite that no mini pixel shows and was not tried yet, or -1. */
static int rarest_lost(const Coverage *c, const bool *tried)
{
    int lost = -1;
    for (int colour = 0; colour < 256; colour++)
        if (colour != '.' && c->count[colour] && !c->shown[colour] && !tried[colour] &&
            (lost < 0 || c->count[colour] < c->count[lost]))
            lost = colour;
    return lost;
}

/* Where colour `lost` goes: the mini pixel it covers most, but never one that is the last of
 * its own colour, nor one put back before (fixed). False when it covers none of those. */
static bool spot_for(Mini mini, const Coverage *c, Mini fixed, int lost, int *x, int *y)
{
    int bx = -1, by = -1;
    for (int dy = 0; dy < c->size; dy++)
        for (int dx = 0; dx < c->size; dx++) {
            unsigned char now = mini[dy][dx];
            if (fixed[dy][dx] || (now != '.' && c->shown[now] == 1))
                continue;
            if (bx < 0 || c->cover[dy][dx][lost] > c->cover[by][bx][lost]) {
                bx = dx;
                by = dy;
            }
        }
    *x = bx;
    *y = by;
    return bx >= 0 && c->cover[by][bx][lost] > 0;
}

/* Puts back every colour of the sprite that the averaging lost, rarest first. */
static void restore_lost(Mini mini, Coverage *c)
{
    bool tried[256] = {0};
    Mini fixed = {{0}};
    for (int lost; (lost = rarest_lost(c, tried)) >= 0;) {
        tried[lost] = true;
        int x, y;
        if (!spot_for(mini, c, fixed, lost, &x, &y))
            continue;
        c->shown[mini[y][x]]--;
        mini[y][x] = (unsigned char)lost;
        c->shown[lost]++;
        fixed[y][x] = true;
    }
}

/* Shrinks p's 16-pixel drawing into its mini tile m, unless one was drawn by hand: each mini
 * pixel averages the pixels it covers (by area), is transparent when less than half of it is
 * covered by opaque pixels, and otherwise takes the colour of the sprite nearest to the average
 * of its opaque ones, so the result uses only the sprite's own colours with hard edges. Then
 * every colour of the sprite that the averaging lost (a door's lamp, an eye, a chip) is put
 * back, rarest first, on the mini pixel it covers most, so small details stay. */
void shrink(const Palette *pal, Pixmap *p, int m)
{
    static Coverage c;
    if (p->mini_drawn[m])
        return;
    measure(p, mini_sizes[m], &c);
    for (int dy = 0; dy < c.size; dy++)
        for (int dx = 0; dx < c.size; dx++) {
            p->mini[m][dy][dx] = mini_colour(pal, &c, c.cover[dy][dx]);
            c.shown[p->mini[m][dy][dx]]++;
        }
    restore_lost(p->mini[m], &c);
}

/* "small <name> <size>": a hand-drawn mini tile of a sprite already defined. */
static void read_small(Builder *b, FILE *f, const char *name, int size, const char *path,
                       int *lineno)
{
    int m = mini_index(size);
    if (m < 0)
        die("%s:%d: small '%s': the size must be 12 or 8, not %d", path, *lineno, name, size);
    Pixmap *p = find_sprite(b, name);
    if (!p)
        die("%s:%d: small '%s': no such sprite above it", path, *lineno, name);
    if (p->mini_drawn[m])
        die("%s:%d: small '%s' %d drawn twice", path, *lineno, name, size);
    char what[NAME_MAX + 32];
    snprintf(what, sizeof what, "small '%s' %d", name, size);
    for (int y = 0; y < size; y++)
        read_pixel_row(b, f, p->mini[m][y], size, what, y, size, path, lineno);
    p->mini_drawn[m] = true;
}

void read_sprites(Builder *b, const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f)
        die("%s: cannot open", path);
    char line[LINE_LEN];
    int lineno = 0;
    while (fgets(line, sizeof line, f)) {
        lineno++;
        chomp(line);
        char name[NAME_MAX + 1] = "", source[NAME_MAX + 1] = "", extra[2] = "";
        int cols = 0, rows = 0;
        if (is_skippable(line))
            continue;
        if (sscanf(line, "sprite %64s %1s", name, extra) == 1) {
            read_rows(b, f, new_sprite(b, name, path, lineno), path, &lineno);
        } else if (sscanf(line, "mirror %64s %64s %1s", name, source, extra) == 2) {
            const Pixmap *src = find_sprite(b, source);
            if (!src)
                die("%s:%d: mirror of unknown sprite '%s'", path, lineno, source);
            Pixmap copy = *src;
            Pixmap *p = new_sprite(b, name, path, lineno);
            for (int y = 0; y < SPRITE_SIZE; y++)
                for (int x = 0; x < SPRITE_SIZE; x++)
                    p->px[y][x] = copy.px[y][SPRITE_SIZE - 1 - x];
            for (int m = 0; m < MINI_COUNT; m++) {
                p->mini_drawn[m] = copy.mini_drawn[m]; /* a hand-drawn mini tile is mirrored too */
                for (int y = 0; y < mini_sizes[m]; y++)
                    for (int x = 0; x < mini_sizes[m]; x++)
                        p->mini[m][y][x] = copy.mini[m][y][mini_sizes[m] - 1 - x];
            }
        } else if (strncmp(line, "picture ", 8) == 0) {
            if (sscanf(line, "picture %64s %d %d %1s", name, &cols, &rows, extra) != 3)
                die("%s:%d: expected 'picture <prefix> <cols> <rows>', got '%s'", path, lineno,
                    line);
            read_picture(b, f, name, cols, rows, path, &lineno);
        } else if (strncmp(line, "small ", 6) == 0) {
            if (sscanf(line, "small %64s %d %1s", name, &cols, extra) != 2)
                die("%s:%d: expected 'small <name> <size>', got '%s'", path, lineno, line);
            read_small(b, f, name, cols, path, &lineno);
        } else if (strncmp(line, "autotile ", 9) == 0) {
            if (sscanf(line, "autotile %64s %d %64s %1s", name, &cols, source, extra) != 3)
                die("%s:%d: expected 'autotile <prefix> <rim> <sides>', got '%s'", path, lineno,
                    line);
            autotile(b, name, cols, source, path, lineno);
        } else {
            die("%s:%d: expected 'sprite <name>', 'mirror <new> <existing>', "
                "'picture <prefix> <cols> <rows>', 'autotile <prefix> <rim> <sides>' or "
                "'small <name> <size>', got '%s'",
                path, lineno, line);
        }
    }
    fclose(f);
}

/* The image: every sprite at 16 pixels, ATLAS_COLUMNS across, then below them the same
 * grid of 12-pixel tiles, then of 8-pixel tiles (block_top gives where each grid starts). */
