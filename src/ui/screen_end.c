/* The end of a game: the map fading to red on a death, the victory screen, then the run
 * summary; Return, Space, Escape, a click or the pad go on from each, to the highscores. The
 * keys the game was played with do not, so a player still pressing them (resting, walking)
 * reads what ended the run instead of skipping past it. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/notice.h"
#include "entities/entities.h"
#include "ui/app_internal.h"
#include "ui/palette.h"
#include "ui/screen.h"

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

static void end_enter(App *app)
{
    app->title_help = false;
    app->fade_start = SDL_GetTicks();
    sound_music(&app->sound, MUSIC_NONE);
}

static void summary_enter(App *app)
{
    app->title_help = false;
}

/* Return, Space or Escape go on (as the pad's A), other keys are used up, a modifier alone
 * is left to the menu keys. */
static bool go_on_key(App *app, const SDL_KeyboardEvent *ev)
{
    SDL_Keycode k = ev->keysym.sym;
    if (k >= SDLK_LCTRL && k <= SDLK_RGUI)
        return false;
    bool go_on = k == SDLK_RETURN || k == SDLK_KP_ENTER || k == SDLK_SPACE || k == SDLK_ESCAPE;
    if (go_on && !ev->repeat)
        app_screen(app)->nav(app, NAV_OK);
    return true;
}

/* The death or the victory: on to the summary, but not on a key still held from the fight. */
static void end_on_nav(App *app, Nav nav)
{
    if (nav != NAV_NONE && SDL_TICKS_PASSED(SDL_GetTicks(), app->fade_start + APP_END_GUARD_MS)) {
        sound_play(&app->sound, SOUND_MENU_SELECT);
        app_set_screen(app, SCREEN_SUMMARY);
    }
    app->dirty = true;
}

static void summary_on_nav(App *app, Nav nav)
{
    if (nav == NAV_OK || nav == NAV_BACK) {
        sound_play(&app->sound, SOUND_MENU_SELECT);
        app_set_screen(app, SCREEN_HIGHSCORES);
    }
    app->dirty = true;
}

/* W on the summary watches the game just ended. */
static bool summary_on_key(App *app, const SDL_KeyboardEvent *ev)
{
    if (ev->keysym.sym == SDLK_w && !ev->repeat) {
        screens_watch(app, app->last_recording, SCREEN_SUMMARY);
        return true;
    }
    return go_on_key(app, ev);
}

static void end_on_click(App *app, const SDL_MouseButtonEvent *ev)
{
    (void)ev;
    app_screen(app)->nav(app, NAV_OK);
}

/* The fade moves every frame until it is done; then the screen waits for a key. */
static void death_logic(App *app)
{
    if (!SDL_TICKS_PASSED(SDL_GetTicks(), app->fade_start + APP_DEATH_FADE_MS + 100))
        app->dirty = true;
}

static bool death_busy(const App *app)
{
    (void)app;
    return true; /* the loop never sleeps on this screen: the fade, then the wait */
}

static void draw_death(App *app)
{
    play_draw_still(app); /* the floor where it happened, under the fade */
    Uint32 t = SDL_GetTicks() - app->fade_start;
    int alpha = t >= APP_DEATH_FADE_MS ? 215 : (int)(215 * t / APP_DEATH_FADE_MS);
    screens_fill(app->renderer, (SDL_Color){120, 0, 0, (Uint8)alpha},
                 (SDL_Rect){0, 0, app->width, app->height});
    if (t > APP_DEATH_FADE_MS / 2) {
        int lh = app->text.line_height, y = app->height / 2 - 2 * lh;
        char line[128];
        screens_centred(app, y, "YOU DIED", UI_INK, 3);
        snprintf(line, sizeof line, "Bitten by %s on floor %d, after %u turns.",
                 kinds_name_a(app->game.factory.kinds, app->game.killed_by, false).s,
                 app->game.current, (unsigned)app->game.turn);
        screens_centred(app, y + 3 * lh + 4, line, UI_INK, 1);
        if (t >= APP_DEATH_FADE_MS)
            screens_centred(app, app->height - lh - 6, "Return, Space, click or A: the run summary",
                            UI_INK, 1);
    }
}

static void draw_victory(App *app)
{
    SDL_Renderer *r = app->renderer;
    for (int i = 0; i < 12; i++)
        screens_fill(r, (SDL_Color){(Uint8)(40 + 4 * i), (Uint8)(28 + 3 * i), (Uint8)(12 + i), 255},
                     (SDL_Rect){0, app->height * i / 12, app->width, app->height / 12 + 1});
    int lh = app->text.line_height, y = 16;
    screens_centred(app, y, "VICTORY", UI_GOLD, 3);
    y += 3 * lh + 6;
    int size = SPRITE_SIZE * 4;
    atlas_draw(&app->atlas, r, SPRITE_PLAYER_RIGHT, app->width / 2 - size - 4, y, size);
    atlas_draw(&app->atlas, r, SPRITE_CORPSE, app->width / 2 + 4, y, size);
    y += size + 8;
    const Game *g = &app->game;
    char line[160];
    screens_centred(app, y, "The Mouse King is dead. His court scatters into the walls,", UI_INK,
                    1);
    screens_centred(app, y + lh, "and the tower is quiet for the first time since the escape.",
                    UI_INK, 1);
    y += 2 * lh + 10;
    snprintf(line, sizeof line, "Score %" PRId64, game_score(g));
    screens_centred(app, y, line, UI_GOLD, 2);
    y += 2 * lh + 6;
    snprintf(line, sizeof line, "Level %d   %d mice killed   %u turns   seed %" PRIu64,
             g->player->stats.level, g->counters.kills, (unsigned)g->turn, g->seeds.game);
    screens_centred(app, y, line, UI_INK, 1);
    snprintf(line, sizeof line,
             "%d doors opened   %d Keys used   %d hidden doors found   %d items picked up",
             g->counters.doors_opened, g->counters.keys_used, g->counters.hidden_found,
             g->counters.items_picked);
    screens_centred(app, y + lh + 2, line, UI_DIM, 1);
    screens_centred(app, app->height - lh - 6, "Return, Space, click or A: the run summary", UI_DIM,
                    1);
}

enum { SUMMARY_LINES = 64, SUMMARY_LINE_MAX = 512 };

/* The summary's lines, one a row of `lines`; returns how many. `*rows` is how many rows they
 * take in one column `w` wide (an empty line counts two). */
static int summary_lines(App *app, char lines[][SUMMARY_LINE_MAX], int w, int *rows)
{
    int count = 0;
    *rows = 0;
    for (const char *p = app->summary; *p && count < SUMMARY_LINES;) {
        const char *end = strchr(p, '\n');
        size_t n = end ? (size_t)(end - p) : strlen(p);
        if (n >= SUMMARY_LINE_MAX)
            n = SUMMARY_LINE_MAX - 1;
        memcpy(lines[count], p, n);
        lines[count][n] = '\0';
        *rows += text_wrap_count(&app->text, lines[count], w) + (lines[count][0] == '\0');
        count++;
        p = end ? end + 1 : p + n;
    }
    return count;
}

/* The lines wrapped into `in`, down to `rows` rows, in two columns when one would run past
 * them: the first line in gold on a victory, indented ones dim. */
static void draw_summary_lines(App *app, SDL_Rect in, int rows)
{
    static char lines[SUMMARY_LINES][SUMMARY_LINE_MAX];
    int one, count = summary_lines(app, lines, in.w, &one);
    bool won = app->game.outcome == GAME_WON;
    int columns = one > rows ? 2 : 1;
    int col_w = columns == 2 ? (in.w - 12) / 2 : in.w, lh = app->text.line_height;
    int x = in.x, y = in.y + 2, bottom = in.y + 2 + rows * lh;
    for (int i = 0; i < count; i++) {
        int n = text_wrap_count(&app->text, lines[i], col_w);
        if (y + n * lh > bottom && x == in.x && columns == 2) {
            x += col_w + 12;
            y = in.y + 2;
        }
        SDL_Color c = i == 0 ? (won ? UI_GOLD : UI_INK) : lines[i][0] == ' ' ? UI_DIM : UI_INK;
        int left = (bottom - y) / lh;
        y += hud_draw_wrapped(app->renderer, &app->text, x, y, col_w, n < left ? n : left, lines[i],
                              c) *
             lh;
    }
}

/* The run summary: each line of game_summary_text wrapped to the panel, and where the morgue
 * file went. */
static void draw_summary(App *app)
{
    SDL_Renderer *r = app->renderer;
    screens_fill(r, (SDL_Color){14, 12, 21, 255}, (SDL_Rect){0, 0, app->width, app->height});
    int lh = app->text.line_height;
    bool won = app->game.outcome == GAME_WON;
    screens_centred(app, 8, won ? "Victory" : "You died", won ? UI_GOLD : UI_WARN, 2);
    int top = 8 + 2 * lh + 6, foot = app->height - lh - 6;
    int width = app->width - 16 < 900 ? app->width - 16 : 900;
    SDL_Rect box = {(app->width - width) / 2, top, width, foot - 4 - top};
    SDL_Rect in = ui_panel(r, &app->atlas, box);
    int morgue_lines = text_wrap_count(&app->text, app->morgue_line, in.w);
    draw_summary_lines(app, in, (in.h - 4) / lh - morgue_lines - 1);
    hud_draw_wrapped(r, &app->text, in.x, in.y + in.h - morgue_lines * lh, in.w, morgue_lines,
                     app->morgue_line, app->last_morgue[0] ? UI_GOOD : UI_WARN);
    screens_centred(app, foot,
                    app->last_recording[0]
                        ? "W: watch this game   Return, Space, click or A: the highscores"
                        : "Return, Space, click or A: the highscores",
                    UI_DIM, 1);
}

const ScreenHandlers death_screen = {.enter = end_enter,
                                     .key = go_on_key,
                                     .nav = end_on_nav,
                                     .click = end_on_click,
                                     .logic = death_logic,
                                     .draw = draw_death,
                                     .busy = death_busy};

const ScreenHandlers victory_screen = {.enter = end_enter,
                                       .key = go_on_key,
                                       .nav = end_on_nav,
                                       .click = end_on_click,
                                       .draw = draw_victory};

const ScreenHandlers summary_screen = {.enter = summary_enter,
                                       .key = summary_on_key,
                                       .nav = summary_on_nav,
                                       .click = end_on_click,
                                       .draw = draw_summary};
