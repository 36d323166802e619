/* Watching a recording: the game replayed from its seed and its commands in the play view
 * (the sidebar, the messages, hover descriptions), a turn at a time at a speed the viewer
 * sets; paused, stepped, or run on to the next floor. Every checksum of the recording is
 * checked on the way: a recording out of step stops there and says so. And the list of the
 * finished games' recordings kept in the user folder ("Watch a game") is screen_recordings.c. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ui/app_internal.h"
#include "ui/palette.h"
#include "ui/screen.h"

static const int SPEEDS[] = {1, 2, 4, 8, 16, 32, 64, 256}; /* turns a second */
enum { SPEED_COUNT = sizeof SPEEDS / sizeof SPEEDS[0], SPEED_DEFAULT = 3 };

void replay_close(App *app)
{
    if (app->replay_ready) {
        game_free(&app->replay_game);
        journal_free(&app->replay);
    }
    app->replay_ready = false;
}

bool replay_open(App *app, const char *path, Screen back)
{
    char err[1400];
    replay_close(app);
    if (!journal_read(path, &app->rules, &app->replay, err, sizeof err)) {
        app_toast(app, "Cannot watch: %s", err);
        return false;
    }
    if (!journal_start_game(&app->replay, &app->rules, &app->replay_game, err, sizeof err)) {
        app_toast(app, "Cannot watch %s: %s", path, err);
        journal_free(&app->replay);
        return false;
    }
    app->replay_ready = true;
    app->replay_pos = 0;
    app->replay_paused = false;
    app->replay_speed = SPEED_DEFAULT;
    app->replay_back = back;
    app->replay_next = SDL_GetTicks();
    app->replay_error[0] = '\0';
    const char *name = strrchr(path, '/');
    snprintf(app->replay_name, sizeof app->replay_name, "%s", name ? name + 1 : path);
    if (!journal_closed(&app->replay, app->replay_name, err, sizeof err))
        app_toast(app, "%s", err); /* shown, but its last commands are checked by nothing */
    else if (app->replay.torn)
        app_toast(app, "%s: line %zu is torn: it is shown up to there", app->replay_name,
                  app->replay.lines + 1);
    view_recentre(&app->view);
    app_set_screen(app, SCREEN_REPLAY);
    return true;
}

static bool at_end(const App *app)
{
    return app->replay_pos >= app->replay.count || app->replay_error[0];
}

/* Applies the recording's commands up to the next one that takes a turn (checking each
 * checksum on the way); false at the end or out of step. */
static bool step_turn(App *app)
{
    Game *g = &app->replay_game;
    uint32_t turn = g->turn;
    while (!at_end(app)) {
        char err[1400];
        if (!journal_replay(&app->replay, g, app->replay_pos, app->replay_pos + 1, err,
                            sizeof err)) {
            snprintf(app->replay_error, sizeof app->replay_error, "%s", err);
            app_toast(app, "%s: %s", app->replay_name, err);
            return false;
        }
        app->replay_pos++;
        if (g->turn != turn || g->outcome != GAME_PLAYING)
            return true;
    }
    return false;
}

static void next_floor(App *app)
{
    int floor = app->replay_game.current;
    while (app->replay_game.current == floor && step_turn(app))
        ;
}

/* What the viewer asks for, the first of the list winning when a key would mean two. */
typedef enum ReplayCommand {
    REPLAY_BACK,
    REPLAY_PAUSE,
    REPLAY_STEP,
    REPLAY_FASTER,
    REPLAY_SLOWER,
    REPLAY_NEXT_FLOOR,
    REPLAY_FULLSCREEN,
    REPLAY_NONE
} ReplayCommand;

static const struct {
    SDL_Keycode key;
    ReplayCommand command;
} REPLAY_KEYS[] = {
    {SDLK_ESCAPE, REPLAY_BACK},  {SDLK_SPACE, REPLAY_PAUSE},         {SDLK_p, REPLAY_PAUSE},
    {SDLK_RIGHT, REPLAY_STEP},   {SDLK_PERIOD, REPLAY_STEP},         {SDLK_UP, REPLAY_FASTER},
    {SDLK_PLUS, REPLAY_FASTER},  {SDLK_EQUALS, REPLAY_FASTER},       {SDLK_KP_PLUS, REPLAY_FASTER},
    {SDLK_DOWN, REPLAY_SLOWER},  {SDLK_MINUS, REPLAY_SLOWER},        {SDLK_KP_MINUS, REPLAY_SLOWER},
    {SDLK_n, REPLAY_NEXT_FLOOR}, {SDLK_PAGEDOWN, REPLAY_NEXT_FLOOR}, {SDLK_F11, REPLAY_FULLSCREEN}};

/* The key's command: its own, or its Nav's (the menu keys' Back and Right) if that comes
 * first. */
static ReplayCommand replay_command(const App *app, SDL_Keycode k)
{
    Nav nav = nav_of_key(&app->options.keys, k);
    ReplayCommand c = nav == NAV_BACK ? REPLAY_BACK : nav == NAV_RIGHT ? REPLAY_STEP : REPLAY_NONE;
    for (size_t i = 0; i < sizeof REPLAY_KEYS / sizeof *REPLAY_KEYS; i++)
        if (REPLAY_KEYS[i].key == k && REPLAY_KEYS[i].command < c)
            c = REPLAY_KEYS[i].command;
    return c;
}

static void replay_back(App *app)
{
    replay_close(app);
    if (app->config->replay_path)
        app->quit = true; /* `mouseking replay FILE`: the window was for this alone */
    else
        app_set_screen(app, app->replay_back);
}

static void change_speed(App *app, int step)
{
    int speed = app->replay_speed + step;
    if (speed >= 0 && speed < SPEED_COUNT)
        app->replay_speed = speed;
}

static bool replay_on_key(App *app, const SDL_KeyboardEvent *ev)
{
    switch (replay_command(app, ev->keysym.sym)) {
    case REPLAY_BACK: replay_back(app); break;
    case REPLAY_PAUSE: app->replay_paused = !app->replay_paused; break;
    case REPLAY_STEP:
        app->replay_paused = true;
        step_turn(app);
        break;
    case REPLAY_FASTER: change_speed(app, +1); break;
    case REPLAY_SLOWER: change_speed(app, -1); break;
    case REPLAY_NEXT_FLOOR: next_floor(app); break;
    case REPLAY_FULLSCREEN: app_toggle_fullscreen(app); break;
    case REPLAY_NONE: break;
    }
    app->dirty = true;
    return true;
}

static void replay_on_pad(App *app, GamepadButton b)
{
    static const SDL_Keycode keys[] = {
        [PAD_A] = SDLK_SPACE,   [PAD_B] = SDLK_ESCAPE, [PAD_RIGHT] = SDLK_RIGHT, [PAD_UP] = SDLK_UP,
        [PAD_DOWN] = SDLK_DOWN, [PAD_RB] = SDLK_n,     [PAD_START] = SDLK_ESCAPE};
    if ((unsigned)b < sizeof keys / sizeof *keys && keys[b]) {
        SDL_KeyboardEvent ev = {.keysym.sym = keys[b]};
        replay_on_key(app, &ev);
    }
}

static void replay_logic(App *app)
{
    if (!app->replay_ready || app->replay_paused || at_end(app))
        return;
    Uint32 now = SDL_GetTicks();
    int per_second = SPEEDS[app->replay_speed];
    /* Fast speeds take several turns a tick rather than a turn every few milliseconds. */
    for (int n = 0; SDL_TICKS_PASSED(now, app->replay_next) && n < 16; n++) {
        int floor = app->replay_game.current;
        if (!step_turn(app))
            break;
        app->replay_next += 1000u / (unsigned)per_second;
        if (app->replay_game.current != floor) {
            view_recentre(&app->view);
            app->replay_next = now + 500; /* a new floor: a moment to see it */
            break;
        }
    }
    if (SDL_TICKS_PASSED(now, app->replay_next + 1000))
        app->replay_next = now; /* fell behind (a slow machine, a pause): no burst */
    app->dirty = true;
}

static bool replay_busy(const App *app)
{
    return app->replay_ready && !app->replay_paused && !at_end(app);
}

/* The replay's own line: what is played and the keys. */
static void status_line(App *app, char *line, size_t size)
{
    const Game *g = &app->replay_game;
    const char *state = app->replay_error[0]                     ? "out of step: stopped"
                        : at_end(app) && g->outcome == GAME_WON  ? "the end: won"
                        : at_end(app) && g->outcome == GAME_DIED ? "the end: died"
                        : at_end(app)                            ? "the end of the recording"
                        : app->replay_paused                     ? "paused"
                                                                 : "playing";
    snprintf(line, size,
             "Replay of %s: turn %u, %s, %d turns/s.  Space pause, Right one turn, Up/Down "
             "speed, N next floor, Escape back",
             app->replay_name, (unsigned)g->turn, state, SPEEDS[app->replay_speed]);
}

static void replay_draw(App *app)
{
    if (!app->replay_ready)
        return;
    Game *g = &app->replay_game;
    char line[400];
    status_line(app, line, sizeof line);
    /* The status bar has the map's foot to itself: the map is laid out above it. */
    int lh = app->text.line_height, w = app->view.layout.map.w - 8;
    if (w <= 0) /* not laid out yet: the messages' width, as the map's */
        w = app->width - LAYOUT_SIDEBAR_W - 8;
    int lines = text_wrap_count(&app->text, line, w - 8);
    app->view.foot = lines * lh + 14;
    int cx = -1, cy = -1;
    const Entity *focus = NULL;
    Pointer pointer = {app->mouse_x, app->mouse_y, app->pointer_x, app->pointer_y};
    if (!view_pointer_target(&app->view, g, pointer, &cx, &cy, &focus))
        cx = cy = -1;
    ViewMarks marks = {cx, cy, NULL, 0, focus, false, NULL, NULL};
    view_draw_play(&app->view, g, &marks);
    app->view.foot = 0; /* the play screen keeps the whole map */
    SDL_Rect foot = app->view.layout.foot;
    SDL_Rect box = {foot.x + 4, foot.y + 4, foot.w - 8, foot.h - 6};
    SDL_SetRenderDrawColor(app->renderer, UI_PANEL.r, UI_PANEL.g, UI_PANEL.b, 255);
    SDL_RenderFillRect(app->renderer, &(SDL_Rect){foot.x, foot.y, foot.w, foot.h});
    SDL_SetRenderDrawColor(app->renderer, UI_GOLD.r, UI_GOLD.g, UI_GOLD.b, 255);
    SDL_RenderDrawRect(app->renderer, &box);
    text_record_panel(&app->text, box);
    hud_draw_wrapped(app->renderer, &app->text, box.x + 4, box.y + 3, box.w - 8, lines, line,
                     UI_INK);
}

static void replay_enter(App *app)
{
    sound_music(&app->sound, MUSIC_NONE);
}

/* The pointer describes what it is over. */
static void replay_on_motion(App *app)
{
    app->dirty = true;
}

const ScreenHandlers replay_screen = {.enter = replay_enter,
                                      .key = replay_on_key,
                                      .pad = replay_on_pad,
                                      .motion = replay_on_motion,
                                      .logic = replay_logic,
                                      .draw = replay_draw,
                                      .busy = replay_busy,
                                      .own_keys = true};
