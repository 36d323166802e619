/* Writing a rendered Mix as the game's WAV file. */
#ifndef MK_SOUND_WAV_H
#define MK_SOUND_WAV_H

#include "sound_synth.h"

/* Writes out_dir/<name>.wav: 16-bit PCM mono at RATE, scaled so the loudest sample sits at
 * p->peak_db dBFS. A file that cannot be written stops the builder. */
void sound_wav_write(const Patch *p, const Mix *mix, const char *out_dir);

#endif
