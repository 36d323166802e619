#define _POSIX_C_SOURCE 200809L /* localtime_r */
#include "ui/app.h"

#include <SDL.h>
#include <SDL_image.h>
#include <SDL_ttf.h>
#include <inttypes.h>
#include <stdio.h>
#include <time.h>

#include "game/game.h"
#include "ui/atlas.h"
#include "ui/camera.h"
#include "ui/draw_map.h"
#include "ui/hud.h"
#include "ui/input.h"
#include "ui/loop.h"
#include "ui/paths.h"
#include "ui/sound.h"
#include "ui/text.h"
#include "ui/view.h"

enum {
    WINDOW_W = 1280,
    WINDOW_H = 720,
    /* The smallest logical view; the window shows it at the largest whole scale that fits,
     * so pixels stay square and sharp at any size. */
    BASE_W = 640,
    BASE_H = 360,
    TICK_HZ = 60,
    FLOOR_BLANK_MS = 500,
    FONT_POINTS = 16
};

typedef struct App {
    SDL_Window *window;
    SDL_Renderer *renderer;
    Atlas atlas;
    Text text;
    Sound sound;
    Keymap keys;
    Rules rules;
    Game game;
    bool game_ready;
    Camera camera;
    int scale, width, height; /* logical view size */
    Uint32 blank_until;       /* the screen stays black until then after a floor change */
    SDL_Keycode held_blocked; /* a held key whose move was refused: ignore its repeats */
    enum { OVERLAY_NONE, OVERLAY_PACK, OVERLAY_HELP, OVERLAY_LOG } overlay; /* a panel on top */
    int log_scroll;           /* message log: how many of the newest are scrolled past */
    bool want_shot;           /* F12: save the next frame */
    SDL_Texture *frame;       /* the logical view, drawn at 1x, shown scaled */
    char toast[1600];         /* a line from the front end itself (screenshot saved) */
    Uint32 toast_until;
    int mouse_x, mouse_y;     /* the pointer, in logical pixels; -1 when outside the window */
    PathCell path[MAP_WIDTH * MAP_HEIGHT]; /* the travel path to the cell under the pointer */
    int path_len;
    int path_x, path_y;         /* ... found for this cell, */
    uint32_t path_turn, path_knowledge; /* at this turn and knowledge (else find it again) */
    Uint32 next_step;         /* when travel or exploring takes its next step */
    bool dirty;               /* something changed since the last frame was drawn */
    bool quit;
} App;

static void relayout(App *app)
{
    int out_w, out_h;
    if (SDL_GetRendererOutputSize(app->renderer, &out_w, &out_h) != 0)
        SDL_GetWindowSize(app->window, &out_w, &out_h);
    int sx = out_w / BASE_W, sy = out_h / BASE_H;
    app->scale = sx < sy ? sx : sy;
    if (app->scale < 1)
        app->scale = 1;
    app->width = out_w / app->scale;
    app->height = out_h / app->scale;
    /* Every frame is drawn at 1x into a texture of the logical size, then copied up once at
     * the whole-number scale: sharp pixels, and one scaled copy instead of one per sprite. */
    if (app->frame)
        SDL_DestroyTexture(app->frame);
    app->frame = SDL_CreateTexture(app->renderer, SDL_PIXELFORMAT_RGBA8888,
                                   SDL_TEXTUREACCESS_TARGET, app->width, app->height);
    if (!app->frame) /* no render targets: draw scaled directly */
        SDL_RenderSetScale(app->renderer, (float)app->scale, (float)app->scale);
    app->dirty = true;
}

static SDL_Rect map_area(const App *app)
{
    View view = {.text = &app->text, .width = app->width, .height = app->height};
    return view_map_area(&view);
}

static void toggle_fullscreen(App *app)
{
    bool full = SDL_GetWindowFlags(app->window) & SDL_WINDOW_FULLSCREEN_DESKTOP;
    SDL_SetWindowFullscreen(app->window, full ? 0 : SDL_WINDOW_FULLSCREEN_DESKTOP);
    relayout(app);
}

static bool blanking(const App *app)
{
    return app->blank_until && !SDL_TICKS_PASSED(SDL_GetTicks(), app->blank_until);
}

static void send_command(App *app, const Command *cmd, SDL_Keycode key)
{
    game_apply(&app->game, cmd);
    if (app->game.events & GAME_EVENT_FLOOR_CHANGED)
        app->blank_until = SDL_GetTicks() + FLOOR_BLANK_MS;
    if (app->game.events & GAME_EVENT_BLOCKED)
        app->held_blocked = key;
    app->dirty = true;
}

enum { STEP_MS = 45 /* travel and exploring: one step this often, so the walk can be seen */ };

/* Walks to the stairs the player has seen (the game says so if there are none yet). */
static void travel_to_stairs(App *app, int dir)
{
    Command cmd = command_travel_stairs(dir);
    send_command(app, &cmd, SDLK_UNKNOWN);
    app->next_step = SDL_GetTicks() + STEP_MS;
}

/* The pack panel: a letter uses that item (a Health Pack heals, gear is worn or taken off),
 * Shift and a letter drops it; Tab, i or Escape closes. */
static void on_pack_key(App *app, const SDL_KeyboardEvent *ev, Action action)
{
    SDL_Keycode k = ev->keysym.sym;
    if (action == ACTION_INVENTORY || k == SDLK_ESCAPE) {
        app->overlay = OVERLAY_NONE;
    } else if (k >= SDLK_a && k <= SDLK_z) {
        int index = (int)(k - SDLK_a);
        if (index < app->game.inventory_count) {
            Command cmd = command_item(ev->keysym.mod & KMOD_SHIFT ? CMD_DROP : CMD_USE, index);
            send_command(app, &cmd, SDLK_UNKNOWN);
        }
    }
    app->dirty = true;
}

/* Help and log panels: arrows and Page keys scroll the log; anything else closes. */
static void on_panel_key(App *app, const SDL_KeyboardEvent *ev, Action action)
{
    SDL_Keycode k = ev->keysym.sym;
    int page = 10;
    if (app->overlay == OVERLAY_LOG && (k == SDLK_UP || k == SDLK_PAGEUP || action == ACTION_MOVE_N))
        app->log_scroll += k == SDLK_PAGEUP ? page : 1;
    else if (app->overlay == OVERLAY_LOG &&
             (k == SDLK_DOWN || k == SDLK_PAGEDOWN || action == ACTION_MOVE_S))
        app->log_scroll -= k == SDLK_PAGEDOWN ? page : 1;
    else if (action == ACTION_LOG && app->overlay != OVERLAY_LOG)
        app->overlay = OVERLAY_LOG;
    else
        app->overlay = OVERLAY_NONE;
    int most = msglog_count(&app->game.log) - 1;
    app->log_scroll = app->log_scroll < 0 ? 0 : app->log_scroll > most ? most : app->log_scroll;
    app->dirty = true;
}

static void on_key(App *app, const SDL_KeyboardEvent *ev)
{
    if (ev->repeat && ev->keysym.sym == app->held_blocked)
        return;
    Action action = keymap_action(&app->keys, ev->keysym.sym);
    bool shift = ev->keysym.mod & KMOD_SHIFT;
    if (ev->keysym.sym == SDLK_PERIOD && shift)
        action = ACTION_TRAVEL_UP; /* '>' on layouts where it is Shift + '.' */
    else if (ev->keysym.sym == SDLK_SLASH && shift)
        action = ACTION_HELP; /* '?' likewise */
    else if (ev->keysym.sym == SDLK_COMMA && shift)
        action = ACTION_TRAVEL_DOWN;
    if (app->game.activity != ACTIVITY_NONE && action != ACTION_FULLSCREEN) {
        Command stop = command_of(CMD_STOP); /* any key ends a walk */
        send_command(app, &stop, SDLK_UNKNOWN);
        return;
    }
    if (action == ACTION_SCREENSHOT) {
        app->want_shot = app->dirty = true;
        return;
    }
    if (app->overlay == OVERLAY_PACK) {
        on_pack_key(app, ev, action);
        return;
    }
    if (app->overlay == OVERLAY_HELP || app->overlay == OVERLAY_LOG) {
        on_panel_key(app, ev, action);
        return;
    }
    Command cmd;
    if (action == ACTION_QUIT)
        app->quit = true;
    else if (action == ACTION_FULLSCREEN)
        toggle_fullscreen(app);
    else if (blanking(app) || app->game.outcome != GAME_PLAYING)
        return;
    else if (action == ACTION_INVENTORY)
        app->overlay = OVERLAY_PACK, app->dirty = true;
    else if (action == ACTION_HELP)
        app->overlay = OVERLAY_HELP, app->dirty = true;
    else if (action == ACTION_LOG)
        app->overlay = OVERLAY_LOG, app->log_scroll = 0, app->dirty = true;
    else if (action == ACTION_TRAVEL_UP)
        travel_to_stairs(app, +1);
    else if (action == ACTION_TRAVEL_DOWN)
        travel_to_stairs(app, -1);
    else if (action_command(action, &cmd)) {
        send_command(app, &cmd, ev->keysym.sym);
        app->next_step = SDL_GetTicks() + STEP_MS;
    }
}

/* Window points to logical pixels: HiDPI output is larger than the window, and the view is
 * scaled up by a whole number. */
static void pointer_to_logical(const App *app, int wx, int wy, int *lx, int *ly)
{
    int win_w, win_h, out_w, out_h;
    SDL_GetWindowSize(app->window, &win_w, &win_h);
    if (SDL_GetRendererOutputSize(app->renderer, &out_w, &out_h) != 0 || win_w <= 0 || win_h <= 0) {
        out_w = win_w;
        out_h = win_h;
    }
    *lx = (int)((long)wx * out_w / (win_w > 0 ? win_w : 1)) / app->scale;
    *ly = (int)((long)wy * out_h / (win_h > 0 ? win_h : 1)) / app->scale;
}

/* The map cell under the pointer, if the pointer is over the map. */
static bool hovered_cell(const App *app, int *cx, int *cy)
{
    SDL_Rect area = map_area(app);
    if (app->mouse_x < area.x || app->mouse_y < area.y || app->mouse_x >= area.x + area.w ||
        app->mouse_y >= area.y + area.h)
        return false;
    *cx = app->camera.x + (app->mouse_x - area.x) / SPRITE_SIZE;
    *cy = app->camera.y + (app->mouse_y - area.y) / SPRITE_SIZE;
    return map_in_bounds(&app->game.floors[app->game.current]->map, *cx, *cy);
}

static void on_mouse_motion(App *app, const SDL_MouseMotionEvent *ev)
{
    pointer_to_logical(app, ev->x, ev->y, &app->mouse_x, &app->mouse_y);
    app->dirty = true;
}

/* A click on a cell the player has seen walks there by the path shown. */
static void on_click(App *app, const SDL_MouseButtonEvent *ev)
{
    pointer_to_logical(app, ev->x, ev->y, &app->mouse_x, &app->mouse_y);
    int cx, cy;
    if (ev->button != SDL_BUTTON_LEFT || app->overlay != OVERLAY_NONE || blanking(app) ||
        app->game.outcome != GAME_PLAYING || !hovered_cell(app, &cx, &cy))
        return;
    if (app->game.activity != ACTIVITY_NONE) {
        Command stop = command_of(CMD_STOP);
        send_command(app, &stop, SDLK_UNKNOWN);
        return;
    }
    Command go = command_travel(cx, cy);
    send_command(app, &go, SDLK_UNKNOWN);
    app->next_step = SDL_GetTicks() + STEP_MS;
}

static void on_window_event(App *app, const SDL_WindowEvent *ev)
{
    if (ev->event == SDL_WINDOWEVENT_SIZE_CHANGED)
        relayout(app);
    else if (ev->event == SDL_WINDOWEVENT_LEAVE)
        app->mouse_x = app->mouse_y = -1, app->dirty = true;
    else if (ev->event == SDL_WINDOWEVENT_EXPOSED)
        app->dirty = true;
}

static bool app_logic(void *ctx)
{
    App *app = ctx;
    SDL_Event ev;
    while (SDL_PollEvent(&ev)) {
        switch (ev.type) {
        case SDL_QUIT: app->quit = true; break;
        case SDL_KEYDOWN: on_key(app, &ev.key); break;
        case SDL_KEYUP:
            if (ev.key.keysym.sym == app->held_blocked)
                app->held_blocked = SDLK_UNKNOWN;
            break;
        case SDL_WINDOWEVENT: on_window_event(app, &ev.window); break;
        case SDL_MOUSEMOTION: on_mouse_motion(app, &ev.motion); break;
        case SDL_RENDER_TARGETS_RESET: app->dirty = true; break;
        case SDL_RENDER_DEVICE_RESET: relayout(app); break;
        case SDL_MOUSEBUTTONDOWN: on_click(app, &ev.button); break;
        }
    }
    if (app->blank_until && !blanking(app)) {
        app->blank_until = 0;
        app->dirty = true;
    }
    if (app->toast_until && SDL_TICKS_PASSED(SDL_GetTicks(), app->toast_until)) {
        app->toast_until = 0;
        app->dirty = true;
    }
    if (app->game.activity != ACTIVITY_NONE && !blanking(app) &&
        SDL_TICKS_PASSED(SDL_GetTicks(), app->next_step)) {
        Command next = command_of(CMD_CONTINUE);
        send_command(app, &next, SDLK_UNKNOWN);
        app->next_step = SDL_GetTicks() + STEP_MS;
    }
    return !app->quit;
}

static bool app_idle(void *ctx)
{
    const App *app = ctx;
    return !app->dirty && !app->blank_until && !app->quit && !app->toast_until &&
           app->game.activity == ACTIVITY_NONE;
}

/* F12: the frame as it is on screen, to a PNG in the user's folder. */
static void save_screenshot(App *app)
{
    char dir[1024], err[1200], path[1300];
    int w, h;
    SDL_Surface *shot = NULL;
    if (!paths_user_dir(dir, sizeof dir, err, sizeof err)) {
        snprintf(app->toast, sizeof app->toast, "No screenshot: %s", err);
    } else if (SDL_GetRendererOutputSize(app->renderer, &w, &h) != 0 ||
               !(shot = SDL_CreateRGBSurfaceWithFormat(0, w, h, 24, SDL_PIXELFORMAT_RGB24)) ||
               SDL_RenderReadPixels(app->renderer, NULL, SDL_PIXELFORMAT_RGB24, shot->pixels,
                                    shot->pitch) != 0) {
        snprintf(app->toast, sizeof app->toast, "No screenshot: %s", SDL_GetError());
    } else {
        time_t now = time(NULL);
        struct tm tm;
        localtime_r(&now, &tm);
        char stamp[32];
        strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tm);
        snprintf(path, sizeof path, "%s/screenshot-%s-%03u.png", dir, stamp,
                 (unsigned)(SDL_GetTicks() % 1000));
        char tmp[1400];
        snprintf(tmp, sizeof tmp, "%s.tmp", path); /* whole or not at all */
        if (IMG_SavePNG(shot, tmp) == 0 && rename(tmp, path) == 0)
            snprintf(app->toast, sizeof app->toast, "Screenshot saved: %s", path);
        else {
            snprintf(app->toast, sizeof app->toast, "No screenshot: %s: %s", path, IMG_GetError());
            remove(tmp);
        }
    }
    SDL_FreeSurface(shot);
    fprintf(stderr, "mouseking: %s\n", app->toast);
    app->toast_until = SDL_GetTicks() + 4000;
}

static void app_draw(void *ctx)
{
    App *app = ctx;
    if (!app->dirty)
        return;
    app->dirty = false;
    if (app->frame) {
        SDL_SetRenderTarget(app->renderer, app->frame);
        SDL_RenderSetScale(app->renderer, 1, 1);
    }
    SDL_SetRenderDrawColor(app->renderer, 0, 0, 0, 255);
    SDL_RenderClear(app->renderer);
    if (!blanking(app)) {
        int cx = -1, cy = -1;
        if (!(app->overlay == OVERLAY_NONE && hovered_cell(app, &cx, &cy)))
            cx = cy = -1;
        if (cx < 0 || app->game.activity != ACTIVITY_NONE) {
            app->path_len = 0;
            app->path_x = -1;
        } else if (cx != app->path_x || cy != app->path_y || app->game.turn != app->path_turn ||
                   app->game.knowledge != app->path_knowledge) {
            /* Only when the pointer moves to another cell or the game moves on. */
            app->path_len = game_travel_path(&app->game, cx, cy, app->path, MAP_WIDTH * MAP_HEIGHT);
            app->path_x = cx;
            app->path_y = cy;
            app->path_turn = app->game.turn;
            app->path_knowledge = app->game.knowledge;
        }
        View view = {app->renderer, &app->atlas, &app->text, app->width, app->height, app->camera};
        view_draw_play(&view, &app->game, cx, cy, app->path, app->path_len);
        app->camera = view.camera;
        if (app->overlay == OVERLAY_PACK)
            hud_draw_pack(app->renderer, &app->text, &app->game, app->width, app->height);
        else if (app->overlay == OVERLAY_HELP)
            hud_draw_help(app->renderer, &app->text, &app->game, &app->keys, app->width,
                          app->height);
        else if (app->overlay == OVERLAY_LOG)
            hud_draw_log(app->renderer, &app->text, &app->game, app->log_scroll, app->width,
                         app->height);
        if (app->toast_until && !SDL_TICKS_PASSED(SDL_GetTicks(), app->toast_until))
            hud_draw_toast(app->renderer, &app->text, app->toast, app->width, app->height);
        if (app->game.outcome != GAME_PLAYING)
            hud_draw_ending(app->renderer, &app->text, &app->game, app->width, app->height);
    }
    if (app->frame) {
        SDL_SetRenderTarget(app->renderer, NULL);
        SDL_SetRenderDrawColor(app->renderer, 0, 0, 0, 255);
        SDL_RenderClear(app->renderer);
        SDL_Rect shown = {0, 0, app->width * app->scale, app->height * app->scale};
        SDL_RenderCopy(app->renderer, app->frame, NULL, &shown);
    }
    if (app->want_shot) {
        app->want_shot = false;
        save_screenshot(app);
        app->dirty = true; /* show the line that says where it went */
    }
    SDL_RenderPresent(app->renderer);
}

static bool open_window(App *app, const AppConfig *config)
{
    if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_EVENTS) != 0) {
        fprintf(stderr, "mouseking: cannot open a display: %s\n", SDL_GetError());
        return false;
    }
    /* With no display SDL falls back to drivers that draw nowhere; a player would see nothing
     * and a game that never ends. Allow them only when asked for by name. */
    const char *driver = SDL_GetCurrentVideoDriver();
    const char *asked = SDL_getenv("SDL_VIDEODRIVER");
    if (driver && (SDL_strcmp(driver, "offscreen") == 0 || SDL_strcmp(driver, "dummy") == 0) &&
        !(asked && SDL_strcmp(asked, driver) == 0)) {
        fprintf(stderr, "mouseking: no display found (is DISPLAY or WAYLAND_DISPLAY set?)\n");
        return false;
    }
    SDL_SetHint(SDL_HINT_RENDER_SCALE_QUALITY, "nearest");
    Uint32 flags = SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI |
                   (config->fullscreen ? SDL_WINDOW_FULLSCREEN_DESKTOP : 0);
    app->window = SDL_CreateWindow("Mouse King", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED,
                                   WINDOW_W, WINDOW_H, flags);
    if (!app->window) {
        fprintf(stderr, "mouseking: cannot open a window: %s\n", SDL_GetError());
        return false;
    }
    SDL_SetWindowMinimumSize(app->window, BASE_W, BASE_H);
    app->renderer = SDL_CreateRenderer(app->window, -1, SDL_RENDERER_ACCELERATED);
    if (!app->renderer)
        app->renderer = SDL_CreateRenderer(app->window, -1, SDL_RENDERER_SOFTWARE);
    if (!app->renderer) {
        fprintf(stderr, "mouseking: cannot create a renderer: %s\n", SDL_GetError());
        return false;
    }
    return true;
}

static bool load_assets(App *app)
{
    char assets[1024], err[1200], font[1200];
    if (!paths_find_assets(assets, sizeof assets, err, sizeof err) ||
        !atlas_load(&app->atlas, app->renderer, assets, err, sizeof err)) {
        fprintf(stderr, "mouseking: %s\n", err);
        return false;
    }
    snprintf(font, sizeof font, "%s/data/rules.json", assets);
    if (!rules_load(&app->rules, font, err, sizeof err)) {
        fprintf(stderr, "mouseking: %s\n", err);
        return false;
    }
    snprintf(font, sizeof font, "%s/fonts/ProggyTiny.ttf", assets);
    if (!text_load(&app->text, app->renderer, font, FONT_POINTS, err, sizeof err)) {
        fprintf(stderr, "mouseking: %s\n", err);
        return false;
    }
    if (app->atlas.icon)
        SDL_SetWindowIcon(app->window, app->atlas.icon);
    return true;
}

static void close_app(App *app)
{
    if (app->game_ready)
        game_free(&app->game);
    sound_quit(&app->sound);
    if (app->frame)
        SDL_DestroyTexture(app->frame);
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
}

int app_run(const AppConfig *config)
{
    App app = {0};
    app.mouse_x = app.mouse_y = -1;
    int status = 1;
    keymap_default(&app.keys);
    if (!open_window(&app, config) || !load_assets(&app))
        goto done;
    sound_init(&app.sound, config->sound);
    if (!game_init(&app.game, config->seed, &app.rules)) {
        fprintf(stderr, "mouseking: cannot start a game of seed %" PRIu64 ": %s\n", config->seed,
                app.game.error);
        goto done;
    }
    app.game_ready = true;
    relayout(&app);
    LoopDelegates loop = {
        .logic = app_logic, .draw = app_draw, .idle = app_idle, .ctx = &app, .hz = TICK_HZ};
    loop_run(&loop);
    status = 0;
done:
    close_app(&app);
    return status;
}
