/* The title screen: its menu (Continue, a new game, one of a seed typed, watching a game, the
 * highscores, the options), the seed prompt and the question before a game in progress is
 * abandoned, and the help over it; by keys, the pad and the mouse, and drawn. */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ui/app_internal.h"
#include "ui/help.h"
#include "ui/palette.h"
#include "ui/screen.h"

enum { TITLE_MENU_W = 180 }; /* the menu's width at the least */

enum {
    TITLE_CONTINUE,
    TITLE_RECOVER,
    TITLE_NEW,
    TITLE_SEED,
    TITLE_WATCH,
    TITLE_SCORES,
    TITLE_OPTIONS,
    TITLE_QUIT
};

static void title_row(App *app, int action, const char *label, bool enabled)
{
    app->title_rows[app->menu.count] = action;
    menu_add(&app->menu, label, enabled);
}

/* "Continue (floor 4, turn 812, seed 12345)", or "" with no game in progress. */
static void continue_facts(const App *app, char *out, size_t size)
{
    out[0] = '\0';
    if (app_game_in_progress(app))
        snprintf(out, size, "floor %d, turn %u, seed %" PRIu64, app->game.current,
                 (unsigned)app->game.turn, app->game.seeds.game);
}

/* Whether the Continue row can say which run it continues, or a line under the menu must. */
static bool continue_fits(const App *app, const char *label)
{
    return text_width(&app->text, label) + 40 <= app->width - 16;
}

static void build_title_menu(App *app)
{
    menu_clear(&app->menu);
    if (app->locked) { /* another copy owns the folder: only what writes nothing there */
        title_row(app, TITLE_WATCH, "Watch a game", true);
        title_row(app, TITLE_SCORES, "Highscores", true);
        title_row(app, TITLE_QUIT, "Quit", true);
        return;
    }
    char facts[96], label[MENU_LABEL_MAX];
    continue_facts(app, facts, sizeof facts);
    snprintf(label, sizeof label, "Continue (%s)", facts);
    title_row(app, TITLE_CONTINUE, facts[0] && continue_fits(app, label) ? label : "Continue",
              app_game_in_progress(app));
    if (app->has_recovery) /* only then: the rows below keep their places otherwise */
        title_row(app, TITLE_RECOVER,
                  app->recovery.from_crash ? "Continue the newer save" : "Continue from the backup",
                  true);
    title_row(app, TITLE_NEW, "New game", true);
    title_row(app, TITLE_SEED, "New game with a seed...", true);
    title_row(app, TITLE_WATCH, "Watch a game", true);
    title_row(app, TITLE_SCORES, "Highscores", true);
    title_row(app, TITLE_OPTIONS, "Options", true);
    title_row(app, TITLE_QUIT, "Quit", true);
}

static void title_select(App *app, int row)
{
    sound_play(&app->sound, SOUND_MENU_SELECT);
    switch (row >= 0 && row < app->menu.count ? app->title_rows[row] : -1) {
    case TITLE_CONTINUE:
        app_forgo_recovery(app); /* the older save.json was chosen over the newer one */
        app_set_screen(app, SCREEN_PLAY);
        break;
    case TITLE_RECOVER:
        if (app_recover(app))
            app_set_screen(app, SCREEN_PLAY);
        break;
    case TITLE_NEW:
        if (app_game_in_progress(app)) { /* asked first: the save would be lost */
            app->confirm_new = true;
            app->confirm_seeded = false;
            break;
        }
        app_forgo_recovery(app);
        if (app_new_game(app))
            app_set_screen(app, SCREEN_PLAY);
        break;
    case TITLE_SEED:
        app->seed_prompt = true;
        app->seed_digits[0] = app->seed_error[0] = '\0';
        break;
    case TITLE_SCORES:
        app->new_score_rank = -1;
        app_set_screen(app, SCREEN_HIGHSCORES);
        break;
    case TITLE_WATCH: app_set_screen(app, SCREEN_RECORDINGS); break;
    case TITLE_OPTIONS: app_set_screen(app, SCREEN_OPTIONS); break;
    case TITLE_QUIT: app->quit = true; break;
    default: break;
    }
}

/* A new game, the one asked for: of the seed typed, or a random one. */
static void start_chosen(App *app, bool seeded, uint64_t seed)
{
    app->confirm_new = app->seed_prompt = false;
    app_forgo_recovery(app);
    if (seeded ? app_start_game(app, seed) : app_new_game(app))
        app_set_screen(app, SCREEN_PLAY);
}

/* Return in the seed prompt: the digits as a seed, or why not. */
static void seed_entered(App *app)
{
    const char *d = app->seed_digits;
    errno = 0;
    unsigned long long v = d[0] ? strtoull(d, NULL, 10) : 0;
    if (!d[0]) {
        snprintf(app->seed_error, sizeof app->seed_error, "Type the seed's digits first.");
    } else if (errno == ERANGE || v > UINT64_MAX) {
        snprintf(app->seed_error, sizeof app->seed_error,
                 "Too large: a seed is at most 18446744073709551615.");
    } else if (app_game_in_progress(app)) {
        app->seed_prompt = false;
        app->confirm_new = app->confirm_seeded = true;
        app->confirm_seed = (uint64_t)v;
    } else {
        start_chosen(app, true, (uint64_t)v);
    }
    app->dirty = true;
}

/* The seed prompt: digits, Backspace, Return to start, Escape to leave. */
static void seed_prompt_on_key(App *app, const SDL_KeyboardEvent *ev)
{
    SDL_Keycode k = ev->keysym.sym;
    size_t n = strlen(app->seed_digits);
    int digit = k >= SDLK_0 && k <= SDLK_9         ? (int)(k - SDLK_0)
                : k >= SDLK_KP_1 && k <= SDLK_KP_9 ? (int)(k - SDLK_KP_1) + 1
                : k == SDLK_KP_0                   ? 0
                                                   : -1;
    if (digit >= 0 && n < APP_SEED_DIGITS) {
        app->seed_digits[n] = (char)('0' + digit);
        app->seed_digits[n + 1] = '\0';
        app->seed_error[0] = '\0';
    } else if (digit >= 0) {
        snprintf(app->seed_error, sizeof app->seed_error, "A seed has at most %d digits.",
                 APP_SEED_DIGITS);
    } else if (k == SDLK_BACKSPACE && n > 0) {
        app->seed_digits[n - 1] = '\0';
        app->seed_error[0] = '\0';
    } else if ((k == SDLK_RETURN || k == SDLK_KP_ENTER) && !ev->repeat) {
        seed_entered(app);
    } else if (k == SDLK_ESCAPE) {
        app->seed_prompt = false;
    }
    app->dirty = true;
}

/* ? or F1 (whatever shows the help in play) on the title. */
static bool title_help_key(const App *app, const SDL_KeyboardEvent *ev)
{
    return !ev->repeat && help_key_opens(&app->options.keys, ev->keysym.sym, ev->keysym.mod);
}

/* The help over the title: ? or F1 opens it; while open the arrows and Page keys scroll it
 * and any other key (a modifier alone aside) closes it. True when the key was the help's. */
static bool title_help_on_key(App *app, const SDL_KeyboardEvent *ev, bool modifier)
{
    if (!app->title_help && !title_help_key(app, ev))
        return false;
    if (!app->title_help)
        app->title_help = true, app->help_scroll = 0;
    else if (!help_scroll_key(ev->keysym.sym, &app->help_scroll) && !modifier)
        app->title_help = false;
    app->dirty = true;
    return true;
}

static void draw_help(App *app)
{
    app->help_scroll = help_draw(app->renderer, &app->text, &app->rules, NULL, &app->options.keys,
                                 app->help_scroll, app->width, app->height);
}

static bool title_on_key(App *app, const SDL_KeyboardEvent *ev)
{
    SDL_Keycode k = ev->keysym.sym;
    if (app->seed_prompt) {
        seed_prompt_on_key(app, ev);
        return true; /* the prompt takes every key */
    }
    if (app->confirm_new) {
        if ((k == SDLK_RETURN || k == SDLK_KP_ENTER) && !ev->repeat)
            start_chosen(app, app->confirm_seeded, app->confirm_seed);
        else if (k == SDLK_ESCAPE)
            app->confirm_new = false;
        app->dirty = true;
        return true;
    }
    return title_help_on_key(app, ev, k >= SDLK_LCTRL && k <= SDLK_RGUI);
}

/* The title's menu, the seed prompt and its question by the pad or the arrows; the pad
 * closes the help. */
static void title_on_nav(App *app, Nav nav)
{
    app->dirty = true;
    if (app->title_help) {
        app->title_help = nav == NAV_NONE;
        return;
    }
    if (app->seed_prompt || app->confirm_new) { /* the pad: A yes, B no */
        if (nav == NAV_OK && app->seed_prompt)
            seed_entered(app);
        else if (nav == NAV_OK)
            start_chosen(app, app->confirm_seeded, app->confirm_seed);
        else if (nav == NAV_BACK)
            app->seed_prompt = app->confirm_new = false;
        return;
    }
    if (nav == NAV_UP || nav == NAV_DOWN) {
        menu_move(&app->menu, nav == NAV_UP ? -1 : 1);
        sound_play(&app->sound, SOUND_MENU_MOVE);
    } else if (nav == NAV_OK) {
        title_select(app, app->menu.selected);
    } else if (nav == NAV_BACK) {
        /* Escape on the title goes back to a game in progress, else does nothing:
         * quitting is a menu choice, not a slip of the finger. */
        if (app_game_in_progress(app)) {
            app_forgo_recovery(app); /* as Continue: save.json's game was chosen */
            app_set_screen(app, SCREEN_PLAY);
        }
    }
}

static void title_on_motion(App *app)
{
    int row = menu_row_at(&app->menu, app->mouse_x, app->mouse_y);
    if (row >= 0 && !app->menu.disabled[row] && row != app->menu.selected) {
        app->menu.selected = row;
        sound_play(&app->sound, SOUND_MENU_MOVE);
        app->dirty = true;
    }
}

static void title_on_click(App *app, const SDL_MouseButtonEvent *ev)
{
    (void)ev;
    if (app->title_help) {
        app->title_help = false; /* a click closes the help */
        app->dirty = true;
    } else if (!app->seed_prompt && !app->confirm_new) { /* those are answered with keys */
        int row = menu_row_at(&app->menu, app->mouse_x, app->mouse_y);
        if (row >= 0 && !app->menu.disabled[row])
            title_select(app, row);
    }
}

static void title_enter(App *app)
{
    app->title_help = false;
    app->seed_prompt = app->confirm_new = false;
    build_title_menu(app);
    sound_music(&app->sound, MUSIC_TITLE);
}

/* The title picture: tiles cut from one drawing, shown at twice their size in `art`. */
static void draw_title_art(App *app, SDL_Rect art)
{
    const int cols = TITLE_ART_COLS, rows = TITLE_ART_ROWS, size = art.w / cols;
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++)
            atlas_draw(&app->atlas, app->renderer, (SpriteId)(SPRITE_TITLE_0 + r * cols + c),
                       art.x + c * size, art.y + r * size, size);
}

/* The seed prompt or the question before a new game, in a panel over the title's menu from
 * its top (`top`), under the picture and the name, which stay in view. */
static void draw_title_question(App *app, int top)
{
    SDL_Renderer *r = app->renderer;
    int lh = app->text.line_height;
    int w = layout_title_question(app->width, app->height, lh, top, 1).w;
    char text[300];
    const char *hint;
    if (app->seed_prompt) {
        snprintf(text, sizeof text, "Seed for the new game: %s_", app->seed_digits);
        hint = "Digits, Backspace. Return: start   Escape: cancel";
    } else {
        snprintf(text, sizeof text, "Abandon the game on floor %d? The save will be lost.",
                 app->game.current);
        hint = "Return: yes   Escape: no";
    }
    int inner = w - 24;
    int lines = text_wrap_count(&app->text, text, inner) +
                text_wrap_count(&app->text, hint, inner) +
                (app->seed_error[0] && app->seed_prompt
                     ? text_wrap_count(&app->text, app->seed_error, inner)
                     : 0);
    SDL_Rect box = layout_title_question(app->width, app->height, lh, top, lines);
    screens_fill(r, (SDL_Color){0, 0, 0, 150}, (SDL_Rect){0, 0, app->width, app->height});
    SDL_Rect in = ui_panel(r, &app->atlas, box);
    int y = in.y + 2;
    y += hud_draw_wrapped(r, &app->text, in.x + 4, y, inner, 4, text, UI_INK) * lh;
    if (app->seed_prompt && app->seed_error[0])
        y += hud_draw_wrapped(r, &app->text, in.x + 4, y, inner, 3, app->seed_error, UI_WARN) * lh;
    hud_draw_wrapped(r, &app->text, in.x + 4, y, inner, 3, hint, UI_DIM);
}

/* The menu in its panel from `y` down, and what the Continue row could not say under it;
 * returns the panel with that line. */
static SDL_Rect draw_title_menu(App *app, int y)
{
    SDL_Renderer *r = app->renderer;
    int lh = app->text.line_height;
    int w = TITLE_MENU_W, h = app->menu.count * (lh + 4) + 14;
    for (int i = 0; i < app->menu.count; i++) { /* the Continue row may say more */
        int need = text_width(&app->text, app->menu.label[i]) + 40;
        w = need > w ? need : w;
    }
    w = w < app->width - 16 ? w : app->width - 16;
    SDL_Rect box = {(app->width - w) / 2, y, w, h};
    SDL_Rect in = ui_panel(r, &app->atlas, box);
    menu_draw(&app->menu, r, &app->atlas, &app->text, in.x, in.y + 2, in.w);
    char facts[96], label[MENU_LABEL_MAX + 16];
    continue_facts(app, facts, sizeof facts);
    snprintf(label, sizeof label, "Continue (%s)", facts);
    if (facts[0] && !continue_fits(app, label)) { /* said under the menu instead */
        snprintf(label, sizeof label, "Continue: %s", facts);
        hud_draw_wrapped(r, &app->text, 8, box.y + box.h + 2, app->width - 16, 2, label, UI_DIM);
        box.h += 2 * lh + 2;
    }
    return box;
}

/* A damaged file's notice names two paths, and a save on offer says what it is: up to six
 * lines between the menu (`box`) and the footer, never over either. */
static void draw_title_notice(App *app, SDL_Rect box)
{
    SDL_Renderer *r = app->renderer;
    int lh = app->text.line_height, footer = app->height - lh - 3;
    int want = (app->notice[0] ? 4 : 0) + (app->recovery_line[0] ? 2 : 0);
    int top = footer - want * lh - 2;
    if (top < box.y + box.h + 4)
        top = box.y + box.h + 4;
    int lines = (footer - 2 - top) / lh;
    /* What went wrong first, then what is on offer (its two lines kept free). */
    int offer = app->recovery_line[0] ? (lines >= 2 ? 2 : lines) : 0;
    if (app->notice[0] && lines - offer > 0) {
        int n = text_wrap_count(&app->text, app->notice, app->width - 16);
        if (n > lines - offer)
            n = lines - offer;
        if (n > 4)
            n = 4;
        hud_draw_wrapped(r, &app->text, 8, top, app->width - 16, n, app->notice, UI_WARN);
        top += n * lh;
    }
    if (offer > 0)
        hud_draw_wrapped(r, &app->text, 8, top, app->width - 16, offer, app->recovery_line,
                         UI_GOOD);
}

static void draw_title(App *app)
{
    SDL_Renderer *r = app->renderer;
    /* A dusk of bands behind the tower. */
    for (int i = 0; i < 12; i++)
        screens_fill(r, (SDL_Color){(Uint8)(14 + i), (Uint8)(12 + i / 2), (Uint8)(26 + 2 * i), 255},
                     (SDL_Rect){0, app->height * i / 12, app->width, app->height / 12 + 1});
    int lh = app->text.line_height;
    TitleLayout t = layout_title(app->width, lh);
    draw_title_art(app, t.art);
    screens_centred(app, t.name_y, "MOUSE KING", UI_GOLD, 3);
    screens_centred(app, t.line_y, "Thirteen floors of escaped lab mice. One king at the top.",
                    UI_DIM, 1);
    SDL_Rect box = draw_title_menu(app, t.menu_y);
    if (app->notice[0] || app->recovery_line[0])
        draw_title_notice(app, box);
    text_draw(&app->text, r, 6, app->height - lh - 3,
              "Arrows or pad: choose   Return, click or A: select", UI_DIM);
    if (app->seed_prompt || app->confirm_new)
        draw_title_question(app, t.menu_y); /* the menu's top */
    char version[64];
    snprintf(version, sizeof version, "v%s", MOUSEKING_VERSION);
    text_draw(&app->text, r, app->width - 6 - text_width(&app->text, version), app->height - lh - 3,
              version, UI_DIM);
    if (app->title_help)
        draw_help(app);
}

const ScreenHandlers title_screen = {.enter = title_enter,
                                     .key = title_on_key,
                                     .nav = title_on_nav,
                                     .click = title_on_click,
                                     .motion = title_on_motion,
                                     .draw = draw_title,
                                     .nav_repeats = true};
