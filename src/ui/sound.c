#define _POSIX_C_SOURCE 200809L
#include "ui/sound.h"

#include <SDL.h>
#include <SDL_mixer.h>
#include <stdio.h>
#include <unistd.h>

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
    sound->open = false;
    if (!wanted)
        return;
    int saved = mute_stderr();
    bool subsystem = SDL_InitSubSystem(SDL_INIT_AUDIO) == 0;
    bool device = subsystem && Mix_OpenAudio(44100, AUDIO_S16SYS, 2, 1024) == 0;
    restore_stderr(saved);
    if (!device) {
        fprintf(stderr, "mouseking: warning: no audio device (%s); playing silent\n",
                SDL_GetError());
        if (subsystem)
            SDL_QuitSubSystem(SDL_INIT_AUDIO);
        return;
    }
    sound->open = true;
}

void sound_quit(Sound *sound)
{
    if (!sound->open)
        return;
    Mix_CloseAudio();
    SDL_QuitSubSystem(SDL_INIT_AUDIO);
    sound->open = false;
}
