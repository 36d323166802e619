#include "cli/fov_cmd.h"

#include <stdlib.h>
#include <string.h>

#include "core/fov.h"

enum { FOV_MAP_MAX_SIDE = 4096 };

typedef struct AsciiMap {
    int width, height;
    uint8_t *opaque;
} AsciiMap;

static bool blocks_sight(char c)
{
    return c == '#' || c == '+' || c == 'L' || c == 'H';
}

/* Reads the map; every row must be as long as the first. */
static bool read_map(const char *path, AsciiMap *map, char *err, size_t err_size)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        snprintf(err, err_size, "%s: cannot open the map", path);
        return false;
    }
    char line[FOV_MAP_MAX_SIDE + 3];
    size_t cap = 0;
    bool ok = true;
    map->width = map->height = 0;
    map->opaque = NULL;
    while (ok && fgets(line, sizeof line, f)) {
        size_t len = strcspn(line, "\r\n");
        if (line[len] == '\0' && !feof(f)) {
            snprintf(err, err_size, "%s:%d: row longer than %d cells", path, map->height + 1, FOV_MAP_MAX_SIDE);
            ok = false;
            break;
        }
        if (len == 0 && map->height > 0)
            break; /* a trailing blank line ends the map */
        if (map->height == 0)
            map->width = (int)len;
        if ((int)len != map->width || len == 0 || map->height == FOV_MAP_MAX_SIDE) {
            snprintf(err, err_size, "%s:%d: row of %zu cells, expected %d", path, map->height + 1,
                     len, map->width);
            ok = false;
            break;
        }
        if ((size_t)(map->height + 1) * len > cap) {
            cap = cap ? cap * 2 : len * 64;
            uint8_t *grown = realloc(map->opaque, cap);
            if (!grown) {
                snprintf(err, err_size, "%s: out of memory", path);
                ok = false;
                break;
            }
            map->opaque = grown;
        }
        for (size_t x = 0; x < len; x++)
            map->opaque[(size_t)map->height * len + x] = blocks_sight(line[x]);
        map->height++;
    }
    fclose(f);
    if (ok && map->height == 0) {
        snprintf(err, err_size, "%s: the map is empty", path);
        ok = false;
    }
    if (!ok) {
        free(map->opaque);
        map->opaque = NULL;
    }
    return ok;
}

int fov_cmd_run(const CliOptions *opt, FILE *out)
{
    AsciiMap map;
    char err[512];
    if (!read_map(opt->map_path, &map, err, sizeof err)) {
        fprintf(stderr, "mouseking: fov: %s\n", err);
        return 1;
    }
    if (opt->from_x >= map.width || opt->from_y >= map.height) {
        fprintf(stderr, "mouseking: fov: --from %d,%d is outside the %dx%d map %s\n", opt->from_x,
                opt->from_y, map.width, map.height, opt->map_path);
        free(map.opaque);
        return 1;
    }
    uint8_t *visible = malloc((size_t)map.width * (size_t)map.height);
    if (!visible) {
        free(map.opaque);
        fprintf(stderr, "mouseking: fov: out of memory\n");
        return 1;
    }
    fov_compute(map.opaque, map.width, map.height, opt->from_x, opt->from_y, opt->radius, visible);
    for (int y = 0; y < map.height; y++) {
        for (int x = 0; x < map.width; x++)
            fputc(visible[y * map.width + x] ? '1' : '0', out);
        fputc('\n', out);
    }
    free(visible);
    free(map.opaque);
    return 0;
}
