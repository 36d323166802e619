#include "ui/sidebar.h"

#include <stdio.h>

#include "ui/describe.h"
#include "ui/layout.h"
#include "ui/palette.h"

static void fill(SDL_Renderer *r, SDL_Color c, SDL_Rect rect)
{
    SDL_SetRenderDrawColor(r, c.r, c.g, c.b, c.a);
    SDL_RenderFillRect(r, &rect);
}

void sidebar_bar(SDL_Renderer *r, SDL_Rect box, int value, int max)
{
    fill(r, UI_BAR_EMPTY, box);
    if (max <= 0 || value <= 0)
        return;
    if (value > max)
        value = max;
    SDL_Color c = value * 3 <= max ? UI_BAR_LOW : value * 3 <= 2 * max ? UI_BAR_MID : UI_BAR_FULL;
    fill(r, c, (SDL_Rect){box.x, box.y, (int)((long)box.w * value / max), box.h});
}

const Entity *sidebar_entity_at(const SidebarRows *rows, int x, int y)
{
    for (int i = 0; i < rows->count; i++) {
        SDL_Rect b = rows->rect[i];
        if (x >= b.x && y >= b.y && x < b.x + b.w && y < b.y + b.h)
            return rows->entity[i];
    }
    return NULL;
}

static void add_row(SidebarRows *rows, const Entity *e, SDL_Rect rect)
{
    if (rows->count < SIDEBAR_ROWS_MAX) {
        rows->entity[rows->count] = e;
        rows->rect[rows->count] = rect;
        rows->count++;
    }
}

static void highlight(SDL_Renderer *r, SDL_Rect row, bool on)
{
    if (on)
        fill(r, UI_FOCUS, row);
}

/* The player: HP with its bar, attack and defence, level and XP, the floor and the turn. */
static int draw_player(SDL_Renderer *r, const Atlas *atlas, const Text *text, const Game *game,
                       SDL_Rect box, const Entity *focus, SidebarRows *rows)
{
    const Entity *p = game->player;
    int lh = text->line_height, x = box.x + LAYOUT_PAD, w = box.w - 2 * LAYOUT_PAD;
    int y = box.y + LAYOUT_PAD;
    char buf[96];
    snprintf(buf, sizeof buf, "Floor %d/%d", game->current, MAX_FLOORS);
    text_draw(text, r, x, y, buf, UI_GOLD);
    snprintf(buf, sizeof buf, "Turn %u", (unsigned)game->turn);
    text_draw(text, r, x + w - text_width(text, buf), y, buf, UI_DIM);
    y += lh + 2;
    SDL_Rect row = {box.x, y, box.w, SPRITE_SIZE + 2 * lh + 4};
    highlight(r, row, focus == p);
    add_row(rows, p, row);
    atlas_draw(atlas, r, SPRITE_PLAYER_RIGHT, x, y, SPRITE_SIZE);
    int tx = x + SPRITE_SIZE + 4;
    text_draw(text, r, tx, y, "You", UI_INK);
    snprintf(buf, sizeof buf, "HP %d/%d", p->stats.hp, p->stats.max_hp);
    text_draw(text, r, x + w - text_width(text, buf), y, buf, UI_INK);
    sidebar_bar(r, (SDL_Rect){tx, y + lh + 1, x + w - tx, 3}, p->stats.hp, p->stats.max_hp);
    y += SPRITE_SIZE + 2;
    Fighter f = game_fighter(game, p);
    snprintf(buf, sizeof buf, "Attack %d-%d  Defence %d", f.attack_min, f.attack_max, f.defence);
    text_draw(text, r, x, y, buf, UI_INK);
    y += lh;
    int next = game_next_level_xp(game);
    if (next >= 0)
        snprintf(buf, sizeof buf, "Level %d  XP %d/%d", p->stats.level, p->stats.xp, next);
    else
        snprintf(buf, sizeof buf, "Level %d  XP %d", p->stats.level, p->stats.xp);
    text_draw(text, r, x, y, buf, UI_INK);
    return y + lh + 4;
}

static void rule(SDL_Renderer *r, SDL_Rect box, int y)
{
    fill(r, UI_RULE, (SDL_Rect){box.x + LAYOUT_PAD, y, box.w - 2 * LAYOUT_PAD, 1});
}

void sidebar_draw(SDL_Renderer *r, const Atlas *atlas, const Text *text, const Game *game,
                  SDL_Rect box, const Entity *focus, SidebarRows *rows)
{
    rows->count = rows->hidden = 0;
    fill(r, UI_PANEL, box);
    fill(r, UI_RULE, (SDL_Rect){box.x + box.w - 1, box.y, 1, box.h});
    box.w -= 1;
    int lh = text->line_height, x = box.x + LAYOUT_PAD, w = box.w - 2 * LAYOUT_PAD;
    int y = draw_player(r, atlas, text, game, box, focus, rows);
    const Entity *things[SIDEBAR_ROWS_MAX];
    int n = game_things_in_view(game, things, SIDEBAR_ROWS_MAX);
    int bottom = box.y + box.h - LAYOUT_PAD, more_h = lh;
    bool items_started = false;
    rule(r, box, y - 2);
    if (n == 0) {
        text_draw(text, r, x, y + 1, "Nothing in view.", UI_DIM);
        return;
    }
    for (int i = 0; i < n; i++) {
        const Entity *e = things[i];
        bool mouse = e->kind == KIND_MONSTER;
        int h = mouse ? SPRITE_SIZE + lh - 2 : SPRITE_SIZE + 2;
        if (!mouse && !items_started) {
            items_started = true;
            if (i > 0) {
                rule(r, box, y + 1);
                y += 3;
            }
        }
        if (y + h > bottom - (i + 1 < n ? more_h : 0)) {
            rows->hidden = n - i;
            char buf[48];
            snprintf(buf, sizeof buf, "... and %d more in view", n - i);
            text_draw(text, r, x, bottom - lh, buf, UI_DIM);
            break;
        }
        SDL_Rect row = {box.x, y, box.w, h};
        highlight(r, row, e == focus);
        add_row(rows, e, row);
        atlas_draw(atlas, r, e->sprite, x, y + 1, SPRITE_SIZE);
        int tx = x + SPRITE_SIZE + 4;
        text_draw(text, r, tx, y + (mouse ? 0 : (SPRITE_SIZE + 2 - lh) / 2), e->name, UI_INK);
        if (mouse) {
            char buf[64];
            snprintf(buf, sizeof buf, "%d/%d", e->stats.hp, e->stats.max_hp);
            text_draw(text, r, x + w - text_width(text, buf), y, buf, UI_DIM);
            sidebar_bar(r, (SDL_Rect){tx, y + lh, x + w - tx, 3}, e->stats.hp, e->stats.max_hp);
            const char *mood = describe_mood(game, e);
            const SDL_Color colours[] = {UI_MOOD_ASLEEP, UI_MOOD_HUNTING,
                                         UI_MOOD_SEARCHING, UI_MOOD_WANDERING};
            unsigned m = (unsigned)game_monster_mood(game, e);
            text_draw(text, r, tx, y + lh + 4, mood, colours[m < 4 ? m : 0]);
        }
        y += h + 1;
    }
}
