/* Watching a recording: the game replayed from its seed and its commands in the play view
 * (the sidebar, the messages, hover descriptions), a turn at a time at a speed the viewer
 * sets; paused, stepped, or run on to the next floor. Every checksum of the recording is
 * checked on the way: a recording out of step stops there and says so. And the list of the
 * finished games' recordings kept in the user folder ("Watch a game"). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ui/app_internal.h"
#include "ui/palette.h"

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

void replay_on_key(App *app, const SDL_KeyboardEvent *ev)
{
    SDL_Keycode k = ev->keysym.sym;
    Nav nav = nav_of_key(&app->options.keys, k);
    if (k == SDLK_ESCAPE || nav == NAV_BACK) {
        replay_close(app);
        if (app->config->replay_path)
            app->quit = true; /* `mouseking replay FILE`: the window was for this alone */
        else
            app_set_screen(app, app->replay_back);
    } else if (k == SDLK_SPACE || k == SDLK_p) {
        app->replay_paused = !app->replay_paused;
    } else if (k == SDLK_RIGHT || k == SDLK_PERIOD || nav == NAV_RIGHT) {
        app->replay_paused = true;
        step_turn(app);
    } else if (k == SDLK_UP || k == SDLK_PLUS || k == SDLK_EQUALS || k == SDLK_KP_PLUS) {
        if (app->replay_speed < SPEED_COUNT - 1)
            app->replay_speed++;
    } else if (k == SDLK_DOWN || k == SDLK_MINUS || k == SDLK_KP_MINUS) {
        if (app->replay_speed > 0)
            app->replay_speed--;
    } else if (k == SDLK_n || k == SDLK_PAGEDOWN) {
        next_floor(app);
    } else if (k == SDLK_F11) {
        app_toggle_fullscreen(app);
    }
    app->dirty = true;
}

void replay_on_pad(App *app, GamepadButton b)
{
    static const SDL_Keycode keys[] = {
        [PAD_A] = SDLK_SPACE,   [PAD_B] = SDLK_ESCAPE, [PAD_RIGHT] = SDLK_RIGHT, [PAD_UP] = SDLK_UP,
        [PAD_DOWN] = SDLK_DOWN, [PAD_RB] = SDLK_n,     [PAD_START] = SDLK_ESCAPE};
    if ((unsigned)b < sizeof keys / sizeof *keys && keys[b]) {
        SDL_KeyboardEvent ev = {.keysym.sym = keys[b]};
        replay_on_key(app, &ev);
    }
}

void replay_logic(App *app)
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

bool replay_busy(const App *app)
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

void replay_draw(App *app)
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
    ViewMarks marks = {cx, cy, NULL, 0, focus, false};
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

/* "Watch a game": the recordings of finished games, newest first. */
/* "2026-11-22 14:26  seed 25" from 20261122-142652-seed25.mkrec; the name itself if it is
 * not of that form. */
static const char *describe_recording(const char *name, char *out, size_t size)
{
    int y, mo, d, h, mi, sec;
    char seed[24];
    if (sscanf(name, "%4d%2d%2d-%2d%2d%2d-seed%20[0-9].mkrec", &y, &mo, &d, &h, &mi, &sec, seed) ==
        7)
        snprintf(out, size, "%04d-%02d-%02d %02d:%02d  seed %s", y, mo, d, h, mi, seed);
    else
        snprintf(out, size, "%.*s", (int)size - 1, name);
    return out;
}

/* How the game ended, from the morgue file beside its recording (its first line after the
 * heading), or "" without one. */
static void how_it_ended(const char *dir, const char *name, char *out, size_t size)
{
    char path[1600], line[200];
    out[0] = '\0';
    snprintf(path, sizeof path, "%s/%.*s.txt", dir, (int)(strlen(name) - 6), name);
    FILE *f = fopen(path, "r");
    if (!f)
        return;
    for (int i = 0; i < 3 && fgets(line, sizeof line, f); i++)
        if (i == 2) {
            line[strcspn(line, "\n")] = '\0';
            snprintf(out, size, "%.60s", line);
        }
    fclose(f);
}

void recordings_enter(App *app)
{
    menu_clear(&app->menu);
    app->recording_count = 0;
    char dir[1300];
    snprintf(dir, sizeof dir, "%s/recordings", app->user_dir);
    /* As many as the screen holds under the title, with the Back row (recordings_draw). */
    int lh = app->text.line_height + app->menu.row_pad;
    int fit = (app->height - 40 - 3 * app->text.line_height - 12) / (lh > 0 ? lh : 1) - 1;
    if (fit > MENU_MAX - 1)
        fit = MENU_MAX - 1;
    enum { LISTED_MAX = 1000 };
    RecordingName *names = malloc(LISTED_MAX * sizeof *names);
    int n = names ? app_recordings(app, names, LISTED_MAX) : 0;
    for (int i = 0; i < n && i < fit; i++) {
        snprintf(app->recordings[app->recording_count++], sizeof app->recordings[0], "%.*s",
                 (int)sizeof app->recordings[0] - 1, names[i].s);
        char label[MENU_LABEL_MAX];
        int row = menu_add(&app->menu, describe_recording(names[i].s, label, sizeof label), true);
        how_it_ended(dir, names[i].s, app->menu.value[row], sizeof app->menu.value[row]);
    }
    free(names);
    menu_add(&app->menu, n ? "Back" : "No finished game yet: Back", true);
    app->menu.selected = 0;
}

void recordings_on_nav(App *app, Nav nav)
{
    if (nav == NAV_UP || nav == NAV_DOWN) {
        menu_move(&app->menu, nav == NAV_UP ? -1 : 1);
    } else if (nav == NAV_OK && app->menu.selected < app->recording_count) {
        char path[1500];
        snprintf(path, sizeof path, "%s/recordings/%s", app->user_dir,
                 app->recordings[app->menu.selected]);
        replay_open(app, path, SCREEN_RECORDINGS);
    } else if (nav == NAV_OK || nav == NAV_BACK) {
        app_set_screen(app, SCREEN_TITLE);
    }
    app->dirty = true;
}

void recordings_draw(App *app)
{
    SDL_Renderer *r = app->renderer;
    const char *title = "WATCH A GAME";
    text_draw_scaled(&app->text, r, (app->width - 2 * text_width(&app->text, title)) / 2, 10, title,
                     UI_GOLD, 2);
    int lh = app->text.line_height;
    int w = app->width - 60, h = app->menu.count * (lh + app->menu.row_pad) + 12;
    if (h > app->height - 40 - 2 * lh)
        h = app->height - 40 - 2 * lh;
    SDL_Rect box = {(app->width - w) / 2, 20 + 2 * lh, w, h};
    SDL_Rect in = ui_panel(r, &app->atlas, box);
    menu_draw(&app->menu, r, &app->atlas, &app->text, in.x, in.y, in.w);
    const char *hint = "Return: watch   Escape: back";
    text_draw(&app->text, r, (app->width - text_width(&app->text, hint)) / 2, app->height - lh - 3,
              hint, UI_DIM);
}
