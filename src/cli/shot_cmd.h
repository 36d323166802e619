#ifndef MK_SHOT_CMD_H
#define MK_SHOT_CMD_H

#include <stdio.h>

#include "cli/args.h"

/* `mouseking shot`: the bot plays the game of --seed for --turns turns with the shipped rules,
 * then the play screen of that moment is drawn off-screen into OUT.png (ui/shot.h). Returns
 * the exit status: 0, or 1 with one line on diag (a file that cannot be written is named). */
int shot_cmd_run(const CliOptions *opt, FILE *diag);

#endif
