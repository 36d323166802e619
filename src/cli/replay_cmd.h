/* mouseking replay --verify FILE: a recording replayed headless, every checksum checked. */
#ifndef MK_REPLAY_CMD_H
#define MK_REPLAY_CMD_H

#include <stdio.h>

#include "cli/args.h"
#include "game/rules.h"

/* 0 when the recording is whole and every checksum matched (one summary line on out, which
 * says so when a torn last line was left out), 1 with one line on diag naming the file, and
 * the line for damage: not a recording, another version, a line that is not a command or a
 * checksum in its place, the first command and turn where the replay went out of step, or
 * commands after the last checksum (docs/RECORDINGS.md). */
int replay_cmd_run(const CliOptions *opt, FILE *out, FILE *diag);
/* The same with the rules given (replay_cmd_run loads the shipped ones). */
int replay_cmd_verify(const char *path, const Rules *rules, FILE *out, FILE *diag);

#endif
