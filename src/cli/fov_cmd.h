#ifndef MK_FOV_CMD_H
#define MK_FOV_CMD_H

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

#endif
