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
void hud_draw_help(SDL_Renderer *renderer, const Text *text, const Game *game, const Keymap *keys,
                   int width, int height);
/* `m`: as many messages as fit, newest at the bottom, `scroll` of the newest skipped. */
void hud_draw_log(SDL_Renderer *renderer, const Text *text, const Game *game, int scroll, int width,
                  int height);
/* A message from the front end itself, above the messages: word-wrapped to the view's width,
 * up to four lines. */
void hud_draw_toast(SDL_Renderer *renderer, const Text *text, const char *message, int width,
                    int height);

/* Where the pack's rows were drawn, for the mouse. */
typedef struct PackRows {
    SDL_Rect box;
    SDL_Rect rows[RULES_INVENTORY_CAP];
    int count;
} PackRows;
int hud_pack_row_at(const PackRows *rows, int x, int y); /* -1: none */
bool hud_pack_contains(const PackRows *rows, int x, int y);

/* The pack: one row per item with its sprite, letter, what it does and whether it is worn;
 * the selected row highlighted and its description below. */
void hud_draw_pack(SDL_Renderer *renderer, const Atlas *atlas, const Text *text, const Game *game,
                   int selected, PackRows *rows, int width, int height);
/* Draws `s` wrapped to `w` pixels from (x, y), at most `lines` lines; returns lines used. */
int hud_draw_wrapped(SDL_Renderer *renderer, const Text *text, int x, int y, int w, int lines,
                     const char *s, SDL_Color colour);

#endif
