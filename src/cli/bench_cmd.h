#ifndef MK_BENCH_CMD_H
#define MK_BENCH_CMD_H

#include <stdbool.h>
#include <stdio.h>

/* `mouseking bench`: times the engine's hot paths and prints one line per figure
 * (`name value unit`), or one JSON object; frames_only: the screen's figures alone. Returns
 * the exit status. */
int bench_cmd_run(bool json, bool frames_only, FILE *out);

#endif
