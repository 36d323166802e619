/* Menus for the title and options screens, and what moves around in them: keys, the pad
 * and the mouse all come down to a Nav, so every screen answers each the same way. */
#ifndef MK_MENU_H
#define MK_MENU_H

#include <SDL.h>
#include <stdbool.h>

#include "ui/atlas.h"
#include "ui/input.h"
#include "ui/text.h"

typedef enum Nav {
    NAV_NONE,
    NAV_UP,
    NAV_DOWN,
    NAV_LEFT,
    NAV_RIGHT,
    NAV_OK,   /* Return, Space, pad A, a click */
    NAV_BACK, /* Escape, Backspace, pad B */
    NAV_ALT   /* Delete, pad X: the second thing a row can do (drop, clear a key) */
} Nav;

/* Return/Space/Escape/Backspace/Delete and the arrows, and whatever keys the keymap gives to
 * the four straight moves (so a WASD player moves through menus with WASD too). */
Nav nav_of_key(const Keymap *keys, SDL_Keycode key);

enum { MENU_MAX = 32, MENU_LABEL_MAX = 96 };

typedef struct Menu {
    char label[MENU_MAX][MENU_LABEL_MAX];
    char value[MENU_MAX][MENU_LABEL_MAX]; /* shown right-aligned: "80%", "on", a key list */
    bool disabled[MENU_MAX];
    int count, selected;
    int row_pad;             /* pixels added to the line height per row (menu_clear sets 4) */
    SDL_Rect rows[MENU_MAX]; /* where each row was last drawn, for the mouse */
} Menu;

void menu_clear(Menu *menu);
/* Adds a row; returns its index. The first enabled row is selected. */
int menu_add(Menu *menu, const char *label, bool enabled);
/* Moves the selection by delta rows, wrapping, over disabled rows. */
void menu_move(Menu *menu, int delta);
/* The row at logical pixel (x, y), or -1. */
int menu_row_at(const Menu *menu, int x, int y);

/* A framed panel (the atlas's frame sprites) with its inner rectangle returned. */
SDL_Rect ui_panel(SDL_Renderer *renderer, const Atlas *atlas, SDL_Rect box);
/* The inner rectangle of a panel drawn in box, without drawing it: what fits inside the frame. */
SDL_Rect ui_panel_inner(SDL_Rect box);
/* The rows from (x, y), `w` wide, the selected one marked. */
void menu_draw(Menu *menu, SDL_Renderer *renderer, const Atlas *atlas, const Text *text, int x,
               int y, int w);

#endif
