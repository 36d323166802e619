/* A sound source of sound/ as the builder holds it once read and checked (format in
 * sound_patch.c and sound/README.md). The synthesizer takes it from here. */
#ifndef MK_SOUND_PATCH_H
#define MK_SOUND_PATCH_H

#include <stdbool.h>

#include "tool_die.h"

enum {
    MAX_VOICES = 8,
    MAX_ARPS = 8,
    MAX_STEPS = 512,
    NAME_LEN = 32,
};

/* A note step that is not a note: a rest or the hold of the note before. */
enum { STEP_REST = -1, STEP_HOLD = -2 };

/* Bit values, so a key can name the set of kinds that may use it. */
typedef enum Kind { KIND_EFFECT = 1, KIND_MUSIC = 2, KIND_JINGLE = 4 } Kind;

typedef enum Wave { WAVE_SQUARE, WAVE_SAW, WAVE_SINE, WAVE_TRIANGLE, WAVE_NOISE } Wave;

typedef enum Key {
    KEY_TYPE,
    KEY_PEAK,
    KEY_TEMPO,
    KEY_STEPS_PER_BEAT,
    KEY_VOICE,
    KEY_WAVE,
    KEY_FREQ,
    KEY_FREQ_END,
    KEY_ARP,
    KEY_DELAY,
    KEY_HOLD,
    KEY_NOTES,
    KEY_DUTY,
    KEY_ATTACK,
    KEY_DECAY,
    KEY_SUSTAIN,
    KEY_RELEASE,
    KEY_VIBRATO,
    KEY_DETUNE,
    KEY_LOWPASS,
    KEY_VOLUME,
    KEY_COUNT
} Key;

typedef struct Arp {
    double semitones, at_ms;
} Arp;

typedef struct Voice {
    char name[NAME_LEN];
    int line;      /* where the voice starts, for messages about what it lacks */
    unsigned seen; /* bit per Key given */
    Wave wave;
    double freq, freq_end, delay, hold;
    Arp arps[MAX_ARPS];
    int arp_count;
    int steps[MAX_STEPS]; /* MIDI note, STEP_REST or STEP_HOLD */
    int step_count, notes_line;
    double duty, attack, decay, sustain, release, vibrato_depth, vibrato_rate, detune, lowpass;
    double volume;
} Voice;

typedef struct Patch {
    const char *path;
    char name[NAME_LEN];
    Kind kind;
    int type_line, line_count;
    unsigned seen;
    double peak_db, tempo;
    int steps_per_beat;
    Voice voices[MAX_VOICES];
    int voice_count;
} Patch;

/* Reads and checks the file at path into *p; a bad file stops the builder naming its line.
 * p keeps path, so it must outlive p. */
void sound_patch_read(Patch *p, const char *path);

/* Prints `sound_builder: ` and the message on stderr and exits 1: the builder's one way out,
 * so a build stops at the first bad file. */
#define sound_builder_die(...) tool_die("sound_builder", __VA_ARGS__)

#endif
