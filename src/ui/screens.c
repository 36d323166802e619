/* The screens around a game: the title with its menu, the highscore table, the fade to red
 * on death and the victory screen. */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "entities/entities.h"
#include "ui/app_internal.h"
#include "ui/palette.h"
#include "ui/score_table.h"

enum { TITLE_CONTINUE, TITLE_RECOVER, TITLE_NEW, TITLE_SCORES, TITLE_OPTIONS, TITLE_QUIT };

static void title_row(App *app, int action, const char *label, bool enabled)
{
    app->title_rows[app->menu.count] = action;
    menu_add(&app->menu, label, enabled);
}

static void build_title_menu(App *app)
{
    menu_clear(&app->menu);
    title_row(app, TITLE_CONTINUE, "Continue", app_game_in_progress(app));
    if (app->has_recovery) /* only then: the rows below keep their places otherwise */
        title_row(app, TITLE_RECOVER,
                  app->recovery.from_crash ? "Continue the newer save" : "Continue from the backup",
                  true);
    title_row(app, TITLE_NEW, "New game", true);
    title_row(app, TITLE_SCORES, "Highscores", true);
    title_row(app, TITLE_OPTIONS, "Options", true);
    title_row(app, TITLE_QUIT, "Quit", true);
}

void screens_enter(App *app, Screen screen)
{
    if (screen == SCREEN_TITLE) {
        build_title_menu(app);
        sound_music(&app->sound, MUSIC_TITLE);
    } else if (screen == SCREEN_DEATH) {
        app->fade_start = SDL_GetTicks();
        sound_music(&app->sound, MUSIC_NONE);
    } else if (screen == SCREEN_VICTORY) {
        sound_music(&app->sound, MUSIC_NONE);
    }
}

void screens_game_over(App *app)
{
    app_delete_save(app);
    app_keep_recording(app);
    HighscoreEntry entry = highscore_entry_of(&app->game);
    snprintf(entry.recording, sizeof entry.recording, "%s", app->last_recording);
    app->new_score_rank = highscores_insert(&app->scores, &entry);
    if (app->new_score_rank >= 0 && app->user_dir[0] && !app->read_only) {
        char path[1200], err[1400];
        snprintf(path, sizeof path, "%s/highscores.json", app->user_dir);
        if (!highscores_save(&app->scores, path, err, sizeof err))
            app_toast(app, "%s", err);
    }
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
        app_forgo_recovery(app);
        if (app_new_game(app))
            app_set_screen(app, SCREEN_PLAY);
        break;
    case TITLE_SCORES:
        app->new_score_rank = -1;
        app_set_screen(app, SCREEN_HIGHSCORES);
        break;
    case TITLE_OPTIONS: app_set_screen(app, SCREEN_OPTIONS); break;
    case TITLE_QUIT: app->quit = true; break;
    default: break;
    }
}

void screens_on_nav(App *app, Nav nav)
{
    switch (app->screen) {
    case SCREEN_TITLE:
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
        break;
    case SCREEN_DEATH:
        /* A key still held from the fight must not skip the fade the moment it starts. */
        if ((nav == NAV_OK || nav == NAV_BACK) &&
            SDL_TICKS_PASSED(SDL_GetTicks(), app->fade_start + APP_DEATH_FADE_MS / 2))
            app_set_screen(app, SCREEN_HIGHSCORES);
        break;
    case SCREEN_VICTORY:
        if (nav == NAV_OK || nav == NAV_BACK) {
            sound_play(&app->sound, SOUND_MENU_SELECT);
            app_set_screen(app, SCREEN_HIGHSCORES);
        }
        break;
    case SCREEN_HIGHSCORES:
        if (nav == NAV_OK || nav == NAV_BACK) {
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
    if (app->screen == SCREEN_TITLE) {
        int row = menu_row_at(&app->menu, x, y);
        if (row >= 0 && !app->menu.disabled[row])
            title_select(app, row);
    } else {
        screens_on_nav(app, NAV_OK);
    }
}

void screens_logic(App *app)
{
    if (app->screen == SCREEN_DEATH) {
        if (SDL_TICKS_PASSED(SDL_GetTicks(), app->fade_start + APP_DEATH_FADE_MS + 900))
            app_set_screen(app, SCREEN_HIGHSCORES);
        app->dirty = true; /* the fade moves every frame */
    }
}

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

/* The title picture: tiles cut from one drawing, shown at twice their size. */
static int draw_title_art(App *app, int y)
{
    const int scale = 2, cols = TITLE_ART_COLS, rows = TITLE_ART_ROWS;
    int size = SPRITE_SIZE * scale, x0 = (app->width - cols * size) / 2;
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++)
            atlas_draw(&app->atlas, app->renderer, (SpriteId)(SPRITE_TITLE_0 + r * cols + c),
                       x0 + c * size, y + r * size, size);
    return rows * size;
}

static void draw_title(App *app)
{
    SDL_Renderer *r = app->renderer;
    /* A dusk of bands behind the tower. */
    for (int i = 0; i < 12; i++)
        fill(r, (SDL_Color){(Uint8)(14 + i), (Uint8)(12 + i / 2), (Uint8)(26 + 2 * i), 255},
             (SDL_Rect){0, app->height * i / 12, app->width, app->height / 12 + 1});
    int lh = app->text.line_height;
    int y = 10;
    y += draw_title_art(app, y) + 6;
    centred(app, y, "MOUSE KING", UI_GOLD, 3);
    y += 3 * lh + 2;
    centred(app, y, "Thirteen floors of escaped lab mice. One king at the top.", UI_DIM, 1);
    y += lh + 10;
    int w = 180, h = app->menu.count * (lh + 4) + 14;
    SDL_Rect box = {(app->width - w) / 2, y, w, h};
    SDL_Rect in = ui_panel(r, &app->atlas, box);
    menu_draw(&app->menu, r, &app->atlas, &app->text, in.x, in.y + 2, in.w);
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
        score_table_cells(&app->scores.entries[i], i, cells[i]);
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
        for (int k = 0; k < SCORE_COLUMNS; k++) {
            char shown[SCORE_CELL_MAX + 3];
            text_draw(&app->text, r, in.x + x[k], y, fit_cell(&app->text, cells[i][k], w[k], shown),
                      c);
        }
    }
    const char *foot = app->new_score_rank >= 0
                           ? "Your game is in green.   Space, Escape or Return: title"
                           : "Space, Escape or Return: title";
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
                 monster_kind_a(app->game.killed_by, false).s, app->game.current,
                 (unsigned)app->game.turn);
        centred(app, y + 3 * lh + 4, line, UI_INK, 1);
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
    centred(app, app->height - lh - 6, "Return, Space or A: the highscores", UI_DIM, 1);
}

void screens_draw(App *app)
{
    switch (app->screen) {
    case SCREEN_TITLE: draw_title(app); break;
    case SCREEN_HIGHSCORES: draw_scores(app); break;
    case SCREEN_DEATH: draw_death(app); break;
    case SCREEN_VICTORY: draw_victory(app); break;
    default: break;
    }
}
