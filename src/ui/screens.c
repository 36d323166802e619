/* What the screens share: the menu under the pointer and clicked, watching a finished game's
 * recording, and a few drawing helpers. Each screen is its own file (screen.h). */
#include <stdio.h>

#include "ui/app_internal.h"
#include "ui/palette.h"
#include "ui/screen.h"

void screens_menu_hover(App *app)
{
    int row = menu_row_at(&app->menu, app->mouse_x, app->mouse_y);
    if (row >= 0 && !app->menu.disabled[row] && row != app->menu.selected) {
        app->menu.selected = row;
        app->dirty = true;
    }
}

void screens_menu_click(App *app, const SDL_MouseButtonEvent *ev)
{
    int row = menu_row_at(&app->menu, app->mouse_x, app->mouse_y);
    if (row >= 0 && !app->menu.disabled[row]) {
        app->menu.selected = row;
        app_screen(app)->nav(app, ev->button == SDL_BUTTON_RIGHT ? NAV_ALT : NAV_OK);
    }
}

void screens_watch(App *app, const char *name, Screen back)
{
    if (!name[0]) {
        app_toast(app, "No recording of that game (games from before recordings have none)");
        return;
    }
    char path[1500];
    snprintf(path, sizeof path, "%s/recordings/%s", app->user_dir, name);
    replay_open(app, path, back);
}

void screens_fill(SDL_Renderer *r, SDL_Color c, SDL_Rect rect)
{
    SDL_SetRenderDrawBlendMode(r, c.a < 255 ? SDL_BLENDMODE_BLEND : SDL_BLENDMODE_NONE);
    SDL_SetRenderDrawColor(r, c.r, c.g, c.b, c.a);
    SDL_RenderFillRect(r, &rect);
    SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_NONE);
}

void screens_centred(App *app, int y, const char *s, SDL_Color c, int scale)
{
    text_draw_scaled(&app->text, app->renderer,
                     (app->width - text_width(&app->text, s) * scale) / 2, y, s, c, scale);
}

void screens_backdrop(App *app, const char *title)
{
    SDL_Renderer *r = app->renderer;
    SDL_SetRenderDrawColor(r, 14, 12, 21, 255);
    SDL_RenderClear(r);
    text_draw_scaled(&app->text, r, (app->width - 2 * text_width(&app->text, title)) / 2, 10, title,
                     UI_GOLD, 2);
}
