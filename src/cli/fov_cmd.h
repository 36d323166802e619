#ifndef MK_FOV_CMD_H
#define MK_FOV_CMD_H

#include <stdio.h>

#include "cli/args.h"

/* `mouseking fov`: reads an ASCII map (DESIGN.md legend; '#', '+', 'L' and 'H' block sight),
 * prints its rows with '1' for each cell visible from the origin and '0' for the rest.
 * Returns the exit status: 1 with one line on stderr for a bad map file. */
int fov_cmd_run(const CliOptions *opt, FILE *out);

#endif
