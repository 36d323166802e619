/* Each screen of the desktop game is one file that fills a ScreenHandlers: what it does when
 * it is entered, with keys, the pad and the mouse, each tick and when it is drawn. app.c keeps
 * the one table from Screen to handlers and dispatches every event through it; a NULL handler
 * means the screen does nothing with that event (or, where said, the common default). */
#ifndef MK_SCREEN_H
#define MK_SCREEN_H

#include "ui/app_internal.h"

typedef struct ScreenHandlers {
    void (*enter)(App *app); /* app_set_screen, after the common part */
    /* Keys come in this order: `bind` sees every key first (the keys screen's key being
     * bound); then the screenshot key is every screen's; then `key` when the screen reads
     * all its keys itself (`own_keys`); else the fullscreen key is every screen's (`refresh`
     * then shows it), then `key` and, if it did not use the key, the key as a Nav. */
    bool (*bind)(App *app, const SDL_KeyboardEvent *ev); /* true: used the key */
    bool (*key)(App *app, const SDL_KeyboardEvent *ev);  /* true: used the key */
    void (*key_up)(App *app, const SDL_KeyboardEvent *ev);
    void (*nav)(App *app, Nav nav);         /* menu moves: arrows, Return, Escape, the pad */
    void (*pad)(App *app, GamepadButton b); /* NULL: the button as a Nav, held ones repeated */
    void (*click)(App *app, const SDL_MouseButtonEvent *ev);
    void (*motion)(App *app); /* the pointer moved (app->mouse_x, mouse_y) */
    void (*wheel)(App *app, int steps);
    void (*refresh)(App *app); /* the fullscreen key changed what the screen shows */
    void (*logic)(App *app);   /* once a tick */
    void (*draw)(App *app);
    bool (*busy)(const App *app); /* something moves: the loop must not sleep */
    bool own_keys;                /* the screen reads every key (the screenshot key aside) */
    bool nav_repeats;             /* a held key's repeats move through the menu */
} ScreenHandlers;

/* The screens' handlers, each in its file. */
extern const ScreenHandlers title_screen;      /* screen_title.c */
extern const ScreenHandlers play_screen;       /* play.c */
extern const ScreenHandlers options_screen;    /* options_screen.c */
extern const ScreenHandlers keys_screen;       /* screen_keys.c */
extern const ScreenHandlers highscores_screen; /* screen_scores.c */
extern const ScreenHandlers death_screen;      /* screen_end.c */
extern const ScreenHandlers victory_screen;    /* screen_end.c */
extern const ScreenHandlers summary_screen;    /* screen_end.c */
extern const ScreenHandlers replay_screen;     /* replay.c */
extern const ScreenHandlers recordings_screen; /* screen_recordings.c */

/* The handlers of the screen showing (app.c). */
const ScreenHandlers *app_screen(const App *app);

/* What the menu screens share (screens.c). */
void screens_menu_hover(App *app);                                 /* the row under the pointer */
void screens_menu_click(App *app, const SDL_MouseButtonEvent *ev); /* left: OK, right: ALT */
/* The recording of a finished game in the user folder, watched; back to `back` after. */
void screens_watch(App *app, const char *name, Screen back);
void screens_fill(SDL_Renderer *r, SDL_Color c, SDL_Rect rect);
void screens_centred(App *app, int y, const char *s, SDL_Color c, int scale);
void screens_backdrop(App *app, const char *title); /* a plain screen's ground and title */

#endif
