/* The close key (R-DOOR-CLOSE-2): with one open door in reach it closes it, with none the game
 * says so; with two or more it asks "Close which door?" in the message line, and a direction
 * key or a click on a door answers (any other key, Escape first, cancels, and no turn). */
#ifndef MK_CLOSE_ASK_H
#define MK_CLOSE_ASK_H

#include <SDL.h>

#include "ui/app_internal.h"

#define CLOSE_ASK_QUESTION "Close which door? (direction keys, Escape: cancel)"

/* The close key pressed on the map: closes, or asks. */
void close_ask_start(App *app);
/* A key while the question is open: a move answers it; anything else cancels. */
void close_ask_on_key(App *app, Action action);
/* A pad button while the question is open: a direction answers it; any other cancels. */
void close_ask_on_pad(App *app, GamepadButton b);
/* A click while the question is open: on the cell (cx, cy) beside her it answers; anywhere
 * else (valid false: off the map) it cancels. */
void close_ask_on_click(App *app, bool valid, int cx, int cy);

#endif
