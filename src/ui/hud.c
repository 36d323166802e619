#include "ui/hud.h"
#include "game/tools.h"
#include "ui/describe.h"
#include "ui/help.h"
#include "ui/layout.h"
#include "ui/menu.h"
#include "ui/pack.h"
#include "ui/palette.h"

#include <stdio.h>
#include <string.h>

enum { HUD_MESSAGES = 3, HUD_PAD = 3, HUD_TOAST_LINES = 4 };
#define HUD_WORN ((SDL_Color){150, 210, 140, 255}) /* worn gear in the pack */

static void fill(SDL_Renderer *r, SDL_Color c, SDL_Rect rect)
{
    SDL_SetRenderDrawColor(r, c.r, c.g, c.b, c.a);
    SDL_RenderFillRect(r, &rect);
}

static void message_text(const LogEntry *m, char *out, size_t size)
{
    if (m->repeats > 1)
        snprintf(out, size, "%s (x%d)", m->text, m->repeats);
    else
        snprintf(out, size, "%s", m->text);
}

void hud_draw_messages(SDL_Renderer *r, const Text *text, const Game *game, SDL_Rect box)
{
    fill(r, UI_PANEL, box);
    fill(r, UI_RULE, (SDL_Rect){box.x, box.y + box.h - 1, box.w, 1});
    int w = box.w - 2 * HUD_PAD, lh = text->line_height;
    int lines_left = (box.h - 2 * HUD_PAD) / lh;
    int bottom = box.y + HUD_PAD + lines_left * lh;
    /* The newest at the bottom, each message whole and wrapped; older ones above while they
     * fit whole. */
    for (int age = 0; lines_left > 0; age++) {
        const LogEntry *m = msglog_get(&game->log, age);
        if (!m)
            break;
        char line[MSGLOG_LINE_MAX + 16];
        message_text(m, line, sizeof line);
        int n = text_wrap_count(text, line, w);
        if (n > lines_left)
            break;
        bottom -= n * lh;
        lines_left -= n;
        bool fresh = m->turn + 1 >= game->turn || age == 0;
        hud_draw_wrapped(r, text, box.x + HUD_PAD, bottom, w, n, line,
                         hud_message_colour(m, fresh));
    }
}

SDL_Color hud_message_colour(const LogEntry *m, bool fresh)
{
    SDL_Color c;
    switch (m->tone) {
    case MSG_HURT: c = UI_TONE_HURT; break;
    case MSG_HIT: c = UI_TONE_HIT; break;
    case MSG_LEVEL: c = UI_TONE_LEVEL; break;
    case MSG_FIND: c = UI_TONE_FIND; break;
    case MSG_KING: c = UI_TONE_KING; break;
    case MSG_WARN: c = UI_TONE_WARN; break;
    case MSG_FLOOR: c = UI_TONE_FLOOR; break;
    default: c = UI_INK; break;
    }
    if (!fresh) { /* older news: the same hue, a third darker */
        c.r = (Uint8)(c.r * 2 / 3);
        c.g = (Uint8)(c.g * 2 / 3);
        c.b = (Uint8)(c.b * 2 / 3);
    }
    return c;
}

int hud_describe_height(const Text *text, const CellText *ct, int w, const char *keys)
{
    int inner = w - 4 * HUD_PAD, lines = 1 + text_wrap_count(text, ct->body, inner);
    if (ct->status[0] && text_width(text, ct->title) + text_width(text, ct->status) + 16 > inner)
        lines++; /* the status goes on a line of its own */
    if (keys)
        lines += text_wrap_count(text, keys, inner);
    return lines * text->line_height + 2 * HUD_PAD + 2;
}

SDL_Rect hud_describe_rect(const Text *text, const CellText *ct, SDL_Rect map, bool at_top,
                           const char *keys)
{
    int margin = 4, w = map.w - 2 * margin;
    int h = hud_describe_height(text, ct, w, keys);
    return (SDL_Rect){map.x + margin, at_top ? map.y + margin : map.y + map.h - margin - h, w, h};
}

SDL_Rect hud_describe_place(const Text *text, const CellText *ct, SDL_Rect map, bool prefer_top,
                            const SDL_Rect *avoid, int avoid_count, const char *keys)
{
    enum { MARGIN = 4, NARROW_CHARS = 44 };
    int full = map.w - 2 * MARGIN, narrow = map.w / 2 - 2 * MARGIN;
    int least = NARROW_CHARS * text_width(text, "m") + 4 * HUD_PAD;
    if (narrow < least)
        narrow = least < full ? least : full;
    LayoutBox box = {full, hud_describe_height(text, ct, full, keys), narrow,
                     hud_describe_height(text, ct, narrow, keys), prefer_top};
    return layout_place_box(map, box, avoid, avoid_count);
}

void hud_draw_describe(SDL_Renderer *r, const Text *text, const CellText *ct, SDL_Rect map,
                       bool at_top, const char *keys)
{
    hud_draw_describe_box(r, text, ct, hud_describe_rect(text, ct, map, at_top, keys), keys);
}

void hud_draw_describe_box(SDL_Renderer *r, const Text *text, const CellText *ct, SDL_Rect box,
                           const char *keys)
{
    int lh = text->line_height;
    text_record_panel(text, box);
    int w = box.w;
    fill(r, UI_PANEL, box);
    SDL_SetRenderDrawColor(r, UI_RULE.r, UI_RULE.g, UI_RULE.b, 255);
    SDL_RenderDrawRect(r, &box);
    int x = box.x + 2 * HUD_PAD, y = box.y + HUD_PAD + 1, inner = w - 4 * HUD_PAD;
    text_draw(text, r, x, y, ct->title, UI_GOLD);
    if (ct->status[0]) {
        int tw = text_width(text, ct->title), sw = text_width(text, ct->status);
        if (tw + sw + 16 > inner) {
            y += lh;
            text_draw(text, r, x, y, ct->status, UI_DIM);
        } else {
            text_draw(text, r, x + inner - sw, y, ct->status, UI_DIM);
        }
    }
    y += lh;
    y += hud_draw_wrapped(r, text, x, y, inner, 64, ct->body, UI_INK) * lh;
    if (keys)
        hud_draw_wrapped(r, text, x, y, inner, 8, keys, UI_DIM);
}

/* "a) Crowbar: +1 attack", "Cheese: throw it (t)", "Tranquilizer Darts (3): throw it (t)". */
static void item_line(const Game *game, int letter, char *out, size_t size)
{
    const Entity *item = game_pack_item(game, letter);
    const ItemStats *s = &item->item;
    char name[128];
    describe_name(game, item, name, sizeof name);
    TargetHow how = game_throw_how(game, letter);
    if (s->heal)
        snprintf(out, size, "%s: heals %d", name, s->heal);
    else if (s->attack)
        snprintf(out, size, "%s: +%d attack", name, s->attack);
    else if (s->defence)
        snprintf(out, size, "%s: +%d defence", name, s->defence);
    else if (s->hit || s->dodge)
        snprintf(out, size, "%s: +%d%% hit, +%d%% dodge", name, s->hit, s->dodge);
    else if (vial_index(item->kind_id) >= 0) /* R-VIAL-2 */
        snprintf(out, size, "%s: drink it, or throw it (t)", name);
    else if (how == TARGET_ADJACENT)
        snprintf(out, size, "%s: place it beside you", name);
    else if (how != TARGET_NONE)
        snprintf(out, size, "%s: throw it", name);
    else if (item->kind_id == KIND_ID_KEY)
        snprintf(out, size, "%s: opens one locked door", name);
    else
        snprintf(out, size, "%s: use it", name);
}

int hud_pack_row_at(const PackRows *rows, int x, int y)
{
    for (int i = 0; i < rows->count; i++) {
        SDL_Rect r = rows->rows[i];
        if (x >= r.x && y >= r.y && x < r.x + r.w && y < r.y + r.h)
            return i;
    }
    return -1;
}

bool hud_pack_contains(const PackRows *rows, int x, int y)
{
    SDL_Rect b = rows->box;
    return x >= b.x && y >= b.y && x < b.x + b.w && y < b.y + b.h;
}

/* The comparison's colour: gains green, losses red, worn gear the worn green. */
static SDL_Color compare_colour(int sign, bool worn)
{
    if (worn)
        return HUD_WORN;
    return sign > 0 ? UI_TONE_FIND : sign < 0 ? UI_TONE_HURT : UI_DIM;
}

/* One letter's row: the sprite, "a) Crowbar: +1 attack" and, right-aligned (or on a second
 * line when both do not fit on one), how it compares with what is worn. An empty letter shows
 * only its letter. */
static void pack_row(SDL_Renderer *r, const Atlas *atlas, const Text *text, const Game *game,
                     int letter, SDL_Rect row, bool two_lines)
{
    const int lh = text->line_height, x = row.x + SPRITE_SIZE + 6;
    const Entity *it = game_pack_item(game, letter);
    char buf[240];
    if (!it) {
        snprintf(buf, sizeof buf, "%c)", 'a' + letter);
        text_draw(text, r, x, row.y + (row.h - lh) / 2, buf, UI_DISABLED);
        return;
    }
    bool worn = it->item.slot != SLOT_NONE && game->equipped[it->item.slot] == it;
    atlas_draw(atlas, r, it->sprite, row.x + 2, row.y + (row.h - SPRITE_SIZE) / 2, SPRITE_SIZE);
    char line[200], compare[96];
    item_line(game, letter, line, sizeof line);
    int sign = pack_compare(game, it, compare, sizeof compare);
    snprintf(buf, sizeof buf, "%c) %s", 'a' + letter, line);
    int y = two_lines ? row.y + 1 : row.y + (row.h - lh) / 2;
    text_draw(text, r, x, y, buf, worn ? HUD_WORN : UI_INK);
    if (compare[0]) {
        int cw = text_width(text, compare), right = row.x + row.w - 4;
        text_draw(text, r, two_lines ? (x + 16 + cw > right ? x + 16 : right - cw) : right - cw,
                  two_lines ? y + lh : y, compare, compare_colour(sign, worn));
    }
}

/* Two lines a row only when some row's comparison does not fit beside its name, in a panel
 * `w` wide. */
static bool pack_two_lines(const Text *text, const Game *game, int w)
{
    SDL_Rect in0 = ui_panel_inner((SDL_Rect){0, 0, w, 100});
    int text_w = in0.w - SPRITE_SIZE - 10;
    for (int i = 0; i < pack_letters(game); i++) {
        const Entity *it = game_pack_item(game, i);
        if (!it)
            continue;
        char line[200], compare[96], buf[240];
        item_line(game, i, line, sizeof line);
        pack_compare(game, it, compare, sizeof compare);
        snprintf(buf, sizeof buf, "%c) %s", 'a' + i, line);
        if (text_width(text, buf) + 16 + text_width(text, compare) > text_w)
            return true;
    }
    return false;
}

/* Under the rows, from `at`: a question waiting for its answer takes the description's place,
 * where the eye is. */
static void pack_foot(SDL_Renderer *r, const Text *text, const Game *game, int selected,
                      const char *prompt, SDL_Rect at)
{
    if (prompt && prompt[0])
        hud_draw_wrapped(r, text, at.x, at.y, at.w, 2, prompt, UI_GOLD);
    else if (game->inventory_count == 0)
        text_draw(text, r, at.x, at.y, "(empty: walk onto an item to pick it up)", UI_DIM);
    else if (game_pack_item(game, selected))
        hud_draw_wrapped(r, text, at.x, at.y, at.w, 2, game_pack_item(game, selected)->description,
                         UI_DIM);
}

void hud_draw_pack(SDL_Renderer *r, const Atlas *atlas, const Text *text, const Game *game,
                   int selected, const char *prompt, PackRows *rows, int width, int height)
{
    const int lh = text->line_height, letters = pack_letters(game);
    char HINT[120]; /* the letters the pack has: "a-h" for 8 */
    snprintf(HINT, sizeof HINT,
             "a-%c, Return or click: use or wear   Shift+letter, Del or right-click: drop   "
             "t: throw   Tab: close",
             'a' + (letters > 0 ? letters - 1 : 0));
    int w = width * 2 / 3;
    if (w < text_width(text, HINT) + 24)
        w = text_width(text, HINT) + 24;
    if (w > width)
        w = width;
    /* The panel's size and each letter's row hang only on the window and the pack's size, never
     * on what the pack holds: a row stays under a still pointer when items come and go. */
    bool two_lines = pack_two_lines(text, game, w);
    int row_h = two_lines ? 2 * lh + 2 : (SPRITE_SIZE + 2 > lh + 2 ? SPRITE_SIZE + 2 : lh + 2);
    int h = 2 * lh + letters * row_h + 3 * lh + 3 * HUD_PAD + 16;
    SDL_Rect box = {(width - w) / 2, (height - h) / 2, w, h};
    SDL_Rect in = ui_panel(r, atlas, box);
    rows->box = box;
    rows->count = letters;
    char buf[160];
    snprintf(buf, sizeof buf, "Pack %d/%d", game->inventory_count, game->rules->inventory_limit);
    int y = in.y;
    text_draw(text, r, in.x, y, buf, UI_INK);
    text_draw(text, r, in.x + in.w - 4 - text_width(text, "vs worn"), y, "vs worn", UI_DIM);
    y += lh + 2;
    for (int i = 0; i < letters; i++, y += row_h) {
        rows->rows[i] = (SDL_Rect){in.x, y, in.w, row_h};
        if (i == selected) {
            SDL_SetRenderDrawColor(r, UI_FOCUS.r, UI_FOCUS.g, UI_FOCUS.b, 255);
            SDL_RenderFillRect(r, &rows->rows[i]);
        }
        pack_row(r, atlas, text, game, i, rows->rows[i], two_lines);
    }
    y += 4;
    SDL_SetRenderDrawColor(r, UI_RULE.r, UI_RULE.g, UI_RULE.b, UI_RULE.a);
    SDL_RenderDrawLine(r, in.x, y, in.x + in.w, y);
    y += 3;
    pack_foot(r, text, game, selected, prompt, (SDL_Rect){in.x, y, in.w, 0});
    text_draw(text, r, in.x, in.y + in.h - lh, HINT, UI_DIM);
}

int hud_draw_wrapped(SDL_Renderer *r, const Text *text, int x, int y, int w, int lines,
                     const char *s, SDL_Color colour)
{
    char line[512];
    int l = 0;
    for (; l < lines && *s; l++) {
        const char *next;
        int n = text_wrap(text, s, w, &next);
        if (n > (int)sizeof line - 1) /* wider than any view: draw what the buffer holds */
            n = (int)sizeof line - 1;
        memcpy(line, s, (size_t)n);
        line[n] = '\0';
        text_draw(text, r, x, y + l * text->line_height, line, colour);
        s = next;
    }
    return l;
}

/* A framed panel filling most of the view; returns its inner rectangle. */
static SDL_Rect panel(SDL_Renderer *r, int width, int height, int margin)
{
    SDL_Rect box = {margin, margin, width - 2 * margin, height - 2 * margin};
    fill(r, UI_PANEL, box);
    SDL_SetRenderDrawColor(r, UI_RULE.r, UI_RULE.g, UI_RULE.b, UI_RULE.a);
    SDL_RenderDrawRect(r, &box);
    return (SDL_Rect){box.x + 2 * HUD_PAD, box.y + HUD_PAD, box.w - 4 * HUD_PAD,
                      box.h - 2 * HUD_PAD};
}

void hud_draw_help(SDL_Renderer *r, const Text *text, const Game *game, const Keymap *keys,
                   int width, int height)
{
    help_draw(r, text, game->rules, game, keys, 0, width, height);
}

void hud_draw_log(SDL_Renderer *r, const Text *text, const Game *game, int scroll, int width,
                  int height)
{
    SDL_Rect in = panel(r, width, height, 12);
    int lh = text->line_height;
    int head = hud_draw_wrapped(r, text, in.x, in.y, in.w, 2,
                                "Messages (Up/Down, PageUp/PageDown or the wheel scroll; any other "
                                "key closes)",
                                UI_GOLD) *
               lh;
    /* The turn in a column of its own; each message wrapped beside it, the newest at the
     * bottom, older ones above while they fit whole. */
    int turn_w = text_width(text, "000000000  "), w = in.w - turn_w;
    int bottom = in.y + in.h, top = in.y + head + 2;
    for (int age = scroll;; age++) {
        const LogEntry *m = msglog_get(&game->log, age);
        if (!m)
            break;
        char line[MSGLOG_LINE_MAX + 16], turn[16];
        message_text(m, line, sizeof line);
        int n = text_wrap_count(text, line, w);
        if (bottom - n * lh < top)
            break;
        bottom -= n * lh;
        snprintf(turn, sizeof turn, "%u", (unsigned)m->turn);
        text_draw(text, r, in.x + turn_w - text_width(text, "  ") - text_width(text, turn), bottom,
                  turn, UI_DIM);
        hud_draw_wrapped(r, text, in.x + turn_w, bottom, w, n, line,
                         hud_message_colour(m, age == 0));
    }
}

void hud_draw_toast(SDL_Renderer *r, const Text *text, const char *message, int width, int height)
{
    /* Wrapped, not cut: "Not saved: <path>: <reason>" is wider than the view, and the reason
     * comes last. */
    int w = width - 2 * HUD_PAD, lines = text_wrap_count(text, message, w);
    if (lines > HUD_TOAST_LINES)
        lines = HUD_TOAST_LINES;
    if (lines < 1)
        lines = 1;
    int h = lines * text->line_height + 2 * HUD_PAD;
    int y = height - h;
    fill(r, (SDL_Color){30, 50, 40, 255}, (SDL_Rect){0, y, width, h});
    hud_draw_wrapped(r, text, HUD_PAD, y + HUD_PAD, w, lines, message, UI_INK);
}
