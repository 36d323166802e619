/* The heads-up display: the top status bar and the newest messages. */
#ifndef MK_HUD_H
#define MK_HUD_H

#include <SDL.h>

#include "game/game.h"
#include "ui/atlas.h"
#include "ui/input.h"
#include "ui/text.h"

/* Heights, in logical pixels, of the top bar and the message area. */
int hud_top_height(const Text *text);
int hud_bottom_height(const Text *text);

void hud_draw(SDL_Renderer *renderer, const Atlas *atlas, const Text *text, const Game *game,
              int width, int height);

/* Bottom right: the name and description of what the player knows is at map cell (x, y). */
void hud_draw_hover(SDL_Renderer *renderer, const Text *text, const Game *game, int x, int y,
                    int width, int height);

/* `?`: every key of the keymap by what it does, the mouse, and the rules with their numbers. */
void hud_draw_help(SDL_Renderer *renderer, const Text *text, const Game *game,
                   const Keymap *keys, int width, int height);
/* `m`: as many messages as fit, newest at the bottom, `scroll` of the newest skipped. */
void hud_draw_log(SDL_Renderer *renderer, const Text *text, const Game *game, int scroll,
                  int width, int height);
/* A line from the front end itself, above the messages. */
void hud_draw_toast(SDL_Renderer *renderer, const Text *text, const char *line, int width,
                    int height);

/* The pack: one line per item with its letter, what it does, and whether it is worn. */
void hud_draw_pack(SDL_Renderer *renderer, const Text *text, const Game *game, int width,
                   int height);
/* Death or victory, with the score, over the map. */
void hud_draw_ending(SDL_Renderer *renderer, const Text *text, const Game *game, int width,
                     int height);

#endif
