/* Audio: SDL_mixer when a device opens, silence (and one warning) when none does. */
#ifndef MK_SOUND_H
#define MK_SOUND_H

#include <stdbool.h>

typedef struct Sound {
    bool open; /* an audio device is playing */
} Sound;

/* Opens the audio device unless `wanted` is false. Never fails: without a device the game
 * runs silent after one line on stderr. */
void sound_init(Sound *sound, bool wanted);
void sound_quit(Sound *sound);

#endif
