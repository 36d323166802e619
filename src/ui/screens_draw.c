/* Drawing the screens around a game (screens.c runs them): the title and its questions, the
 * highscore table, the death fade, the victory and the run summary. */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "entities/entities.h"
#include "ui/app_internal.h"
#include "ui/palette.h"
#include "ui/score_table.h"

enum { TITLE_MENU_W = 180 }; /* the menu's width at the least */

static void fill(SDL_Renderer *r, SDL_Color c, SDL_Rect rect)
{
    SDL_SetRenderDrawBlendMode(r, c.a < 255 ? SDL_BLENDMODE_BLEND : SDL_BLENDMODE_NONE);
    SDL_SetRenderDrawColor(r, c.r, c.g, c.b, c.a);
    SDL_RenderFillRect(r, &rect);
    SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_NONE);
}

static void centred(App *app, int y, const char *s, SDL_Color c, int scale)
{
    text_draw_scaled(&app->text, app->renderer,
                     (app->width - text_width(&app->text, s) * scale) / 2, y, s, c, scale);
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
    fill(r, (SDL_Color){0, 0, 0, 150}, (SDL_Rect){0, 0, app->width, app->height});
    SDL_Rect in = ui_panel(r, &app->atlas, box);
    int y = in.y + 2;
    y += hud_draw_wrapped(r, &app->text, in.x + 4, y, inner, 4, text, UI_INK) * lh;
    if (app->seed_prompt && app->seed_error[0])
        y += hud_draw_wrapped(r, &app->text, in.x + 4, y, inner, 3, app->seed_error, UI_WARN) * lh;
    hud_draw_wrapped(r, &app->text, in.x + 4, y, inner, 3, hint, UI_DIM);
}

static void draw_title(App *app)
{
    SDL_Renderer *r = app->renderer;
    /* A dusk of bands behind the tower. */
    for (int i = 0; i < 12; i++)
        fill(r, (SDL_Color){(Uint8)(14 + i), (Uint8)(12 + i / 2), (Uint8)(26 + 2 * i), 255},
             (SDL_Rect){0, app->height * i / 12, app->width, app->height / 12 + 1});
    int lh = app->text.line_height;
    TitleLayout t = layout_title(app->width, lh);
    draw_title_art(app, t.art);
    centred(app, t.name_y, "MOUSE KING", UI_GOLD, 3);
    centred(app, t.line_y, "Thirteen floors of escaped lab mice. One king at the top.", UI_DIM, 1);
    int y = t.menu_y;
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
    screens_continue_facts(app, facts, sizeof facts);
    snprintf(label, sizeof label, "Continue (%s)", facts);
    if (facts[0] && !screens_continue_fits(app, label)) { /* said under the menu instead */
        snprintf(label, sizeof label, "Continue: %s", facts);
        hud_draw_wrapped(r, &app->text, 8, box.y + box.h + 2, app->width - 16, 2, label, UI_DIM);
        box.h += 2 * lh + 2;
    }
    /* A damaged file's notice names two paths, and a save on offer says what it is: up to
     * six lines between the menu and the footer, never over either. */
    if (app->notice[0] || app->recovery_line[0]) {
        int footer = app->height - lh - 3;
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
    text_draw(&app->text, r, 6, app->height - lh - 3,
              "Arrows or pad: choose   Return, click or A: select", UI_DIM);
    if (app->seed_prompt || app->confirm_new)
        draw_title_question(app, y); /* the menu's top */
    char version[64];
    snprintf(version, sizeof version, "v%s", MOUSEKING_VERSION);
    text_draw(&app->text, r, app->width - 6 - text_width(&app->text, version), app->height - lh - 3,
              version, UI_DIM);
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
    fill(r, (SDL_Color){14, 12, 21, 255}, (SDL_Rect){0, 0, app->width, app->height});
    int lh = app->text.line_height;
    centred(app, 10, "HIGHSCORES", UI_GOLD, 2);
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
            fill(r, (SDL_Color){30, 70, 40, 255}, (SDL_Rect){in.x - 2, y - 1, in.w + 4, lh + 2});
        else if (i == app->score_selected)
            fill(r, UI_FOCUS, (SDL_Rect){in.x - 2, y - 1, in.w + 4, lh + 2});
        for (int k = 0; k < SCORE_COLUMNS; k++) {
            char shown[SCORE_CELL_MAX + 3];
            text_draw(&app->text, r, in.x + x[k], y, fit_cell(&app->text, cells[i][k], w[k], shown),
                      c);
        }
    }
    const char *foot = app->new_score_rank >= 0
                           ? "Your game is in green.  Up/Down: choose  W: watch it  Return: title"
                           : "Up/Down: choose a game   W or pad X: watch it   Return: title";
    centred(app, app->height - lh - 6, foot, UI_DIM, 1);
}

static void draw_death(App *app)
{
    play_draw(app); /* the floor where it happened, under the fade */
    Uint32 t = SDL_GetTicks() - app->fade_start;
    int alpha = t >= APP_DEATH_FADE_MS ? 215 : (int)(215 * t / APP_DEATH_FADE_MS);
    fill(app->renderer, (SDL_Color){120, 0, 0, (Uint8)alpha},
         (SDL_Rect){0, 0, app->width, app->height});
    if (t > APP_DEATH_FADE_MS / 2) {
        int lh = app->text.line_height, y = app->height / 2 - 2 * lh;
        char line[128];
        centred(app, y, "YOU DIED", UI_INK, 3);
        snprintf(line, sizeof line, "Bitten by %s on floor %d, after %u turns.",
                 kinds_name_a(app->game.factory.kinds, app->game.killed_by, false).s,
                 app->game.current, (unsigned)app->game.turn);
        centred(app, y + 3 * lh + 4, line, UI_INK, 1);
        if (t >= APP_DEATH_FADE_MS)
            centred(app, app->height - lh - 6, "Return, Space, click or A: the run summary", UI_INK,
                    1);
    }
}

static void draw_victory(App *app)
{
    SDL_Renderer *r = app->renderer;
    for (int i = 0; i < 12; i++)
        fill(r, (SDL_Color){(Uint8)(40 + 4 * i), (Uint8)(28 + 3 * i), (Uint8)(12 + i), 255},
             (SDL_Rect){0, app->height * i / 12, app->width, app->height / 12 + 1});
    int lh = app->text.line_height, y = 16;
    centred(app, y, "VICTORY", UI_GOLD, 3);
    y += 3 * lh + 6;
    int size = SPRITE_SIZE * 4;
    atlas_draw(&app->atlas, r, SPRITE_PLAYER_RIGHT, app->width / 2 - size - 4, y, size);
    atlas_draw(&app->atlas, r, SPRITE_CORPSE, app->width / 2 + 4, y, size);
    y += size + 8;
    const Game *g = &app->game;
    char line[160];
    centred(app, y, "The Mouse King is dead. His court scatters into the walls,", UI_INK, 1);
    centred(app, y + lh, "and the tower is quiet for the first time since the escape.", UI_INK, 1);
    y += 2 * lh + 10;
    snprintf(line, sizeof line, "Score %" PRId64, game_score(g));
    centred(app, y, line, UI_GOLD, 2);
    y += 2 * lh + 6;
    snprintf(line, sizeof line, "Level %d   %d mice killed   %u turns   seed %" PRIu64,
             g->player->stats.level, g->counters.kills, (unsigned)g->turn, g->seeds.game);
    centred(app, y, line, UI_INK, 1);
    snprintf(line, sizeof line,
             "%d doors opened   %d Keys used   %d hidden doors found   %d items picked up",
             g->counters.doors_opened, g->counters.keys_used, g->counters.hidden_found,
             g->counters.items_picked);
    centred(app, y + lh + 2, line, UI_DIM, 1);
    centred(app, app->height - lh - 6, "Return, Space, click or A: the run summary", UI_DIM, 1);
}

/* The run summary: each line of game_summary_text wrapped to the panel, in two columns when
 * one would run past the bottom, and where the morgue file went. */
static void draw_summary(App *app)
{
    SDL_Renderer *r = app->renderer;
    fill(r, (SDL_Color){14, 12, 21, 255}, (SDL_Rect){0, 0, app->width, app->height});
    int lh = app->text.line_height;
    bool won = app->game.outcome == GAME_WON;
    centred(app, 8, won ? "Victory" : "You died", won ? UI_GOLD : UI_WARN, 2);
    int top = 8 + 2 * lh + 6, foot = app->height - lh - 6;
    int width = app->width - 16 < 900 ? app->width - 16 : 900;
    SDL_Rect box = {(app->width - width) / 2, top, width, foot - 4 - top};
    SDL_Rect in = ui_panel(r, &app->atlas, box);
    int morgue_lines = text_wrap_count(&app->text, app->morgue_line, in.w);
    int rows = (in.h - 4) / lh - morgue_lines - 1; /* lines for the summary */
    /* The lines, and how many rows each takes in one column and in two. */
    char lines[64][512];
    int count = 0, one = 0;
    for (const char *p = app->summary; *p && count < 64;) {
        const char *end = strchr(p, '\n');
        size_t n = end ? (size_t)(end - p) : strlen(p);
        if (n >= sizeof lines[0])
            n = sizeof lines[0] - 1;
        memcpy(lines[count], p, n);
        lines[count][n] = '\0';
        one += text_wrap_count(&app->text, lines[count], in.w) + (lines[count][0] == '\0');
        count++;
        p = end ? end + 1 : p + n;
    }
    int columns = one > rows ? 2 : 1;
    int col_w = columns == 2 ? (in.w - 12) / 2 : in.w;
    int x = in.x, y = in.y + 2, bottom = in.y + 2 + rows * lh;
    for (int i = 0; i < count; i++) {
        int n = text_wrap_count(&app->text, lines[i], col_w);
        if (y + n * lh > bottom && x == in.x && columns == 2) {
            x += col_w + 12;
            y = in.y + 2;
        }
        SDL_Color c = i == 0 ? (won ? UI_GOLD : UI_INK) : lines[i][0] == ' ' ? UI_DIM : UI_INK;
        int left = (bottom - y) / lh;
        y += hud_draw_wrapped(r, &app->text, x, y, col_w, n < left ? n : left, lines[i], c) * lh;
    }
    hud_draw_wrapped(r, &app->text, in.x, in.y + in.h - morgue_lines * lh, in.w, morgue_lines,
                     app->morgue_line, app->last_morgue[0] ? UI_GOOD : UI_WARN);
    centred(app, foot,
            app->last_recording[0]
                ? "W: watch this game   Return, Space, click or A: the highscores"
                : "Return, Space, click or A: the highscores",
            UI_DIM, 1);
}

void screens_draw(App *app)
{
    switch (app->screen) {
    case SCREEN_TITLE: draw_title(app); break;
    case SCREEN_HIGHSCORES: draw_scores(app); break;
    case SCREEN_DEATH: draw_death(app); break;
    case SCREEN_VICTORY: draw_victory(app); break;
    case SCREEN_SUMMARY: draw_summary(app); break;
    default: break;
    }
}
