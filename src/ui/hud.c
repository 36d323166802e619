#include "ui/hud.h"

#include <stdio.h>

enum { HUD_MESSAGES = 3, HUD_PAD = 3 };

static const SDL_Color INK = {232, 228, 214, 255};
static const SDL_Color DIM = {150, 146, 138, 255};
static const SDL_Color PANEL = {18, 18, 28, 255};
static const SDL_Color RULE = {70, 66, 92, 255};

int hud_top_height(const Text *text)
{
    return text->line_height + 2 * HUD_PAD;
}

int hud_bottom_height(const Text *text)
{
    return HUD_MESSAGES * text->line_height + 2 * HUD_PAD;
}

static void fill(SDL_Renderer *r, SDL_Color c, SDL_Rect rect)
{
    SDL_SetRenderDrawColor(r, c.r, c.g, c.b, c.a);
    SDL_RenderFillRect(r, &rect);
}

static void draw_top_bar(SDL_Renderer *r, const Atlas *atlas, const Text *text, const Game *game,
                         int width)
{
    int h = hud_top_height(text);
    fill(r, PANEL, (SDL_Rect){0, 0, width, h});
    fill(r, RULE, (SDL_Rect){0, h - 1, width, 1});
    const Entity *p = game->player;
    char buf[96];
    int icon = SPRITE_SIZE / 2 + 2; /* icons shown at half size beside their figure */
    int x = HUD_PAD, ty = HUD_PAD, iy = (h - icon) / 2;

    atlas_draw(atlas, r, SPRITE_ICON_FLOOR, x, iy, icon);
    snprintf(buf, sizeof buf, "Floor %d/%d", game->current, MAX_FLOORS);
    x += icon + 2 + text_draw(text, r, x + icon + 2, ty, buf, INK) + 10;

    atlas_draw(atlas, r, SPRITE_ICON_HP, x, iy, icon);
    snprintf(buf, sizeof buf, "HP %d/%d", p->stats.hp, p->stats.max_hp);
    x += icon + 2 + text_draw(text, r, x + icon + 2, ty, buf, INK) + 10;

    snprintf(buf, sizeof buf, "Turn %u", (unsigned)game->turn);
    text_draw(text, r, width - HUD_PAD - text_width(text, buf), ty, buf, DIM);
}

static void draw_messages(SDL_Renderer *r, const Text *text, const Game *game, int width,
                          int height)
{
    int h = hud_bottom_height(text);
    int top = height - h;
    fill(r, PANEL, (SDL_Rect){0, top, width, h});
    fill(r, RULE, (SDL_Rect){0, top, width, 1});
    for (int age = 0; age < HUD_MESSAGES; age++) {
        const LogEntry *m = msglog_get(&game->log, age);
        if (!m)
            break;
        char line[MSGLOG_LINE_MAX + 16];
        if (m->repeats > 1)
            snprintf(line, sizeof line, "%s (x%d)", m->text, m->repeats);
        else
            snprintf(line, sizeof line, "%s", m->text);
        int y = top + HUD_PAD + (HUD_MESSAGES - 1 - age) * text->line_height;
        text_draw(text, r, HUD_PAD, y, line, age == 0 ? INK : DIM);
    }
}

void hud_draw(SDL_Renderer *renderer, const Atlas *atlas, const Text *text, const Game *game,
              int width, int height)
{
    draw_top_bar(renderer, atlas, text, game, width);
    draw_messages(renderer, text, game, width, height);
}
