/* mouseking replay --verify FILE: a recording replayed headless, every checksum checked. */
#ifndef MK_REPLAY_CMD_H
#define MK_REPLAY_CMD_H

#include <stdio.h>

#include "cli/args.h"

/* 0 when every checksum matched (one summary line on out), 1 with one line on diag naming the
 * file and what is wrong: not a recording, another version, or the first command and turn
 * where the replay went out of step. */
int replay_cmd_run(const CliOptions *opt, FILE *out, FILE *diag);

#endif
