#define _POSIX_C_SOURCE 200809L /* sigaction */
#include "ui/app.h"

#include <SDL.h>
#include <SDL_image.h>
#include <SDL_ttf.h>
#include <errno.h>
#include <inttypes.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "core/errline.h"
#include "core/paths.h"
#include "core/rng.h"
#include "ui/app_internal.h"
#include "ui/layout.h"
#include "ui/loop.h"
#include "ui/screen.h"

enum { TICK_HZ = 60, TOAST_MS = 4000 };

void app_toast(App *app, const char *fmt, ...)
{
    va_list args;
    va_start(args, fmt);
    vsnprintf(app->toast, sizeof app->toast, fmt, args);
    va_end(args);
    errline_say(stderr, "%s", app->toast);
    app->toast_until = SDL_GetTicks() + TOAST_MS;
    app->dirty = true;
}

void app_apply_options(App *app)
{
    sound_set_volumes(&app->sound, app->options.sound_volume, app->options.music_volume);
    app_set_fullscreen(app, app->options.fullscreen);
    char err[1400];
    if (!atlas_set_contrast(&app->atlas, app->renderer, app->assets, app->options.high_contrast,
                            err, sizeof err))
        app_toast(app, "%s", err);
    app->dirty = true;
}

bool app_game_in_progress(const App *app)
{
    return app->game_ready && app->game.outcome == GAME_PLAYING;
}

/* A seed nobody chose, when the command line gave none or its game has been played. */
static uint64_t fresh_seed(void)
{
    return rng_mix64(SDL_GetPerformanceCounter() ^ ((uint64_t)time(NULL) << 20));
}

bool app_new_game(App *app)
{
    return app_start_game(app, app->first_game_done ? fresh_seed() : app->config->seed);
}

bool app_start_game(App *app, uint64_t seed)
{
    if (app->game_ready)
        game_free(&app->game);
    app->game_ready = false;
    if (!game_init(&app->game, seed, &app->rules)) {
        app_toast(app, "cannot start a game of seed %" PRIu64 ": %s", seed, app->game.error);
        return false;
    }
    printf("Mouse King: seed %" PRIu64 "\n", seed);
    fflush(stdout);
    app->game_ready = app->first_game_done = true;
    session_close(&app->session);
    if (app->journal_path[0] && !app->read_only &&
        !session_begin(&app->session, &app->game, app->save_path, app->journal_path))
        app_toast(app, "%s", app->session.error);
    app_save_game(app); /* the old save is this game's now */
    app->overlay = OVERLAY_NONE;
    app->path_x = -1;
    app->pack_selected = 0;
    app->new_score_rank = -1;
    for (int i = 0; i < APP_FX_MAX; i++)
        app->fx[i].duration = 0;
    return true;
}

/* The one place a Screen is turned into what the screen does. */
static const ScreenHandlers *const screens[SCREEN_COUNT] = {
    [SCREEN_TITLE] = &title_screen,           [SCREEN_PLAY] = &play_screen,
    [SCREEN_OPTIONS] = &options_screen,       [SCREEN_KEYS] = &keys_screen,
    [SCREEN_HIGHSCORES] = &highscores_screen, [SCREEN_DEATH] = &death_screen,
    [SCREEN_VICTORY] = &victory_screen,       [SCREEN_SUMMARY] = &summary_screen,
    [SCREEN_REPLAY] = &replay_screen,         [SCREEN_RECORDINGS] = &recordings_screen,
};

const ScreenHandlers *app_screen(const App *app)
{
    return screens[app->screen];
}

void app_set_screen(App *app, Screen screen)
{
    app->screen = screen;
    app->play_clock = 0; /* time off the play screen is not played */
    app->dirty = true;
    if (app_screen(app)->enter)
        app_screen(app)->enter(app);
}

static void on_nav(App *app, Nav nav)
{
    if (nav != NAV_NONE && app_screen(app)->nav)
        app_screen(app)->nav(app, nav);
}

/* The keys every screen shares: F12 (the screenshot) and the fullscreen key. */
static void on_key(App *app, const SDL_KeyboardEvent *ev)
{
    const ScreenHandlers *s = app_screen(app);
    Action action = keymap_action(&app->options.keys, ev->keysym.sym);
    if (s->bind && s->bind(app, ev))
        return; /* a key being bound is just a key */
    if (action == ACTION_SCREENSHOT) {
        app->want_shot = app->dirty = true;
        return;
    }
    if (s->own_keys) {
        s->key(app, ev);
        return;
    }
    if (action == ACTION_FULLSCREEN) {
        app_toggle_fullscreen(app);
        if (s->refresh)
            s->refresh(app);
        return;
    }
    if (s->key && s->key(app, ev))
        return;
    if (!ev->repeat || s->nav_repeats)
        on_nav(app, nav_of_key(&app->options.keys, ev->keysym.sym));
}

static Nav nav_of_pad(GamepadButton b)
{
    switch (b) {
    case PAD_UP: return NAV_UP;
    case PAD_DOWN: return NAV_DOWN;
    case PAD_LEFT: return NAV_LEFT;
    case PAD_RIGHT: return NAV_RIGHT;
    case PAD_A:
    case PAD_START: return NAV_OK;
    case PAD_B: return NAV_BACK;
    case PAD_X: return NAV_ALT;
    default: return NAV_NONE;
    }
}

static void on_pad(App *app, GamepadButton b)
{
    if (b == PAD_NONE)
        return;
    if (app_screen(app)->pad)
        app_screen(app)->pad(app, b);
    else
        on_nav(app, nav_of_pad(b));
}

static void on_mouse_motion(App *app, const SDL_MouseMotionEvent *ev)
{
    app_pointer_to_logical(app, ev->x, ev->y);
    if (app_screen(app)->motion)
        app_screen(app)->motion(app);
}

static void on_click(App *app, const SDL_MouseButtonEvent *ev)
{
    app_pointer_to_logical(app, ev->x, ev->y);
    if (app_screen(app)->click)
        app_screen(app)->click(app, ev);
}

static void on_wheel(App *app, const SDL_MouseWheelEvent *ev)
{
    if (app_screen(app)->wheel)
        app_screen(app)->wheel(app, ev->direction == SDL_MOUSEWHEEL_FLIPPED ? -ev->y : ev->y);
}

static void on_key_up(App *app, const SDL_KeyboardEvent *ev)
{
    if (app_screen(app)->key_up)
        app_screen(app)->key_up(app, ev);
}

static void on_window_event(App *app, const SDL_WindowEvent *ev)
{
    switch (ev->event) {
    case SDL_WINDOWEVENT_SIZE_CHANGED:
        app_relayout(app);
        app_note_window(app);
        break;
    case SDL_WINDOWEVENT_MOVED:
    case SDL_WINDOWEVENT_MAXIMIZED: app_note_window(app); break;
    case SDL_WINDOWEVENT_RESTORED: /* from maximised or minimised */
        app_note_window(app);
        app->dirty = true;
        break;
    case SDL_WINDOWEVENT_LEAVE:
        app->mouse_x = app->mouse_y = -1;
        app->dirty = true;
        break;
    case SDL_WINDOWEVENT_FOCUS_LOST: app->held_blocked = SDLK_UNKNOWN; break;
    /* Back from alt-tab or a minimised window: the frame must be drawn again. */
    case SDL_WINDOWEVENT_EXPOSED:
    case SDL_WINDOWEVENT_SHOWN:
    case SDL_WINDOWEVENT_FOCUS_GAINED: app->dirty = true; break;
    default: break;
    }
}

static void on_pad_event(App *app, const SDL_Event *ev)
{
    switch (ev->type) {
    case SDL_CONTROLLERDEVICEADDED:
    case SDL_CONTROLLERDEVICEREMOVED:
    case SDL_CONTROLLERAXISMOTION:
    case SDL_CONTROLLERBUTTONDOWN:
    case SDL_CONTROLLERBUTTONUP: on_pad(app, gamepad_event(&app->pad, ev, SDL_GetTicks())); break;
    default: break;
    }
}

static void on_event(App *app, const SDL_Event *ev)
{
    switch (ev->type) {
    case SDL_QUIT: app->quit = true; break;
    case SDL_KEYDOWN: on_key(app, &ev->key); break;
    case SDL_KEYUP: on_key_up(app, &ev->key); break;
    case SDL_WINDOWEVENT: on_window_event(app, &ev->window); break;
    case SDL_MOUSEMOTION: on_mouse_motion(app, &ev->motion); break;
    case SDL_MOUSEBUTTONDOWN: on_click(app, &ev->button); break;
    case SDL_MOUSEWHEEL: on_wheel(app, &ev->wheel); break;
    case SDL_RENDER_TARGETS_RESET: app->dirty = true; break;
    case SDL_RENDER_DEVICE_RESET: app_relayout(app); break;
    default: on_pad_event(app, ev); break;
    }
}

/* A direction held on the pad moves through a menu again and again. */
static void repeat_pad_nav(App *app)
{
    GamepadButton held = gamepad_repeat(&app->pad, SDL_GetTicks());
    if (held == PAD_UP || held == PAD_DOWN || held == PAD_LEFT || held == PAD_RIGHT)
        on_pad(app, held);
}

static bool app_logic(void *ctx)
{
    App *app = ctx;
    SDL_Event ev;
    while (SDL_PollEvent(&ev))
        on_event(app, &ev);
    if (app->toast_until && SDL_TICKS_PASSED(SDL_GetTicks(), app->toast_until)) {
        app->toast_until = 0;
        app->dirty = true;
    }
    if (app->game_ready)
        session_tick(&app->session, SDL_GetTicks64());
    const ScreenHandlers *s = app_screen(app);
    if (s->logic)
        s->logic(app);
    if (!s->pad) /* the pad moves through the screen's menu */
        repeat_pad_nav(app);
    return !app->quit;
}

static bool app_idle(void *ctx)
{
    const App *app = ctx;
    if (app->dirty || app->quit || app->toast_until || app->pad.held != PAD_NONE)
        return false;
    return !app_screen(app)->busy || !app_screen(app)->busy(app);
}

static void app_draw(void *ctx)
{
    App *app = ctx;
    if (!app->dirty)
        return;
    app->dirty = false;
    SDL_RenderSetScale(app->renderer, 1, 1);
    SDL_SetRenderDrawColor(app->renderer, 0, 0, 0, 255);
    SDL_RenderClear(app->renderer);
    SDL_RenderSetScale(app->renderer, (float)app->scale, (float)app->scale);
    if (app_screen(app)->draw)
        app_screen(app)->draw(app);
    if (app->toast_until && !SDL_TICKS_PASSED(SDL_GetTicks(), app->toast_until))
        hud_draw_toast(app->renderer, &app->text, app->toast, app->width, app->height);
    SDL_RenderSetScale(app->renderer, 1, 1);
    if (app->want_shot) {
        app->want_shot = false;
        if (app->locked) /* the folder is the other copy's */
            app_toast(app, "No screenshot: Mouse King is already running for this user");
        else
            app_save_screenshot(app); /* its toast is drawn next frame */
    }
    SDL_RenderPresent(app->renderer);
}

/* SIGHUP (the terminal closed) and SIGQUIT end the game as SIGTERM does: SDL turns SIGTERM
 * into a quit event, and the game is saved on the way out. raise is async-signal-safe; the
 * idle loop wakes at least twice a second to see the event. */
static void on_quit_signal(int sig)
{
    (void)sig;
    int saved = errno;
    raise(SIGTERM);
    errno = saved;
}

static void forward_quit_signals(void)
{
    struct sigaction term;
    /* Only when SDL catches SIGTERM (SDL_HINT_NO_SIGNAL_HANDLERS not set), else the raise
     * would end the game unsaved as the signal itself does. */
    if (sigaction(SIGTERM, NULL, &term) != 0 || term.sa_handler == SIG_DFL ||
        term.sa_handler == SIG_IGN)
        return;
    static const int quits[] = {SIGHUP, SIGQUIT};
    for (size_t i = 0; i < sizeof quits / sizeof *quits; i++) {
        struct sigaction old, sa;
        if (sigaction(quits[i], NULL, &old) != 0 || old.sa_handler == SIG_IGN)
            continue; /* ignored (nohup): stays ignored */
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = on_quit_signal;
        sigemptyset(&sa.sa_mask);
        sa.sa_flags = SA_RESTART;
        sigaction(quits[i], &sa, NULL);
    }
}

static bool load_assets(App *app)
{
    char err[1400], path[1200];
    if (!paths_find_assets(app->assets, sizeof app->assets, err, sizeof err) ||
        !atlas_load(&app->atlas, app->renderer, app->assets, err, sizeof err)) {
        errline_say(stderr, "%s", err);
        return false;
    }
    snprintf(path, sizeof path, "%s/data/rules.json", app->assets);
    if (!rules_load(&app->rules, path, err, sizeof err)) {
        errline_say(stderr, "%s", err);
        return false;
    }
    snprintf(path, sizeof path, "%s/fonts/ProggyTiny.ttf", app->assets);
    if (!text_load(&app->text, app->renderer, path, LAYOUT_FONT_POINTS, err, sizeof err)) {
        errline_say(stderr, "%s", err);
        return false;
    }
    if (app->atlas.icon)
        SDL_SetWindowIcon(app->window, app->atlas.icon);
    return true;
}

static void close_app(App *app)
{
    if (app->window && app->renderer) {
        app_note_window(app);
        app_save_options(app); /* the window's place and size, the zoom */
    }
    if (app->game_ready) {
        /* quitting, the window closed, SIGTERM (SDL makes it a quit), SIGHUP or SIGQUIT */
        app_save_game(app);
        session_close(&app->session);
        game_free(&app->game);
    }
    replay_close(app);
    gamepad_quit(&app->pad);
    sound_quit(&app->sound);
    text_free(&app->text);
    atlas_free(&app->atlas);
    if (app->renderer)
        SDL_DestroyRenderer(app->renderer);
    if (app->window)
        SDL_DestroyWindow(app->window);
    if (TTF_WasInit())
        TTF_Quit();
    IMG_Quit();
    SDL_Quit();
    userlock_release(&app->lock); /* last: every write above was made under it */
}

int app_run(const AppConfig *config)
{
    static App app; /* large (the path buffer); one per process */
    app = (App){0};
    app.config = config;
    app.mouse_x = app.mouse_y = -1;
    app.new_score_rank = -1;
    app.lock.fd = -1;
    int status = 1;
    app_load_user_files(&app);
    if (config->window != 0) /* --fullscreen or --windowed over the saved choice */
        app.options.fullscreen = config->window > 0;
    if (!app_open_window(&app)) /* windowed: app_apply_options goes fullscreen */
        goto done;
    forward_quit_signals(); /* after SDL_Init, which installs the SIGTERM handler */
    if (!load_assets(&app))
        goto done;
    sound_init(&app.sound, config->sound);
    char err[1400];
    if (!sound_load(&app.sound, app.assets, err, sizeof err)) {
        errline_say(stderr, "%s; playing silent", err);
        sound_quit(&app.sound);
    }
    gamepad_init(&app.pad, app.pad_mappings);
    app_load_saved_game(&app);
    app.view.renderer = app.renderer;
    app.view.atlas = &app.atlas;
    app.view.text = &app.text;
    app.view.zoom = app.options.zoom == 2   ? ZOOM_CLOSER
                    : app.options.zoom == 1 ? ZOOM_CLOSE
                                            : ZOOM_FLOOR;
    app.view.follow_x = app.view.follow_y = -1;
    app_relayout(&app);
    app_apply_options(&app);
    app_set_screen(&app, SCREEN_TITLE);
    if (config->replay_path && !replay_open(&app, config->replay_path, SCREEN_TITLE)) {
        status = 1; /* its toast said why on stderr */
        goto done;
    }
    LoopDelegates loop = {
        .logic = app_logic, .draw = app_draw, .idle = app_idle, .ctx = &app, .hz = TICK_HZ};
    loop_run(&loop);
    status = 0;
done:
    close_app(&app);
    return status;
}
