/* The colours of the interface's text and panels, one place for all screens (the map's colours
 * are in the atlas). Macros rather than constants so a file takes only the ones it uses. */
#ifndef MK_PALETTE_H
#define MK_PALETTE_H

#include <SDL.h>

#define UI_INK ((SDL_Color){232, 228, 214, 255})      /* text */
#define UI_DIM ((SDL_Color){150, 146, 138, 255})      /* secondary text, hints */
#define UI_GOLD ((SDL_Color){244, 197, 66, 255})      /* headings */
#define UI_GOOD ((SDL_Color){120, 230, 120, 255})     /* the new highscore */
#define UI_WARN ((SDL_Color){240, 150, 80, 255})      /* a warning line */
#define UI_PANEL ((SDL_Color){18, 18, 28, 255})       /* the HUD's background */
#define UI_RULE ((SDL_Color){70, 66, 92, 255})        /* lines between HUD parts */
#define UI_DISABLED ((SDL_Color){110, 108, 120, 255}) /* a menu row that cannot be chosen */
#define UI_LIT ((SDL_Color){255, 226, 120, 255})      /* the selected menu row */

#define UI_FOCUS ((SDL_Color){60, 52, 90, 255})     /* the highlighted row */
#define UI_BAR_EMPTY ((SDL_Color){50, 46, 64, 255}) /* a health bar's missing part */
#define UI_BAR_FULL ((SDL_Color){90, 180, 90, 255})
#define UI_BAR_MID ((SDL_Color){214, 180, 60, 255})
#define UI_BAR_LOW ((SDL_Color){210, 64, 52, 255})
/* A mouse's state of mind in the sidebar, each its own colour (the window tests count them). */
#define UI_MOOD_ASLEEP ((SDL_Color){112, 132, 196, 255})
#define UI_MOOD_HUNTING ((SDL_Color){242, 112, 82, 255})
#define UI_MOOD_SEARCHING ((SDL_Color){232, 202, 92, 255})
#define UI_MOOD_WANDERING ((SDL_Color){162, 184, 150, 255})
#define UI_MOOD_FLEEING ((SDL_Color){150, 210, 230, 255})
#define UI_MOOD_ANSWERING ((SDL_Color){236, 160, 90, 255})
/* Messages by what they say (the log's tones); each readable on UI_PANEL, in either palette. */
#define UI_TONE_HURT ((SDL_Color){255, 112, 96, 255})    /* damage to you */
#define UI_TONE_HIT ((SDL_Color){246, 226, 160, 255})    /* your blows */
#define UI_TONE_LEVEL ((SDL_Color){244, 197, 66, 255})   /* a level up */
#define UI_TONE_FIND ((SDL_Color){132, 222, 122, 255})   /* finds, unlocks */
#define UI_TONE_KING ((SDL_Color){236, 120, 226, 255})   /* the Mouse King */
#define UI_TONE_WARN ((SDL_Color){240, 156, 84, 255})    /* refusals, a mouse seen */
#define UI_TONE_FLOOR ((SDL_Color){124, 204, 236, 255})  /* a new floor */
#define UI_THROW ((SDL_Color){255, 226, 120, 255})       /* a throw's line of flight */
#define UI_THROW_BLOCKED ((SDL_Color){230, 48, 40, 255}) /* ... past where it comes down */
#define UI_BOSS ((SDL_Color){200, 60, 170, 255})         /* the Mouse King's bar and name */

#endif
