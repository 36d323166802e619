/* F12's file names: `screenshot-YYYYmmdd-HHMMSS-mmm.png`, the local time of the shot to the
 * millisecond, every field of fixed width, so that the names of a folder sort in the order the
 * shots were taken. No SDL. */
#ifndef MK_SHOT_NAME_H
#define MK_SHOT_NAME_H

#include <stdbool.h>
#include <stddef.h>
#include <time.h>

/* The path in `dir` of a shot taken at `now` (CLOCK_REALTIME): the seconds and the
 * milliseconds come from that one reading, so a later shot never gets a smaller name. A name
 * already taken (two shots in one millisecond) moves on a millisecond, never back. False when
 * the path does not fit. */
bool shot_name(const char *dir, struct timespec now, char *out, size_t size);

#endif
