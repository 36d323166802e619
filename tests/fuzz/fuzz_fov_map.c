/* The `fov --map` reader: fov_map_parse on any bytes. A refused map gives one clean line of
 * error naming the file and no cells; an accepted one is 1..FOV_MAP_MAX_SIDE cells each way,
 * every row of the text as long as the first and made of legend bytes, and each cell blocks
 * sight exactly when the legend says so (# + L H), read here from the text apart from the
 * reader. Sight from a cell chosen by the input then never reads or writes outside the map,
 * and sees the cell it is cast from. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cli/fov_cmd.h"
#include "core/fov.h"
#include "fuzz_check.h"

/* Cell (x, y) of the text as the reader must have read it: rows end in "\n" or "\r\n". */
static char cell_at(const uint8_t *data, size_t size, int x, int y)
{
    size_t at = 0;
    for (int row = 0; row < y; row++) {
        const uint8_t *nl = memchr(data + at, '\n', size - at);
        FUZZ_REQUIRE(nl != NULL);
        at = (size_t)(nl - data) + 1;
    }
    FUZZ_REQUIRE(at + (size_t)x < size);
    return (char)data[at + (size_t)x];
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > FOV_MAP_MAX_BYTES) /* fov refuses such a file before reading it */
        return 0;
    uint8_t *opaque = (uint8_t *)1;
    int w = -1, h = -1;
    char err[512];
    fuzz_err_prepare(err, sizeof err);
    if (!fov_map_parse("fuzz.txt", (const char *)data, size, &opaque, &w, &h, err, sizeof err)) {
        fuzz_err_check(err, sizeof err);
        FUZZ_REQUIRE(strncmp(err, "fuzz.txt: ", 10) == 0 && opaque == NULL);
        return 0;
    }
    FUZZ_REQUIRE(w >= 1 && h >= 1 && w <= FOV_MAP_MAX_SIDE && h <= FOV_MAP_MAX_SIDE);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            char c = cell_at(data, size, x, y);
            FUZZ_REQUIRE(c != '\0' && strchr("#.+'LH<>@mKk!)[*", c) != NULL);
            FUZZ_REQUIRE(opaque[(size_t)y * (size_t)w + (size_t)x] == (strchr("#+LH", c) != NULL));
        }
    uint8_t *visible = malloc((size_t)w * (size_t)h);
    FUZZ_REQUIRE(visible != NULL);
    int ox = size ? data[0] % w : 0, oy = size > 1 ? data[1] % h : 0;
    int radius = size > 2 ? data[size - 1] % 12 : 0;
    fov_compute(opaque, w, h, ox, oy, radius, visible);
    FUZZ_REQUIRE(visible[(size_t)oy * (size_t)w + (size_t)ox]);
    free(visible);
    free(opaque);
    return 0;
}
