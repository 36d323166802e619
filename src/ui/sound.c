#define _POSIX_C_SOURCE 200809L
#include "ui/sound.h"

#include <SDL.h>
#include <SDL_mixer.h>
#include <stdio.h>
#include <unistd.h>

/* Two reserved channels carry the music, so one track can fade out while the next fades in;
 * the effects share the rest. */
enum { CHANNELS = 16, MUSIC_CHANNELS = 2 };

/* The device runs at the rate every sound is built at (RATE in src/tools/sound_synth.h), so loading
 * converts nothing but mono to stereo: 7 ms and 4.7 MB instead of 100 ms and 9.5 MB at 44.1 kHz.
 * 512 frames keep the delay from a key press to its sound at 23 ms. */
enum { DEVICE_RATE = 22050, DEVICE_FRAMES = 512 };

static const char *const EFFECT_NAMES[SOUND_COUNT] = {
    [SOUND_STEP] = "step",           [SOUND_BUMP] = "bump",
    [SOUND_DOOR_OPEN] = "door_open", [SOUND_LOCKED] = "locked",
    [SOUND_UNLOCK] = "unlock",       [SOUND_PICKUP] = "pickup",
    [SOUND_EQUIP] = "equip",         [SOUND_HIT] = "hit",
    [SOUND_MISS] = "miss",           [SOUND_MONSTER_DEATH] = "monster_death",
    [SOUND_HURT] = "hurt",           [SOUND_HEAL] = "heal",
    [SOUND_LEVEL_UP] = "level_up",   [SOUND_STAIRS] = "stairs",
    [SOUND_SEARCH] = "search",       [SOUND_FOUND] = "found",
    [SOUND_DEATH] = "death",         [SOUND_VICTORY] = "victory",
    [SOUND_MENU_MOVE] = "menu_move", [SOUND_MENU_SELECT] = "menu_select",
};

static const char *const MUSIC_NAMES[MUSIC_COUNT] = {
    [MUSIC_NONE] = NULL,
    [MUSIC_TITLE] = "music_title",
    [MUSIC_FLOOR] = "music_floor",
    [MUSIC_KING] = "music_king",
};

const char *sound_effect_name(SoundId id)
{
    return (unsigned)id < SOUND_COUNT ? EFFECT_NAMES[id] : NULL;
}

const char *sound_music_name(MusicId id)
{
    return (unsigned)id < MUSIC_COUNT ? MUSIC_NAMES[id] : NULL;
}

/* Audio back ends (ALSA above all) print several lines of their own when no device exists.
 * They are muted while the device opens, so the player sees one warning from us instead. */
static int mute_stderr(void)
{
    fflush(stderr);
    int saved = dup(STDERR_FILENO);
    FILE *null = fopen("/dev/null", "w");
    if (saved >= 0 && null)
        dup2(fileno(null), STDERR_FILENO);
    if (null)
        fclose(null);
    return saved;
}

static void restore_stderr(int saved)
{
    if (saved < 0)
        return;
    fflush(stderr);
    dup2(saved, STDERR_FILENO);
    close(saved);
}

void sound_init(Sound *sound, bool wanted)
{
    *sound = (Sound){
        .playing = MUSIC_NONE, .effects_volume = MIX_MAX_VOLUME, .music_volume = MIX_MAX_VOLUME};
    if (!wanted)
        return;
    int saved = mute_stderr();
    bool subsystem = SDL_InitSubSystem(SDL_INIT_AUDIO) == 0;
    bool device = subsystem && Mix_OpenAudio(DEVICE_RATE, AUDIO_S16SYS, 2, DEVICE_FRAMES) == 0;
    restore_stderr(saved);
    if (!device) {
        fprintf(stderr, "mouseking: warning: no audio device (%s); playing silent\n",
                SDL_GetError());
        if (subsystem)
            SDL_QuitSubSystem(SDL_INIT_AUDIO);
        return;
    }
    Mix_AllocateChannels(CHANNELS);
    Mix_ReserveChannels(MUSIC_CHANNELS);
    sound->open = true;
}

static Mix_Chunk *load_one(const char *assets_dir, const char *name, char *err, size_t err_size)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/sound/%s.wav", assets_dir, name);
    Mix_Chunk *chunk = Mix_LoadWAV(path);
    if (!chunk)
        snprintf(err, err_size, "%s: cannot load the sound (%s)", path, Mix_GetError());
    return chunk;
}

static void free_chunks(Sound *sound)
{
    Mix_HaltChannel(-1);
    for (int i = 0; i < SOUND_COUNT; i++) {
        Mix_FreeChunk(sound->effects[i]);
        sound->effects[i] = NULL;
    }
    for (int i = 0; i < MUSIC_COUNT; i++) {
        Mix_FreeChunk(sound->music[i]);
        sound->music[i] = NULL;
    }
    sound->playing = MUSIC_NONE;
}

/* Volumes live on the chunks, not the channels, so they apply at once to what is playing and
 * never fight the channels' own fades. */
static void apply_volumes(Sound *sound)
{
    for (int i = 0; i < SOUND_COUNT; i++)
        if (sound->effects[i])
            Mix_VolumeChunk(sound->effects[i], sound->effects_volume);
    for (int i = 0; i < MUSIC_COUNT; i++)
        if (sound->music[i])
            Mix_VolumeChunk(sound->music[i], sound->music_volume);
}

bool sound_load(Sound *sound, const char *assets_dir, char *err, size_t err_size)
{
    if (!sound->open)
        return true;
    for (int i = 0; i < SOUND_COUNT; i++)
        if (!sound->effects[i] &&
            !(sound->effects[i] = load_one(assets_dir, EFFECT_NAMES[i], err, err_size)))
            goto fail;
    for (int i = MUSIC_NONE + 1; i < MUSIC_COUNT; i++)
        if (!sound->music[i] &&
            !(sound->music[i] = load_one(assets_dir, MUSIC_NAMES[i], err, err_size)))
            goto fail;
    apply_volumes(sound);
    return true;
fail:
    free_chunks(sound);
    return false;
}

void sound_play(Sound *sound, SoundId id)
{
    if (!sound->open || (unsigned)id >= SOUND_COUNT || !sound->effects[id])
        return;
    uint64_t now = SDL_GetTicks64();
    if (now < sound->next_allowed[id])
        return;
    sound->next_allowed[id] = now + SOUND_REPEAT_MS;
    Mix_PlayChannel(-1, sound->effects[id], 0); /* no free channel: this one goes unheard */
}

void sound_music(Sound *sound, MusicId id)
{
    if ((unsigned)id >= MUSIC_COUNT || id == sound->playing)
        return;
    MusicId old = sound->playing;
    sound->playing = id;
    if (!sound->open)
        return;
    /* A track whose fade-in has not reached the mixer yet is still at volume 0, and SDL_mixer
     * will not fade that out: it is stopped instead, which is just as silent. */
    if (old != MUSIC_NONE && Mix_FadeOutChannel(sound->music_channel, SOUND_MUSIC_FADE_MS) == 0)
        Mix_HaltChannel(sound->music_channel);
    if (id == MUSIC_NONE || !sound->music[id])
        return;
    /* The other channel may still be fading out a track from a quick earlier switch: stop it
     * and give it back its full volume, which that fade had lowered. */
    int channel = 1 - sound->music_channel;
    Mix_HaltChannel(channel);
    Mix_Volume(channel, MIX_MAX_VOLUME);
    Mix_FadeInChannel(channel, sound->music[id], -1, SOUND_MUSIC_FADE_MS);
    sound->music_channel = channel;
}

static int percent_to_volume(int percent)
{
    percent = percent < 0 ? 0 : percent > 100 ? 100 : percent;
    return (percent * MIX_MAX_VOLUME + 50) / 100;
}

void sound_set_volumes(Sound *sound, int effects_percent, int music_percent)
{
    sound->effects_volume = percent_to_volume(effects_percent);
    sound->music_volume = percent_to_volume(music_percent);
    if (sound->open)
        apply_volumes(sound);
}

void sound_quit(Sound *sound)
{
    if (!sound->open)
        return;
    free_chunks(sound);
    Mix_CloseAudio();
    SDL_QuitSubSystem(SDL_INIT_AUDIO);
    sound->open = false;
}
