#include "ui/view.h"

#include "ui/draw_map.h"
#include "ui/hud.h"

SDL_Rect view_map_area(const View *view)
{
    int top = hud_top_height(view->text);
    return (SDL_Rect){0, top, view->width, view->height - top - hud_bottom_height(view->text)};
}

void view_draw_play(View *view, const Game *game, int hover_x, int hover_y, const PathCell *path,
                    int path_len)
{
    SDL_Rect area = view_map_area(view);
    const Floor *floor = game->floors[game->current];
    view->camera.cols = area.w / SPRITE_SIZE;
    view->camera.rows = area.h / SPRITE_SIZE;
    camera_follow(&view->camera, game->player->x, game->player->y, floor->map.width,
                  floor->map.height);
    Sight sight = {game->visible, floor->seen};
    draw_map(view->renderer, view->atlas, floor, &view->camera, area, SPRITE_SIZE, sight);
    bool hover = hover_x >= 0 && hover_y >= 0;
    if (hover) {
        /* The way a click would walk (its last cell is under the cursor), then the cursor. */
        draw_marks(view->renderer, view->atlas, &view->camera, area, SPRITE_SIZE, path,
                   path_len > 0 ? path_len - 1 : 0, SPRITE_PATH_DOT);
        draw_marks(view->renderer, view->atlas, &view->camera, area, SPRITE_SIZE,
                   &(PathCell){(int16_t)hover_x, (int16_t)hover_y}, 1, SPRITE_CURSOR);
    }
    hud_draw(view->renderer, view->atlas, view->text, game, view->width, view->height);
    if (hover)
        hud_draw_hover(view->renderer, view->text, game, hover_x, hover_y, view->width,
                       view->height);
}
