/* What the headless tools write: JSON numbers that must stay exact, and error lines built from
 * text the user gave (arguments, file names, file contents). */
#ifndef MK_OUTPUT_H
#define MK_OUTPUT_H

#include <cjson/cJSON.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

/* Adds key: v to o as a JSON integer written digit for digit. cJSON keeps numbers as doubles,
 * which round every integer past 2^53 (a seed printed so cannot replay its game). */
bool output_add_u64(cJSON *o, const char *key, uint64_t v);

#endif
