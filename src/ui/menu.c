#include "ui/menu.h"
#include "ui/palette.h"

#include <stdio.h>
#include <string.h>

Nav nav_of_key(const Keymap *keys, SDL_Keycode key)
{
    switch (key) {
    case SDLK_UP: return NAV_UP;
    case SDLK_DOWN: return NAV_DOWN;
    case SDLK_LEFT: return NAV_LEFT;
    case SDLK_RIGHT: return NAV_RIGHT;
    case SDLK_RETURN:
    case SDLK_KP_ENTER:
    case SDLK_SPACE: return NAV_OK;
    case SDLK_ESCAPE:
    case SDLK_BACKSPACE: return NAV_BACK;
    case SDLK_DELETE: return NAV_ALT;
    default: break;
    }
    switch (keymap_action(keys, key)) {
    case ACTION_MOVE_N: return NAV_UP;
    case ACTION_MOVE_S: return NAV_DOWN;
    case ACTION_MOVE_W: return NAV_LEFT;
    case ACTION_MOVE_E: return NAV_RIGHT;
    default: return NAV_NONE;
    }
}

void menu_clear(Menu *menu)
{
    memset(menu, 0, sizeof *menu);
    menu->selected = -1;
    menu->row_pad = 4;
}

int menu_add(Menu *menu, const char *label, bool enabled)
{
    if (menu->count >= MENU_MAX)
        return -1;
    int i = menu->count++;
    snprintf(menu->label[i], MENU_LABEL_MAX, "%s", label);
    menu->value[i][0] = '\0';
    menu->disabled[i] = !enabled;
    menu->rows[i] = (SDL_Rect){0, 0, 0, 0};
    if (menu->selected < 0 && enabled)
        menu->selected = i;
    return i;
}

void menu_move(Menu *menu, int delta)
{
    if (menu->count == 0)
        return;
    int i = menu->selected < 0 ? 0 : menu->selected;
    for (int tries = 0; tries < menu->count; tries++) {
        i = ((i + delta) % menu->count + menu->count) % menu->count;
        if (!menu->disabled[i]) {
            menu->selected = i;
            return;
        }
    }
}

int menu_row_at(const Menu *menu, int x, int y)
{
    for (int i = 0; i < menu->count; i++) {
        SDL_Rect r = menu->rows[i];
        if (x >= r.x && y >= r.y && x < r.x + r.w && y < r.y + r.h)
            return i;
    }
    return -1;
}

/* Copies src to the logical rectangle dst at the output's pixels (its edges rounded), so a
 * scale between whole ones stretches the piece without sampling past it and the pieces of a
 * panel meet without a seam. */
static void copy_to_pixels(SDL_Renderer *r, SDL_Texture *t, const SDL_Rect *src, SDL_Rect dst)
{
    float sx = 1.0f, sy = 1.0f;
    SDL_RenderGetScale(r, &sx, &sy);
    if (sx == (float)(int)sx && sy == (float)(int)sy) {
        SDL_RenderCopy(r, t, src, &dst);
        return;
    }
    int x0 = (int)((float)dst.x * sx + 0.5f), x1 = (int)((float)(dst.x + dst.w) * sx + 0.5f);
    int y0 = (int)((float)dst.y * sy + 0.5f), y1 = (int)((float)(dst.y + dst.h) * sy + 0.5f);
    SDL_RenderSetScale(r, 1.0f, 1.0f);
    SDL_RenderCopy(r, t, src, &(SDL_Rect){x0, y0, x1 - x0, y1 - y0});
    SDL_RenderSetScale(r, sx, sy);
}

/* One axis of a panel's piece: the third (0 the near edge, 1 the middle, 2 the far edge) of
 * the box's span *at, *len on screen, and of the sprite's span *src_at, *src_len. An edge is
 * e thick on screen and takes the sprite's outer e pixels, where the frame's rim is drawn; the
 * middle is stretched from the whole sprite. */
static void frame_third(int third, int e, int *at, int *len, int *src_at, int *src_len)
{
    if (third == 0) {
        *len = *src_len = e;
    } else if (third == 1) {
        *at += e;
        *len -= 2 * e;
    } else {
        *at += *len - e;
        *src_at += SPRITE_SIZE - e;
        *len = *src_len = e;
    }
}

SDL_Rect ui_panel(SDL_Renderer *r, const Atlas *atlas, SDL_Rect box)
{
    /* Nine pieces: corners as drawn, edges and centre stretched. Edges are 1/4 of a sprite
     * thick on screen so a panel's frame matches the HUD's thin rules. */
    static const SpriteId pieces[9] = {
        SPRITE_FRAME_TL, SPRITE_FRAME_T,  SPRITE_FRAME_TR, SPRITE_FRAME_L,  SPRITE_FRAME_C,
        SPRITE_FRAME_R,  SPRITE_FRAME_BL, SPRITE_FRAME_B,  SPRITE_FRAME_BR,
    };
    const int e = SPRITE_SIZE / 2;
    for (int i = 0; i < 9; i++) {
        SDL_Rect from = atlas->rects[pieces[i]], to = box;
        frame_third(i % 3, e, &to.x, &to.w, &from.x, &from.w);
        frame_third(i / 3, e, &to.y, &to.h, &from.y, &from.h);
        if (to.w > 0 && to.h > 0)
            copy_to_pixels(r, atlas->texture, &from, to);
    }
    return ui_panel_inner(box);
}

SDL_Rect ui_panel_inner(SDL_Rect box)
{
    const int e = SPRITE_SIZE / 2; /* the frame's thickness on screen, as ui_panel draws it */
    return (SDL_Rect){box.x + e, box.y + e / 2 + 2, box.w - 2 * e, box.h - e - 4};
}

void menu_draw(Menu *menu, SDL_Renderer *r, const Atlas *atlas, const Text *text, int x, int y,
               int w)
{
    const SDL_Color ink = UI_INK, dim = UI_DISABLED, lit = UI_LIT;
    int lh = text->line_height + menu->row_pad;
    for (int i = 0; i < menu->count; i++, y += lh) {
        menu->rows[i] = (SDL_Rect){x, y, w, lh};
        bool on = i == menu->selected;
        if (on) {
            SDL_SetRenderDrawColor(r, 60, 52, 90, 255);
            SDL_RenderFillRect(r, &menu->rows[i]);
            atlas_draw(atlas, r, SPRITE_UI_SELECT, x + 2, y + (lh - SPRITE_SIZE / 2) / 2,
                       SPRITE_SIZE / 2);
        }
        SDL_Color c = menu->disabled[i] ? dim : on ? lit : ink;
        int ty = y + (lh - text->line_height) / 2;
        text_draw(text, r, x + SPRITE_SIZE / 2 + 6, ty, menu->label[i], c);
        if (menu->value[i][0])
            text_draw(text, r, x + w - 6 - text_width(text, menu->value[i]), ty, menu->value[i], c);
    }
}
