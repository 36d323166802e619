/* The rules every command reads first: data/rules.json of the game's assets. */
#ifndef MK_LOAD_RULES_H
#define MK_LOAD_RULES_H

#include <stdbool.h>
#include <stdio.h>

#include "game/rules.h"

/* Finds the assets (core/paths.h) and reads data/rules.json from them into rules. On failure
 * says the one line naming the file on diag, after "who: " when who is not NULL, and returns
 * false: the caller's exit status is then 1. */
bool cli_load_rules(Rules *rules, const char *who, FILE *diag);

#endif
