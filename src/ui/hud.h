/* The heads-up display: the top status bar and the newest messages. */
#ifndef MK_HUD_H
#define MK_HUD_H

#include <SDL.h>

#include "game/game.h"
#include "ui/atlas.h"
#include "ui/text.h"

/* Heights, in logical pixels, of the top bar and the message area. */
int hud_top_height(const Text *text);
int hud_bottom_height(const Text *text);

void hud_draw(SDL_Renderer *renderer, const Atlas *atlas, const Text *text, const Game *game,
              int width, int height);

#endif
