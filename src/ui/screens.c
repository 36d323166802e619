/* The screens around a game: the title with its menu (and its seed prompt), the highscore
 * table, the fade to red on death, the victory screen and the run summary after either: what
 * keys, the pad and the mouse do there. screens_draw.c draws them. */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/notice.h"
#include "ui/app_internal.h"
#include "ui/help.h"

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
void screens_continue_facts(const App *app, char *out, size_t size)
{
    out[0] = '\0';
    if (app_game_in_progress(app))
        snprintf(out, size, "floor %d, turn %u, seed %" PRIu64, app->game.current,
                 (unsigned)app->game.turn, app->game.seeds.game);
}

/* Whether the Continue row can say which run it continues, or a line under the menu must. */
bool screens_continue_fits(const App *app, const char *label)
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
    screens_continue_facts(app, facts, sizeof facts);
    snprintf(label, sizeof label, "Continue (%s)", facts);
    title_row(app, TITLE_CONTINUE,
              facts[0] && screens_continue_fits(app, label) ? label : "Continue",
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

void screens_enter(App *app, Screen screen)
{
    app->title_help = false;
    if (screen == SCREEN_TITLE) {
        app->seed_prompt = app->confirm_new = false;
        build_title_menu(app);
        sound_music(&app->sound, MUSIC_TITLE);
    } else if (screen == SCREEN_DEATH || screen == SCREEN_VICTORY) {
        app->fade_start = SDL_GetTicks();
        sound_music(&app->sound, MUSIC_NONE);
    } else if (screen == SCREEN_HIGHSCORES) {
        app->score_selected = app->new_score_rank >= 0 ? app->new_score_rank : 0;
    }
}

void screens_game_over(App *app)
{
    game_summary_text(&app->game, app->summary, sizeof app->summary);
    GameFiles files;
    app_game_files(app, &files);
    GameEnd *end = malloc(sizeof *end);
    if (end) {
        game_end_finish(&app->session, &app->game, &files, &app->scores, end);
        app->new_score_rank = end->rank;
        snprintf(app->last_recording, sizeof app->last_recording, "%s", end->recording);
        snprintf(app->last_morgue, sizeof app->last_morgue, "%s", end->morgue);
        snprintf(app->morgue_line, sizeof app->morgue_line, "%s", end->morgue_line);
        if (end->error[0])
            app_toast(app, "%s", end->error);
    }
    free(end);
    notice_game_over(app->notice, &app->notice_game_at); /* "Recovered 15 turns..." goes */
    app_set_screen(app, app->game.outcome == GAME_WON ? SCREEN_VICTORY : SCREEN_DEATH);
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

/* The recording of the game just ended (the summary) or of the highscore row chosen. */
static void watch_chosen(App *app)
{
    const char *name = app->screen == SCREEN_SUMMARY ? app->last_recording
                       : app->score_selected >= 0 && app->score_selected < app->scores.count
                           ? app->scores.entries[app->score_selected].recording
                           : "";
    if (!name[0]) {
        app_toast(app, "No recording of that game (games from before recordings have none)");
        return;
    }
    char path[1500];
    snprintf(path, sizeof path, "%s/recordings/%s", app->user_dir, name);
    replay_open(app, path, app->screen);
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

void screens_draw_help(App *app)
{
    app->help_scroll = help_draw(app->renderer, &app->text, &app->rules, NULL, &app->options.keys,
                                 app->help_scroll, app->width, app->height);
}

bool screens_on_key(App *app, const SDL_KeyboardEvent *ev)
{
    SDL_Keycode k = ev->keysym.sym;
    bool modifier = k >= SDLK_LCTRL && k <= SDLK_RGUI;
    if (app->screen == SCREEN_TITLE && app->seed_prompt) {
        seed_prompt_on_key(app, ev);
        return true; /* the prompt takes every key */
    }
    if (app->screen == SCREEN_TITLE && app->confirm_new) {
        if ((k == SDLK_RETURN || k == SDLK_KP_ENTER) && !ev->repeat)
            start_chosen(app, app->confirm_seeded, app->confirm_seed);
        else if (k == SDLK_ESCAPE)
            app->confirm_new = false;
        app->dirty = true;
        return true;
    }
    if (app->screen == SCREEN_TITLE && title_help_on_key(app, ev, modifier))
        return true;
    /* W on the summary or the highscores: watch that game's recording. */
    if ((app->screen == SCREEN_SUMMARY || app->screen == SCREEN_HIGHSCORES) && k == SDLK_w &&
        !ev->repeat) {
        watch_chosen(app);
        return true;
    }
    if (app->screen == SCREEN_HIGHSCORES && (k == SDLK_UP || k == SDLK_DOWN)) {
        int n = app->scores.count;
        if (n > 0)
            app->score_selected = (app->score_selected + (k == SDLK_UP ? n - 1 : 1)) % n;
        app->dirty = true;
        return true;
    }
    /* Return, Space or Escape go on from the end of a game and its summary; the keys the
     * game was played with do not, so a player still pressing them (resting, walking) reads
     * what ended the run instead of skipping past it. */
    if ((app->screen == SCREEN_DEATH || app->screen == SCREEN_VICTORY ||
         app->screen == SCREEN_SUMMARY) &&
        !modifier) {
        bool go_on = k == SDLK_RETURN || k == SDLK_KP_ENTER || k == SDLK_SPACE || k == SDLK_ESCAPE;
        if (go_on && !ev->repeat)
            screens_on_nav(app, NAV_OK);
        return true;
    }
    return false;
}

/* The title's menu, the seed prompt and its question by the pad or the arrows; the pad
 * closes the help. */
static void title_on_nav(App *app, Nav nav)
{
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

void screens_on_nav(App *app, Nav nav)
{
    switch (app->screen) {
    case SCREEN_TITLE: title_on_nav(app, nav); break;
    case SCREEN_DEATH:
    case SCREEN_VICTORY:
        /* A key still held from the fight must not skip what ended the game. */
        if (nav != NAV_NONE &&
            SDL_TICKS_PASSED(SDL_GetTicks(), app->fade_start + APP_END_GUARD_MS)) {
            sound_play(&app->sound, SOUND_MENU_SELECT);
            app_set_screen(app, SCREEN_SUMMARY);
        }
        break;
    case SCREEN_SUMMARY:
        if (nav == NAV_OK || nav == NAV_BACK) {
            sound_play(&app->sound, SOUND_MENU_SELECT);
            app_set_screen(app, SCREEN_HIGHSCORES);
        }
        break;
    case SCREEN_HIGHSCORES:
        if (nav == NAV_UP || nav == NAV_DOWN) {
            int n = app->scores.count;
            if (n > 0)
                app->score_selected = (app->score_selected + (nav == NAV_UP ? n - 1 : 1)) % n;
        } else if (nav == NAV_ALT) {
            watch_chosen(app);
        } else if (nav == NAV_OK || nav == NAV_BACK) {
            sound_play(&app->sound, SOUND_MENU_SELECT);
            app_set_screen(app, SCREEN_TITLE);
        }
        break;
    default: break;
    }
    app->dirty = true;
}

void screens_on_motion(App *app, int x, int y)
{
    if (app->screen != SCREEN_TITLE)
        return;
    int row = menu_row_at(&app->menu, x, y);
    if (row >= 0 && !app->menu.disabled[row] && row != app->menu.selected) {
        app->menu.selected = row;
        sound_play(&app->sound, SOUND_MENU_MOVE);
        app->dirty = true;
    }
}

void screens_on_click(App *app, int x, int y)
{
    if (app->screen == SCREEN_TITLE && app->title_help) {
        app->title_help = false; /* a click closes the help */
        app->dirty = true;
    } else if (app->screen == SCREEN_TITLE && (app->seed_prompt || app->confirm_new)) {
        return; /* answered with keys: Return or Escape */
    } else if (app->screen == SCREEN_TITLE) {
        int row = menu_row_at(&app->menu, x, y);
        if (row >= 0 && !app->menu.disabled[row])
            title_select(app, row);
    } else {
        screens_on_nav(app, NAV_OK);
    }
}

void screens_logic(App *app)
{
    /* The fade moves every frame until it is done; then the screen waits for a key. */
    if (app->screen == SCREEN_DEATH &&
        !SDL_TICKS_PASSED(SDL_GetTicks(), app->fade_start + APP_DEATH_FADE_MS + 100))
        app->dirty = true;
}
