#include "ui/sound.h"

#include <SDL.h>
#include <SDL_mixer.h>
#include <stdio.h>

void sound_init(Sound *sound, bool wanted)
{
    sound->open = false;
    if (!wanted)
        return;
    if (SDL_InitSubSystem(SDL_INIT_AUDIO) != 0) {
        fprintf(stderr, "mouseking: warning: no audio (%s); playing silent\n", SDL_GetError());
        return;
    }
    if (Mix_OpenAudio(44100, AUDIO_S16SYS, 2, 1024) != 0) {
        fprintf(stderr, "mouseking: warning: no audio device (%s); playing silent\n", Mix_GetError());
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
