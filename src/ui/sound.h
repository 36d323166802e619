/* Audio: SDL_mixer when a device opens, silence (and one warning) when none does. Every call is
 * safe on a silent Sound, so the game never asks whether it can be heard. The sounds are
 * synthesized at build time from sound/<name>.txt into assets/sound/<name>.wav. */
#ifndef MK_SOUND_H
#define MK_SOUND_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum SoundId {
    SOUND_STEP,
    SOUND_BUMP,
    SOUND_DOOR_OPEN,
    SOUND_LOCKED,
    SOUND_UNLOCK,
    SOUND_PICKUP,
    SOUND_EQUIP,
    SOUND_HIT,
    SOUND_MISS,
    SOUND_MONSTER_DEATH,
    SOUND_HURT,
    SOUND_HEAL,
    SOUND_LEVEL_UP,
    SOUND_STAIRS,
    SOUND_SEARCH,
    SOUND_FOUND,
    SOUND_DEATH,
    SOUND_VICTORY,
    SOUND_MENU_MOVE,
    SOUND_MENU_SELECT,
    SOUND_COUNT
} SoundId;

typedef enum MusicId { MUSIC_NONE, MUSIC_TITLE, MUSIC_FLOOR, MUSIC_KING, MUSIC_COUNT } MusicId;

typedef struct Sound {
    bool open; /* an audio device is playing */
    struct Mix_Chunk *effects[SOUND_COUNT];
    struct Mix_Chunk *music[MUSIC_COUNT]; /* music[MUSIC_NONE] stays NULL */
    uint64_t next_allowed[SOUND_COUNT];   /* SDL ticks before which the effect is not restarted */
    MusicId playing;
    int music_channel;                /* which of the two music channels carries `playing` */
    int effects_volume, music_volume; /* 0..MIX_MAX_VOLUME */
} Sound;

/* Opens the audio device unless `wanted` is false. Never fails: without a device the game
 * runs silent after one line on stderr. */
void sound_init(Sound *sound, bool wanted);

/* Loads every effect and music loop from ASSETS_DIR/sound/. Silent: does nothing, true.
 * False with err naming the file when one is missing or unreadable; what was loaded is freed,
 * so the caller may go on (silent for those) or call sound_quit. */
bool sound_load(Sound *sound, const char *assets_dir, char *err, size_t err_size);

/* Plays an effect once, over whatever else is playing. The same effect asked for again within
 * SOUND_REPEAT_MS plays once, so a turn with five hits does not stack into one loud noise. */
enum { SOUND_REPEAT_MS = 30 };
void sound_play(Sound *sound, SoundId id);

/* Loops a track for as long as it is wanted; MUSIC_NONE fades to silence. The old track fades
 * out while the new one fades in, and asking for the track already playing changes nothing, so
 * callers can ask on every floor change without restarting it. */
enum { SOUND_MUSIC_FADE_MS = 600 };
void sound_music(Sound *sound, MusicId id);

/* Volumes from the options, 0..100 (clamped); applies at once, to sounds already playing too. */
void sound_set_volumes(Sound *sound, int effects_percent, int music_percent);

/* The file names (without .wav) of assets/sound/, for messages and tests. */
const char *sound_effect_name(SoundId id);
const char *sound_music_name(MusicId id);

/* Frees every sound and closes the device. Safe to call twice. */
void sound_quit(Sound *sound);

#endif
