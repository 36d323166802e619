/* The heads-up display: the top status bar and the newest messages. */
#ifndef MK_HUD_H
#define MK_HUD_H

#include <SDL.h>

#include "game/game.h"
#include "ui/atlas.h"
#include "ui/describe.h"
#include "ui/input.h"
#include "ui/text.h"

/* The newest messages in `box`, each whole and wrapped, the newest at the bottom, coloured by
 * what they say. */
void hud_draw_messages(SDL_Renderer *renderer, const Text *text, const Game *game, SDL_Rect box);
/* The colour of a message: its tone, dimmed when it is not from the last turn. */
SDL_Color hud_message_colour(const LogEntry *m, bool fresh);

/* The description panel of a cell across the map's width, at its top or bottom edge, as tall
 * as its text (never cut); `keys` (may be NULL) is a line of hints under it. */
void hud_draw_describe(SDL_Renderer *renderer, const Text *text, const CellText *ct, SDL_Rect map,
                       bool at_top, const char *keys);
SDL_Rect hud_describe_rect(const Text *text, const CellText *ct, SDL_Rect map, bool at_top,
                           const char *keys);
int hud_describe_height(const Text *text, const CellText *ct, int w, const char *keys);
/* Where the description goes so that it covers none of `avoid` (logical rectangles: the
 * described cell first, then the player): across the map at the preferred edge, else the
 * other, else a narrower box down the side away from the cell (layout_place_box). */
SDL_Rect hud_describe_place(const Text *text, const CellText *ct, SDL_Rect map, bool prefer_top,
                            const SDL_Rect *avoid, int avoid_count, const char *keys);
/* The description in `box` (from hud_describe_place or hud_describe_rect). */
void hud_draw_describe_box(SDL_Renderer *renderer, const Text *text, const CellText *ct,
                           SDL_Rect box, const char *keys);

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

/* Where the pack's rows were drawn, for the mouse: rows[letter], one per letter of the pack. */
typedef struct PackRows {
    SDL_Rect box;
    SDL_Rect rows[RULES_INVENTORY_CAP];
    int count;
} PackRows;
int hud_pack_row_at(const PackRows *rows, int x, int y); /* the letter, or -1: none */
bool hud_pack_contains(const PackRows *rows, int x, int y);

/* The pack: one row per letter, in the same place whatever the pack holds, each item with its
 * sprite, letter, what it does and how it compares with what is worn; the selected row
 * highlighted and its description below, or `prompt` (may be NULL) when a question waits. */
void hud_draw_pack(SDL_Renderer *renderer, const Atlas *atlas, const Text *text, const Game *game,
                   int selected, const char *prompt, PackRows *rows, int width, int height);
/* Draws `s` wrapped to `w` pixels from (x, y), at most `lines` lines; returns lines used. */
int hud_draw_wrapped(SDL_Renderer *renderer, const Text *text, int x, int y, int w, int lines,
                     const char *s, SDL_Color colour);

#endif
