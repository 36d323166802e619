#define _POSIX_C_SOURCE 200809L /* fileno, fstat */
#include "cli/fov_cmd.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli/output.h"
#include "core/errline.h"
#include "core/floor.h"
#include "core/fov.h"
#include "entities/entities.h"

/* The legend of `gen` (docs/ARCHITECTURE.md); any other byte in a map is refused. */
static const char LEGEND[] = "#.+'LH<>@mKk!)[*";

/* Builds a 1x1 floor holding the cell c as the game would (a wall tile, or a floor tile with
 * the door entity the legend names) and asks floor_blocks_sight about it: the tool uses the
 * game's own sight rule, once per kind of cell, instead of one entity per door cell, which
 * cost some 200 bytes a door. */
static bool cell_blocks_sight(EntityFactory *factory, char c, bool *blocks)
{
    Floor floor;
    if (!floor_init(&floor, 0, 0, 1, 1))
        return false;
    map_set(&floor.map, 0, 0, c == '#' ? TILE_WALL : TILE_FLOOR, ZONE_NONE);
    KindId door = c == '+'    ? KIND_ID_DOOR
                  : c == '\'' ? KIND_ID_DOOR_OPEN
                  : c == 'L'  ? KIND_ID_DOOR_LOCKED
                  : c == 'H'  ? KIND_ID_DOOR_HIDDEN
                              : KIND_NONE;
    bool ok = true;
    if (door != KIND_NONE) {
        Entity *e = factory_make(factory, door, 0, 0, 0);
        ok = e != NULL;
        if (e)
            entity_list_add(&floor.entities, e);
    }
    *blocks = ok && floor_blocks_sight(&floor, 0, 0);
    floor_free(&floor);
    return ok;
}

/* Reads the whole file, at most FOV_MAP_MAX_BYTES: a larger regular file is refused by its size
 * before any of it is read, and anything else (a pipe, a device) when it passes the limit. */
static char *read_file(const char *path, size_t *len, char *err, size_t err_size)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        errline_format(err, err_size, "%s: cannot open the map: %s", path, strerror(errno));
        return NULL;
    }
    struct stat st;
    if (fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
        errline_format(err, err_size, "%s: is a folder, not a file", path);
        fclose(f);
        return NULL;
    }
    if (fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode) && st.st_size > FOV_MAP_MAX_BYTES) {
        errline_format(err, err_size, "%s: %lld bytes; a map file may have at most %d", path,
                       (long long)st.st_size, FOV_MAP_MAX_BYTES);
        fclose(f);
        return NULL;
    }
    size_t cap = S_ISREG(st.st_mode) ? (size_t)st.st_size + 1 : 4096, used = 0;
    char *text = malloc(cap);
    while (text) {
        used += fread(text + used, 1, cap - used, f);
        if (used < cap || ferror(f))
            break;
        if (cap > FOV_MAP_MAX_BYTES)
            break;
        size_t grown_cap = cap * 2 > FOV_MAP_MAX_BYTES + 1 ? FOV_MAP_MAX_BYTES + 1 : cap * 2;
        char *grown = realloc(text, grown_cap);
        if (!grown)
            free(text);
        text = grown;
        cap = grown_cap;
    }
    bool failed = ferror(f);
    int read_errno = errno;
    fclose(f);
    if (!text) {
        errline_format(err, err_size, "%s: out of memory", path);
    } else if (failed) {
        errline_format(err, err_size, "%s: cannot read: %s", path, strerror(read_errno));
    } else if (used > FOV_MAP_MAX_BYTES) {
        errline_format(err, err_size, "%s: goes on past %d bytes, the most a map file may have",
                       path, FOV_MAP_MAX_BYTES);
    } else {
        *len = used;
        return text;
    }
    free(text);
    return NULL;
}

/* The next line of text from *at (without its "\n" or "\r\n"); false at the end. */
static bool next_line(const char *text, size_t len, size_t *at, const char **line, size_t *n)
{
    if (*at >= len)
        return false;
    const char *start = text + *at;
    const char *nl = memchr(start, '\n', len - *at);
    size_t end = nl ? (size_t)(nl - text) : len;
    *line = start;
    *n = end - *at;
    *at = nl ? end + 1 : len;
    if (*n > 0 && start[*n - 1] == '\r')
        (*n)--;
    return true;
}

/* Checks row `number` of the map, the rows-th not blank: within the limits, as long as the
 * first (whose width sets *w), and only legend bytes. */
static bool check_row(const char *path, int number, const char *line, size_t n, int rows, int *w,
                      char *err, size_t err_size)
{
    if (n > FOV_MAP_MAX_SIDE)
        return errline_fail(err, err_size, "%s: line %d has %zu cells, more than %d", path, number,
                            n, FOV_MAP_MAX_SIDE);
    if (rows == 0)
        *w = (int)n;
    else if (n != (size_t)*w)
        return errline_fail(err, err_size, "%s: line %d has %zu cells, line 1 has %d", path, number,
                            n, *w);
    if (rows == FOV_MAP_MAX_SIDE)
        return errline_fail(err, err_size, "%s: more than %d lines", path, FOV_MAP_MAX_SIDE);
    for (size_t x = 0; x < n; x++) {
        unsigned char c = (unsigned char)line[x];
        if (c == '\0' || !strchr(LEGEND, c))
            return errline_fail(err, err_size,
                                "%s: line %d, column %zu: byte 0x%02x is not in the map legend",
                                path, number, x + 1, c);
    }
    return true;
}

/* Checks the text's rows (all as long as the first, within the limits, only legend bytes,
 * blank lines only at the end) and fills opaque (width * height bytes, malloc'd). */
static bool parse_map(const char *path, const char *text, size_t len, const bool blocks[256],
                      uint8_t **opaque, int *width, int *height, char *err, size_t err_size)
{
    /* First pass: the size, and every problem, before anything is allocated. */
    size_t at = 0, n;
    const char *line;
    int rows = 0, w = 0, blank_at = 0;
    for (int number = 1; next_line(text, len, &at, &line, &n); number++) {
        if (n == 0) {
            if (!blank_at)
                blank_at = number;
            continue;
        }
        if (blank_at)
            return errline_fail(err, err_size,
                                "%s: line %d is blank, and the map goes on at line %d", path,
                                blank_at, number);
        if (!check_row(path, number, line, n, rows, &w, err, err_size))
            return false;
        rows++;
    }
    if (rows == 0)
        return errline_fail(err, err_size, "%s: the map is empty (no rows)", path);
    *opaque = malloc((size_t)w * (size_t)rows);
    if (!*opaque)
        return errline_fail(err, err_size, "%s: out of memory", path);
    at = 0;
    for (int y = 0; y < rows && next_line(text, len, &at, &line, &n); y++)
        for (int x = 0; x < w; x++)
            (*opaque)[(size_t)y * (size_t)w + (size_t)x] = blocks[(unsigned char)line[x]];
    *width = w;
    *height = rows;
    return true;
}

/* Whether each legend byte blocks sight, from the game's rule. */
static bool legend_sight(bool blocks[256], char *err, size_t err_size)
{
    EntityFactory factory;
    factory_init(&factory, kinds_builtin());
    memset(blocks, 0, 256 * sizeof *blocks);
    bool ok = true;
    for (const char *c = LEGEND; ok && *c; c++)
        ok = cell_blocks_sight(&factory, *c, &blocks[(unsigned char)*c]);
    if (!ok)
        errline_format(err, err_size, "%s", factory.error[0] ? factory.error : "out of memory");
    return ok;
}

bool fov_map_parse(const char *name, const char *text, size_t len, uint8_t **opaque, int *width,
                   int *height, char *err, size_t err_size)
{
    bool blocks[256];
    *opaque = NULL;
    return legend_sight(blocks, err, err_size) &&
           parse_map(name, text, len, blocks, opaque, width, height, err, err_size);
}

int fov_cmd_run(const CliOptions *opt, FILE *out)
{
    char err[512];
    size_t len = 0;
    char *text = NULL;
    uint8_t *opaque = NULL, *visible = NULL;
    int w = 0, h = 0;
    if (!(text = read_file(opt->map_path, &len, err, sizeof err)) ||
        !fov_map_parse(opt->map_path, text, len, &opaque, &w, &h, err, sizeof err)) {
        errline_say(stderr, "fov: %s", err);
        free(text);
        return 1;
    }
    free(text);
    int status = 0;
    visible = malloc((size_t)w * (size_t)h);
    if (opt->from_x >= w || opt->from_y >= h) {
        errline_say(stderr, "fov: --from %d,%d is outside the %dx%d map %s", opt->from_x,
                    opt->from_y, w, h, opt->map_path);
        status = 1;
    } else if (!visible) {
        errline_say(stderr, "fov: out of memory");
        status = 1;
    } else {
        fov_compute(opaque, w, h, opt->from_x, opt->from_y, opt->radius, visible);
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++)
                fputc(visible[y * w + x] ? '1' : '0', out);
            fputc('\n', out);
        }
    }
    free(opaque);
    free(visible);
    return status;
}
