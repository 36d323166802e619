/* "Watch a game": the recordings of finished games kept in the user folder, newest first,
 * each with how its game ended; choosing one watches it (replay.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ui/app_internal.h"
#include "ui/palette.h"
#include "ui/screen.h"

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

static void recordings_enter(App *app)
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

static void recordings_on_nav(App *app, Nav nav)
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

static void recordings_draw(App *app)
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

const ScreenHandlers recordings_screen = {.enter = recordings_enter,
                                          .nav = recordings_on_nav,
                                          .click = screens_menu_click,
                                          .motion = screens_menu_hover,
                                          .draw = recordings_draw};
