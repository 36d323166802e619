#include "ui/sidebar.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "game/tools.h"
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

/* `left` and `right` on one line, right-aligned, when both fit with a gap; else `right` on a
 * line of its own. Returns the lines used. */
static int pair(SDL_Renderer *r, const Text *text, int x, int y, int w, const char *left,
                const char *right, SDL_Color lc, SDL_Color rc)
{
    int lw = text_width(text, left), rw = text_width(text, right);
    text_draw(text, r, x, y, left, lc);
    if (lw + rw + text_width(text, "  ") <= w) {
        text_draw(text, r, x + w - rw, y, right, rc);
        return 1;
    }
    text_draw(text, r, x + w - rw > x ? x + w - rw : x, y + text->line_height, right, rc);
    return 2;
}

/* The player: HP with its bar, attack and defence, level and XP, the floor and the turn. */
/* The player's timed states with their turns left (R-VIAL-7): "Adrenaline 7  Radar 23". */
static int draw_states(SDL_Renderer *r, const Text *text, const Game *game, int x, int y, int w)
{
    const VialState *v = &game->vials;
    if (v->adrenaline <= 0 && v->radar <= 0)
        return 0;
    char left[32] = "", right[32] = "";
    if (v->adrenaline > 0)
        snprintf(left, sizeof left, "Adrenaline %d", v->adrenaline);
    if (v->radar > 0)
        snprintf(right, sizeof right, "Radar %d", v->radar);
    return pair(r, text, x, y, w, left, right, UI_GOLD, UI_GOLD) * text->line_height;
}

static int draw_player(SDL_Renderer *r, const Atlas *atlas, const Text *text, const Game *game,
                       SDL_Rect box, const Entity *focus, SidebarRows *rows)
{
    const Entity *p = game->player;
    int lh = text->line_height, x = box.x + LAYOUT_PAD, w = box.w - 2 * LAYOUT_PAD;
    int y = box.y + LAYOUT_PAD;
    char left[96], right[96];
    snprintf(left, sizeof left, "Floor %d/%d", game->current, MAX_FLOORS);
    snprintf(right, sizeof right, "Turn %u", (unsigned)game->turn);
    y += pair(r, text, x, y, w, left, right, UI_GOLD, UI_DIM) * lh + 2;
    /* The row the pointer highlights: from the sprite to the last figure. */
    int top = y, tx = x + SPRITE_SIZE + 4;
    bool on = focus == p;
    snprintf(right, sizeof right, "HP %d/%d", p->stats.hp, p->stats.max_hp);
    int hp_lines = pair(r, text, tx, y, x + w - tx, "You", right, UI_INK, UI_INK);
    sidebar_bar(r, (SDL_Rect){tx, y + hp_lines * lh + 1, x + w - tx, 3}, p->stats.hp,
                p->stats.max_hp);
    atlas_draw(atlas, r, SPRITE_PLAYER_RIGHT, x, y, SPRITE_SIZE);
    y += hp_lines * lh + 6;
    if (y < top + SPRITE_SIZE + 2)
        y = top + SPRITE_SIZE + 2;
    Fighter f = game_fighter(game, p);
    snprintf(left, sizeof left, "Attack %d-%d", f.attack_min, f.attack_max);
    snprintf(right, sizeof right, "Defence %d", f.defence);
    y += pair(r, text, x, y, w, left, right, UI_INK, UI_INK) * lh;
    int next = game_next_level_xp(game);
    snprintf(left, sizeof left, "Level %d", p->stats.level);
    if (next >= 0)
        snprintf(right, sizeof right, "XP %d/%d", p->stats.xp, next);
    else
        snprintf(right, sizeof right, "XP %d", p->stats.xp);
    y += pair(r, text, x, y, w, left, right, UI_INK, UI_INK) * lh;
    y += draw_states(r, text, game, x, y, w);
    SDL_Rect row = {box.x, top, box.w, y - top};
    if (on) { /* a frame around the figures, which are drawn already */
        SDL_SetRenderDrawColor(r, UI_LIT.r, UI_LIT.g, UI_LIT.b, 255);
        SDL_RenderDrawRect(r, &row);
    }
    add_row(rows, p, row);
    return y + 4;
}

static void rule(SDL_Renderer *r, SDL_Rect box, int y)
{
    fill(r, UI_RULE, (SDL_Rect){box.x + LAYOUT_PAD, y, box.w - 2 * LAYOUT_PAD, 1});
}

int sidebar_foot(SDL_Rect box, SDL_Rect minimap)
{
    int bottom = box.y + box.h;
    bool inside = minimap.w > 0 && minimap.h > 0 && minimap.x < box.x + box.w &&
                  minimap.x + minimap.w > box.x && minimap.y > box.y && minimap.y < bottom;
    return inside ? minimap.y - 1 : bottom; /* the minimap's frame is a pixel outside it */
}

/* The footer over the minimap (or at the sidebar's foot): the game's seed, to share. Returns
 * the y above it. */
static int draw_footer(SDL_Renderer *r, const Text *text, const Game *game, SDL_Rect box, int foot)
{
    char buf[48];
    snprintf(buf, sizeof buf, "Seed %" PRIu64, game->seeds.game);
    int y = foot - LAYOUT_PAD - text->line_height;
    if (y < box.y)
        return foot;
    text_draw(text, r, box.x + LAYOUT_PAD, y, buf, UI_DIM);
    rule(r, box, y - 2);
    return y - 3;
}

void sidebar_draw(SDL_Renderer *r, const Atlas *atlas, const Text *text, const Game *game,
                  SDL_Rect box, const Entity *focus, SidebarRows *rows)
{
    sidebar_draw_over(r, atlas, text, game, box, (SDL_Rect){0, 0, 0, 0}, focus, rows);
}

/* Cuts `s` to end in "..." where it is wider than `w` pixels (a long name and its marks). */
static void fit_width(const Text *text, char *s, int w)
{
    size_t n = strlen(s);
    if (text_width(text, s) <= w)
        return;
    while (n > 0) {
        s[--n] = '\0';
        char tried[160];
        snprintf(tried, sizeof tried, "%s...", s);
        if (text_width(text, tried) <= w) {
            snprintf(s + n, 4, "...");
            return;
        }
    }
}

/* One thing's row at `at` (x, y, the text's width): a mouse with its health and its state
 * (mood, then what a tool did to it), an item by its name with its count or charges. */
static void draw_thing(SDL_Renderer *r, const Atlas *atlas, const Text *text, const Game *game,
                       const Entity *e, SDL_Rect at)
{
    int lh = text->line_height, x = at.x, y = at.y, w = at.w;
    bool mouse = e->kind == KIND_MONSTER;
    char name[128];
    describe_name(game, e, name, sizeof name);
    atlas_draw(atlas, r, e->sprite, x, y + 1, SPRITE_SIZE);
    int tx = x + SPRITE_SIZE + 4;
    fit_width(text, name, x + w - tx);
    text_draw(text, r, tx, y + (mouse ? 0 : (SPRITE_SIZE + 2 - lh) / 2), name, UI_INK);
    if (!mouse)
        return;
    char buf[64];
    snprintf(buf, sizeof buf, "%d/%d", e->stats.hp, e->stats.max_hp);
    text_draw(text, r, x + w - text_width(text, buf), y + lh + 4, buf, UI_DIM);
    sidebar_bar(r, (SDL_Rect){tx, y + lh, x + w - tx, 3}, e->stats.hp, e->stats.max_hp);
    const char *mood = describe_mood(game, e), *fx = mouse_fx_word(e);
    const SDL_Color colours[MOOD_COUNT] = {UI_MOOD_ASLEEP,    UI_MOOD_HUNTING, UI_MOOD_SEARCHING,
                                           UI_MOOD_WANDERING, UI_MOOD_FLEEING, UI_MOOD_ANSWERING};
    unsigned m = (unsigned)game_monster_mood(game, e);
    bool extra = fx && strcmp(fx, mood) != 0; /* what a tool did to it, after its mood */
    char first[40];
    snprintf(first, sizeof first, "%s%s", mood, extra ? "," : "");
    text_draw(text, r, tx, y + lh + 4, first, colours[m < MOOD_COUNT ? m : 0]);
    if (extra)
        text_draw(text, r, tx + text_width(text, first) + text_width(text, " "), y + lh + 4, fx,
                  UI_GOLD);
}

void sidebar_draw_over(SDL_Renderer *r, const Atlas *atlas, const Text *text, const Game *game,
                       SDL_Rect box, SDL_Rect minimap, const Entity *focus, SidebarRows *rows)
{
    rows->count = rows->hidden = 0;
    fill(r, UI_PANEL, box);
    fill(r, UI_RULE, (SDL_Rect){box.x + box.w - 1, box.y, 1, box.h});
    box.w -= 1;
    int lh = text->line_height, x = box.x + LAYOUT_PAD, w = box.w - 2 * LAYOUT_PAD;
    int bottom = draw_footer(r, text, game, box, sidebar_foot(box, minimap));
    int y = draw_player(r, atlas, text, game, box, focus, rows);
    const Entity *things[SIDEBAR_ROWS_MAX];
    int n = game_things_shown(game, things, SIDEBAR_ROWS_MAX);
    int more_h = lh;
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
        draw_thing(r, atlas, text, game, e, (SDL_Rect){x, y, w, h});
        y += h + 1;
    }
}
