#include "cli/fov_cmd.h"

#include <stdlib.h>
#include <string.h>

#include "cli/output.h"
#include "core/floor.h"
#include "core/fov.h"
#include "entities/entities.h"

enum { FOV_MAP_MAX_SIDE = 4096 };

/* Door characters of the legend become real door entities, so sight is decided by the same
 * floor_blocks_sight the game uses. */
static bool place_cell(Floor *floor, EntityFactory *factory, int x, int y, char c)
{
    map_set(&floor->map, x, y, c == '#' ? TILE_WALL : TILE_FLOOR, ZONE_NONE);
    const char *door = c == '+' || c == '\'' ? "Door" : c == 'L' ? "Door (Locked)" : c == 'H' ? "Door (Hidden)" : NULL;
    if (!door)
        return true;
    Entity *e = factory_create(factory, door, x, y);
    if (!e)
        return false;
    if (c == '\'')
        door_set_state(e, DOOR_OPEN);
    entity_list_add(&floor->entities, e);
    return true;
}

/* Reads the rows (every one as long as the first) into text, then builds the floor. */
static bool read_map(const char *path, Floor *floor, EntityFactory *factory, char *err, size_t err_size)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        snprintf(err, err_size, "%s: cannot open the map", path);
        return false;
    }
    char line[FOV_MAP_MAX_SIDE + 3];
    char *text = NULL;
    size_t cap = 0;
    int width = 0, height = 0;
    bool ok = true;
    while (ok && fgets(line, sizeof line, f)) {
        size_t len = strcspn(line, "\r\n");
        if (line[len] == '\0' && !feof(f)) {
            snprintf(err, err_size, "%s:%d: row longer than %d cells", path, height + 1, FOV_MAP_MAX_SIDE);
            ok = false;
            break;
        }
        if (len == 0 && height > 0)
            break; /* a trailing blank line ends the map */
        if (height == 0)
            width = (int)len;
        if ((int)len != width || len == 0 || height == FOV_MAP_MAX_SIDE) {
            snprintf(err, err_size, "%s:%d: row of %zu cells, expected %d", path, height + 1, len, width);
            ok = false;
            break;
        }
        if ((size_t)(height + 1) * len > cap) {
            cap = cap ? cap * 2 : len * 64;
            char *grown = realloc(text, cap);
            if (!grown) {
                snprintf(err, err_size, "%s: out of memory", path);
                ok = false;
                break;
            }
            text = grown;
        }
        memcpy(text + (size_t)height * len, line, len);
        height++;
    }
    fclose(f);
    if (ok && height == 0) {
        snprintf(err, err_size, "%s: the map is empty", path);
        ok = false;
    }
    if (ok && !floor_init(floor, 0, 0, width, height)) {
        snprintf(err, err_size, "%s: out of memory", path);
        ok = false;
    }
    for (int y = 0; ok && y < height; y++)
        for (int x = 0; ok && x < width; x++)
            if (!place_cell(floor, factory, x, y, text[(size_t)y * width + x])) {
                snprintf(err, err_size, "%s", factory->error);
                floor_free(floor);
                ok = false;
            }
    free(text);
    return ok;
}

int fov_cmd_run(const CliOptions *opt, FILE *out)
{
    EntityFactory factory;
    factory_init(&factory);
    Floor floor;
    char err[512];
    if (!entities_register_all(&factory) || !read_map(opt->map_path, &floor, &factory, err, sizeof err)) {
        output_error(stderr, "fov: %s", factory.error[0] ? factory.error : err);
        return 1;
    }
    int w = floor.map.width, h = floor.map.height;
    int status = 0;
    uint8_t *opaque = malloc((size_t)w * (size_t)h), *visible = malloc((size_t)w * (size_t)h);
    if (opt->from_x >= w || opt->from_y >= h) {
        output_error(stderr, "fov: --from %d,%d is outside the %dx%d map %s", opt->from_x,
                     opt->from_y, w, h, opt->map_path);
        status = 1;
    } else if (!opaque || !visible) {
        output_error(stderr, "fov: out of memory");
        status = 1;
    } else {
        floor_sight_map(&floor, opaque);
        fov_compute(opaque, w, h, opt->from_x, opt->from_y, opt->radius, visible);
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++)
                fputc(visible[y * w + x] ? '1' : '0', out);
            fputc('\n', out);
        }
    }
    free(opaque);
    free(visible);
    floor_free(&floor);
    return status;
}
