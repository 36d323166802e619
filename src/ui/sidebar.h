/* The sidebar beside the map, as Brogue has it: the player, then every mouse in view nearest
 * first with its health and state of mind, then every item in view. Rows remember where they
 * were drawn, so the pointer over a row highlights that entity on the map. */
#ifndef MK_SIDEBAR_H
#define MK_SIDEBAR_H

#include <SDL.h>

#include "game/game.h"
#include "game/view_list.h"
#include "ui/atlas.h"
#include "ui/text.h"

enum { SIDEBAR_ROWS_MAX = 64 };

typedef struct SidebarRows {
    const Entity *entity[SIDEBAR_ROWS_MAX];
    SDL_Rect rect[SIDEBAR_ROWS_MAX];
    int count;
    int hidden; /* things in view with no room left to list them */
} SidebarRows;

/* Draws the sidebar into `box` (logical pixels); `focus` (may be NULL) is drawn highlighted.
 * The seed is in a footer at its foot; the rows that do not fit are counted ("... and 3 more
 * in view"). Fills `rows` with the rows drawn. */
void sidebar_draw(SDL_Renderer *renderer, const Atlas *atlas, const Text *text, const Game *game,
                  SDL_Rect box, const Entity *focus, SidebarRows *rows);

/* sidebar_draw with the minimap in it: the rows and the footer stop above `minimap` when it
 * lies in the sidebar (the minimap itself is minimap_draw's). */
void sidebar_draw_over(SDL_Renderer *renderer, const Atlas *atlas, const Text *text,
                       const Game *game, SDL_Rect box, SDL_Rect minimap, const Entity *focus,
                       SidebarRows *rows);

/* The y where the sidebar's own content ends: the top of the minimap's frame when the
 * minimap lies in the sidebar, else the sidebar's bottom. */
int sidebar_foot(SDL_Rect box, SDL_Rect minimap);

/* The entity of the row at (x, y), or NULL. */
const Entity *sidebar_entity_at(const SidebarRows *rows, int x, int y);

/* A bar of `value` out of `max` in w x h: green, then yellow, red when low. */
void sidebar_bar(SDL_Renderer *renderer, SDL_Rect box, int value, int max);

#endif
