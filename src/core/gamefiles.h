/* The names of the files the game itself writes in the user folder, as one table: what the
 * one-time move of the old folder may take (src/core/paths.c), and nothing else. No SDL. */
#ifndef MK_GAMEFILES_H
#define MK_GAMEFILES_H

#include <stdbool.h>

typedef enum GameFile {
    GAMEFILE_FOREIGN,   /* not a name the game writes: left alone */
    GAMEFILE_DATA,      /* a save, a recording, the highscores, a screenshot, or their copies */
    GAMEFILE_CONFIG,    /* options.json and its copies, gamecontrollerdb.txt */
    GAMEFILE_RECORDINGS /* the folder of ended games' recordings and morgue files */
} GameFile;

#define GAMEFILES_RECORDINGS "recordings"

/* What `name` (a name in the user folder, no '/') is to the game. The copies are the .bak and
 * .tmp of a write and the files put aside (.damaged-, .ended-, .unused- and a date). */
GameFile gamefile_of(const char *name);

/* Whether `name` in recordings/ is one the game writes there: DATE-seedS.mkrec or .txt. */
bool gamefile_is_recording(const char *name);

#endif
