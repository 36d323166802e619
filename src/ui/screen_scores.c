/* The highscore table: a row chosen with the arrows or the pad, its game's recording watched
 * with W or pad X, Return back to the title. */
#include <stdio.h>
#include <string.h>

#include "ui/app_internal.h"
#include "ui/palette.h"
#include "ui/score_table.h"
#include "ui/screen.h"

static void scores_enter(App *app)
{
    app->title_help = false;
    app->score_selected = app->new_score_rank >= 0 ? app->new_score_rank : 0;
}

static void move_selection(App *app, int step)
{
    int n = app->scores.count;
    if (n > 0)
        app->score_selected = (app->score_selected + (step < 0 ? n - 1 : 1)) % n;
    app->dirty = true;
}

static void watch_selected(App *app)
{
    int i = app->score_selected;
    screens_watch(app, i >= 0 && i < app->scores.count ? app->scores.entries[i].recording : "",
                  SCREEN_HIGHSCORES);
}

static bool scores_on_key(App *app, const SDL_KeyboardEvent *ev)
{
    SDL_Keycode k = ev->keysym.sym;
    if (k == SDLK_w && !ev->repeat) {
        watch_selected(app);
        return true;
    }
    if (k == SDLK_UP || k == SDLK_DOWN) {
        move_selection(app, k == SDLK_UP ? -1 : 1);
        return true;
    }
    return false;
}

static void scores_on_nav(App *app, Nav nav)
{
    if (nav == NAV_UP || nav == NAV_DOWN) {
        move_selection(app, nav == NAV_UP ? -1 : 1);
    } else if (nav == NAV_ALT) {
        watch_selected(app);
    } else if (nav == NAV_OK || nav == NAV_BACK) {
        sound_play(&app->sound, SOUND_MENU_SELECT);
        app_set_screen(app, SCREEN_TITLE);
    }
    app->dirty = true;
}

static void scores_on_click(App *app, const SDL_MouseButtonEvent *ev)
{
    (void)ev;
    scores_on_nav(app, NAV_OK);
}

/* s cut to max_w pixels into out, ending in "..." when anything was cut (or "" when not even
 * that fits). */
static const char *fit_cell(const Text *text, const char *s, int max_w,
                            char out[SCORE_CELL_MAX + 3])
{
    size_t n = strlen(s);
    if (n >= SCORE_CELL_MAX)
        n = SCORE_CELL_MAX - 1;
    memcpy(out, s, n);
    out[n] = '\0';
    if (text_width(text, out) <= max_w)
        return out;
    while (n-- > 0) {
        memcpy(out + n, "...", 4);
        if (text_width(text, out) <= max_w)
            return out;
    }
    return "";
}

static void draw_scores(App *app)
{
    SDL_Renderer *r = app->renderer;
    screens_fill(r, (SDL_Color){14, 12, 21, 255}, (SDL_Rect){0, 0, app->width, app->height});
    int lh = app->text.line_height;
    screens_centred(app, 10, "HIGHSCORES", UI_GOLD, 2);
    SDL_Rect in = ui_panel(r, &app->atlas, score_table_frame(app->width, app->height, lh));
    /* Columns as wide as their widest text, so a 20-digit seed stays inside the frame. */
    static char cells[HIGHSCORES_MAX][SCORE_COLUMNS][SCORE_CELL_MAX];
    int widest[SCORE_COLUMNS], x[SCORE_COLUMNS], w[SCORE_COLUMNS];
    for (int c = 0; c < SCORE_COLUMNS; c++)
        widest[c] = text_width(&app->text, SCORE_HEADINGS[c]);
    for (int i = 0; i < app->scores.count; i++) {
        score_table_cells(&app->scores.entries[i], i, &app->rules.kinds, cells[i]);
        for (int c = 0; c < SCORE_COLUMNS; c++) {
            int cw = text_width(&app->text, cells[i][c]);
            widest[c] = cw > widest[c] ? cw : widest[c];
        }
    }
    score_table_layout(widest, in.w, x, w);
    int y = in.y + 2;
    for (int c = 0; c < SCORE_COLUMNS; c++)
        text_draw(&app->text, r, in.x + x[c], y, SCORE_HEADINGS[c], UI_DIM);
    y += lh + 4;
    if (app->scores.count == 0)
        text_draw(&app->text, r, in.x, y, "No games yet. Climb!", UI_INK);
    for (int i = 0; i < app->scores.count; i++, y += lh + 2) {
        SDL_Color c = i == app->new_score_rank ? UI_GOOD : UI_INK;
        if (i == app->new_score_rank)
            screens_fill(r, (SDL_Color){30, 70, 40, 255},
                         (SDL_Rect){in.x - 2, y - 1, in.w + 4, lh + 2});
        else if (i == app->score_selected)
            screens_fill(r, UI_FOCUS, (SDL_Rect){in.x - 2, y - 1, in.w + 4, lh + 2});
        for (int k = 0; k < SCORE_COLUMNS; k++) {
            char shown[SCORE_CELL_MAX + 3];
            text_draw(&app->text, r, in.x + x[k], y, fit_cell(&app->text, cells[i][k], w[k], shown),
                      c);
        }
    }
    const char *foot = app->new_score_rank >= 0
                           ? "Your game is in green.  Up/Down: choose  W: watch it  Return: title"
                           : "Up/Down: choose a game   W or pad X: watch it   Return: title";
    screens_centred(app, app->height - lh - 6, foot, UI_DIM, 1);
}

const ScreenHandlers highscores_screen = {.enter = scores_enter,
                                          .key = scores_on_key,
                                          .nav = scores_on_nav,
                                          .click = scores_on_click,
                                          .draw = draw_scores};
