/* The title's lasting lines (a damaged file moved aside, what Continue recovered), one after
 * another in one string; the words on the game continued are marked, so that they go once that
 * game is over while the others stay. No SDL. */
#ifndef MK_NOTICE_H
#define MK_NOTICE_H

#include <stddef.h>

/* Adds a line after those there (a space between); one that does not fit whole is left out. */
void notice_add(char *notice, size_t size, const char *line);
/* notice_add, the line being about the game continued: *game_at marks where it begins. */
void notice_add_game(char *notice, size_t size, int *game_at, const char *line);
/* That game is over: its line goes (from *game_at on), and *game_at becomes -1. */
void notice_game_over(char *notice, int *game_at);

#endif
