#ifndef MK_PATHS_H
#define MK_PATHS_H

#include <stdbool.h>
#include <stddef.h>

/* Finds the read-only asset folder (the one holding data/atlas.json): $MOUSEKING_DATA, else
 * assets/ beside the executable (build tree), else ../share/mouseking beside it, else the
 * install prefix. On failure err names every place it looked. */
bool paths_find_assets(char *out, size_t size, char *err, size_t err_size);

/* The user's folder for saves, highscores, options and screenshots, made if missing:
 * $MOUSEKING_HOME, else SDL's preference folder. Ends without a separator. False with err
 * set (one line) when there is none, it cannot be made, it is not a folder, or its path does
 * not fit in `size` (never cut: a cut path names another folder). */
bool paths_user_dir(char *out, size_t size, char *err, size_t err_size);

typedef struct Rules Rules;
/* Finds the assets and reads data/rules.json from them; err names the file on failure. */
bool paths_load_rules(Rules *rules, char *err, size_t err_size);

#endif
