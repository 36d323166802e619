#ifndef MK_FOV_CMD_H
#define MK_FOV_CMD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "cli/args.h"

/* The largest map: 1000x1000 cells (the game's floors are 80x50), and a file of at most 1 MiB,
 * which such a map with "\r\n" line ends fits. A larger file is refused by its size before it
 * is read; memory is then a few bytes a cell. */
enum { FOV_MAP_MAX_SIDE = 1000, FOV_MAP_MAX_BYTES = 1 << 20 };

/* `mouseking fov`: reads an ASCII map (legend: docs/ARCHITECTURE.md; # + L H block sight),
 * prints its rows with '1' for each cell visible from the origin and '0' for the rest.
 * Returns the exit status: 1 with one line on stderr for a bad map file (a byte outside the
 * legend, rows of different lengths, a blank line inside the map, too large, a folder). */
int fov_cmd_run(const CliOptions *opt, FILE *out);
/* The map reader of fov_cmd_run, on bytes (len of them, any): true with *opaque (width *
 * height bytes, malloc'd; 1 where a cell blocks sight) and the size; false with one line in
 * err naming `name` and what is wrong, and *opaque NULL. */
bool fov_map_parse(const char *name, const char *text, size_t len, uint8_t **opaque, int *width,
                   int *height, char *err, size_t err_size);

#endif
