/* The help's paragraphs about the kinds of mice and items, made from the rules the game plays
 * by (data/rules.json): names, descriptions and numbers, so a kind added by data shows up
 * with its own (R-HELP-1). No SDL: the help screen (help.c) wraps and draws them. */
#ifndef MK_HELP_TEXT_H
#define MK_HELP_TEXT_H

#include <stddef.h>

#include "game/rules.h"

enum { HELP_TEXT_MAX = 480 };

/* One paragraph per kind of mouse (family monster) then per kind of item, in table order, each
 * "Name (floor 3+): what it is. HP 6, attack 1-3, ..." Returns how many were written, at most
 * max. */
int help_kind_lines(const Rules *rules, char (*out)[HELP_TEXT_MAX], int max);

/* One kind's paragraph (help_kind_lines's). */
void help_kind_line(const KindDef *kind, char *out, size_t size);

#endif
