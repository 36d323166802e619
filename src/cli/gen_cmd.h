#ifndef MK_GEN_CMD_H
#define MK_GEN_CMD_H

#include <stdio.h>

#include "cli/args.h"

/* `mouseking gen`: prints the floors asked for to out. Returns the exit status. */
int gen_cmd_run(const CliOptions *opt, FILE *out);

#endif
