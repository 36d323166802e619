/* Where the game's files are: the read-only assets, the user's folders (XDG) and the one-time
 * move from the folder used before. No SDL: the headless commands find their data here too. */
#ifndef MK_CORE_PATHS_H
#define MK_CORE_PATHS_H

#include <stdbool.h>
#include <stddef.h>

/* Finds the read-only asset folder (the one holding MOUSEKING_ASSETS_INDEX: data/atlas.json,
 * or data/rules.json in a build without SDL, which has no atlas): $MOUSEKING_DATA, else
 * assets/ beside the executable (build tree; the executable's folder is read from
 * /proc/self/exe), else the data folder relative to the executable as installed (a staged or
 * moved install finds its own), else the installed data folder. On failure err names every
 * place it looked. */
bool paths_find_assets(char *out, size_t size, char *err, size_t err_size);

/* The user's folder for saves, recordings, highscores and screenshots, made if missing:
 * $MOUSEKING_HOME, else $XDG_DATA_HOME/mouseking (~/.local/share/mouseking). Ends without a
 * separator. False with err set (one line) when there is none, it cannot be made, it is not a
 * folder, or its path does not fit in `size` (never cut: a cut path names another folder). */
bool paths_user_dir(char *out, size_t size, char *err, size_t err_size);

/* The folder of options.json and gamecontrollerdb.txt, as paths_user_dir: $MOUSEKING_HOME
 * (everything in one folder), else $XDG_CONFIG_HOME/mouseking (~/.config/mouseking). */
bool paths_config_dir(char *out, size_t size, char *err, size_t err_size);

/* The folder the game used before it followed XDG (SDL's preference folder), inside the data
 * folder: DATA/Mouse King. */
#define PATHS_OLD_USER_DIR "Mouse King"

/* Moves the game's own files from DATA/Mouse King to the new folders, once: options.json and
 * gamecontrollerdb.txt (with their copies) to the config folder; the saves, recordings,
 * highscores and screenshots (with their copies: core/gamefiles.h) to the data folder; and
 * the recordings and morgue files of its recordings/ to DATA/recordings. Only regular files of
 * those names move: another's file, a link, a sub-folder stays where it is; a `Mouse King`
 * that is a symbolic link is not followed at all. The old folder goes once emptied. A file
 * whose name is taken in the new folder, or that cannot be moved, stays where it is. msg gets
 * the one line to say ("" when there is nothing to say: nothing of the game's was there);
 * false when something was refused or left behind. Nothing to do under MOUSEKING_HOME. */
bool paths_move_old_user_files(const char *data_dir, const char *config_dir, char *msg,
                               size_t msg_size);

#endif
