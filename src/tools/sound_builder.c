/* sound_builder: synthesizes the game's sound effects and music loops from the text files of
 * sound/ (see sound/README.md for the same description with examples).
 *
 *   sound_builder OUT_DIR PARAM_FILE...      writes OUT_DIR/<name>.wav for each <name>.txt
 *
 * Output: 16-bit PCM mono WAV at 22050 Hz, scaled so the loudest sample sits at `peak` dBFS.
 *
 * The work is in three parts, each in its own file: sound_patch.c reads and checks a source,
 * sound_synth.c renders it, sound_wav.c writes it.
 *
 * Any bad line prints one line on stderr, `file:line: what is wrong`, and exits 1; every file
 * is checked before any is written. */
#include "sound_patch.h"
#include "sound_synth.h"
#include "sound_wav.h"

#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    if (argc < 3)
        sound_builder_die("usage: sound_builder OUT_DIR PARAM_FILE...");
    int count = argc - 2;
    Patch *patches = calloc((size_t)count, sizeof *patches);
    Mix *mixes = calloc((size_t)count, sizeof *mixes);
    if (!patches || !mixes)
        sound_builder_die("out of memory");
    for (int i = 0; i < count; i++)
        sound_patch_read(&patches[i], argv[i + 2]);
    for (int i = 0; i < count; i++) {
        sound_synth_render(&patches[i], &mixes[i]);
        sound_synth_check(&patches[i], &mixes[i]);
    }
    for (int i = 0; i < count; i++) {
        sound_wav_write(&patches[i], &mixes[i], argv[1]);
        free(mixes[i].samples);
    }
    free(mixes);
    free(patches);
    return 0;
}
