/* The desktop game: window, loop, input and drawing around one Game. */
#ifndef MK_APP_H
#define MK_APP_H

#include <stdbool.h>
#include <stdint.h>

typedef struct AppConfig {
    uint64_t seed; /* the first new game's; later ones draw their own */
    int window;    /* 1 fullscreen, -1 windowed, 0 the player's saved choice */
    bool sound;
    const char *replay_path; /* `mouseking replay FILE`: play this recording back, or NULL */
} AppConfig;

/* Runs the game until the player quits. Returns the process exit status (0, or 1 with one
 * line on stderr when the display or an asset is missing). */
int app_run(const AppConfig *config);

#endif
