/* A whole floor drawn with the game's sprites into a PNG, off-screen (no window). */
#ifndef MK_FLOOR_PNG_H
#define MK_FLOOR_PNG_H

#include <stdbool.h>
#include <stddef.h>

#include "core/floor.h"

/* Writes the picture to a temporary file beside `path`, then renames it over `path`, so a
 * failure never leaves a half-written file. On failure err names the file and the reason. */
bool floor_png_write(const Floor *floor, const char *path, char *err, size_t err_size);

#endif
