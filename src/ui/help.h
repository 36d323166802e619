/* The help screen (`?`, F1), in play and on the title: every key by what it does, the mouse and
 * the pad, the rules with their numbers, and every kind of mouse and item from the data. */
#ifndef MK_HELP_H
#define MK_HELP_H

#include <SDL.h>

#include "game/game.h"
#include "ui/input.h"
#include "ui/text.h"

/* Draws the help over the whole view, `scroll` lines down (clamped). `game` may be NULL (the
 * title): the seed line is left out. Returns the scroll drawn: the caller keeps it so that
 * a scroll past the end stops there. */
int help_draw(SDL_Renderer *r, const Text *text, const Rules *rules, const Game *game,
              const Keymap *keys, int scroll, int width, int height);

/* Whether a key press (its key and modifiers) opens the help: a key of ACTION_HELP, typed as
 * the player types it ("?" is Shift and '/'), in any key set (R-HELP-2). */
bool help_key_opens(const Keymap *keys, SDL_Keycode sym, Uint16 mod);

/* A key on the help: true when it scrolled (`*scroll` changed within what help_draw clamps),
 * false when the key closes the help. Up/Down a line, Page Up/Down ten. */
bool help_scroll_key(SDL_Keycode key, int *scroll);

#endif
