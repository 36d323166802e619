/* Throwing from the window (docs/RULES.md R-THROW): the throw key asks for a pack letter in
 * the pack, then the look cursor becomes a targeting cursor. It starts on the mouse aimed at
 * last, else on the nearest mouse in reach; the direction keys move it, Tab and Shift+Tab go
 * round the mice in reach (game_throw_targets), the line of flight is drawn (red past where it
 * comes down), Return or the throw key again throws (CMD_THROW), Escape cancels with no turn.
 * A Spring Trap's cursor stays on the eight cells beside her. The pointer aims at the cell it
 * is over, a left click throws and a right click cancels; on the pad the D-pad moves, the
 * shoulders go round the mice, A throws and B cancels. */
#ifndef MK_TARGET_H
#define MK_TARGET_H

#include <SDL.h>

#include "game/tools.h"
#include "ui/app_internal.h"

/* The throw key on the map: the pack opens asking which item to throw. */
void target_ask(App *app);
/* Aims the item under `letter`: the cursor appears, or a line says why it cannot be thrown. */
void target_start(App *app, int letter);
/* Whether the pack's item under `letter` is aimed before it is used: a tool thrown or placed
 * (a vial is drunk when used, and thrown with the throw key). */
bool target_on_use(const Game *game, int letter);
/* The prompt the message line shows while aiming ("Throw the Cheese: ..."). */
void target_prompt(const Game *game, const Targeting *t, char *out, size_t size);
/* Moves the cursor by (dx, dy); a placed item's stays beside her. */
void target_move(App *app, int dx, int dy);
/* Puts the cursor on the next (`step` +1) or previous (-1) mouse in reach, and round. */
void target_cycle(App *app, int step);
/* Throws at the cursor (CMD_THROW), or leaves with nothing sent (no turn). */
void target_confirm(App *app);
void target_cancel(App *app);
/* Keys, the pad and the pointer while aiming. */
void target_on_key(App *app, const SDL_KeyboardEvent *ev, Action action);
void target_on_pad(App *app, GamepadButton b);
/* A click: `on_map` with the cell under it (cx, cy). */
void target_on_click(App *app, const SDL_MouseButtonEvent *ev, bool on_map, int cx, int cy);
/* The pointer moved over the map cell (cx, cy): the cursor follows. */
void target_hover(App *app, int cx, int cy);
/* The line from the player to the cursor, for the view to draw. */
void target_line(const App *app, ThrowLine *line);

#endif
