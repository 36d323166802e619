/* Turning a checked Patch into samples, ready for sound_wav to write. */
#ifndef MK_SOUND_SYNTH_H
#define MK_SOUND_SYNTH_H

#include "sound_patch.h"

#include <stddef.h>

enum { RATE = 22050 };

/* A growing buffer of samples. Music wraps what runs past its end onto its start. */
typedef struct Mix {
    double *samples;
    size_t count;
    bool wraps;
} Mix;

/* Renders every voice of p into *mix (which it overwrites); the caller frees mix->samples. */
void sound_synth_render(const Patch *p, Mix *mix);

/* What can only be seen once a file is rendered (silence, too long), checked before anything
 * is written: stops the builder naming the file and its type line. */
void sound_synth_check(const Patch *p, const Mix *mix);

/* The largest absolute sample, which the WAV is scaled by. */
double sound_synth_peak(const Mix *mix);

#endif
