#include "ui/hud.h"

#include "ui/menu.h"
#include "ui/palette.h"

#include <stdio.h>
#include <string.h>

enum { HUD_MESSAGES = 3, HUD_PAD = 3, HUD_TOAST_LINES = 4 };

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
    fill(r, UI_PANEL, (SDL_Rect){0, 0, width, h});
    fill(r, UI_RULE, (SDL_Rect){0, h - 1, width, 1});
    const Entity *p = game->player;
    char buf[96];
    int icon = SPRITE_SIZE / 2 + 2; /* icons shown at half size beside their figure */
    int x = HUD_PAD, ty = HUD_PAD, iy = (h - icon) / 2;

    atlas_draw(atlas, r, SPRITE_ICON_FLOOR, x, iy, icon);
    snprintf(buf, sizeof buf, "Floor %d/%d", game->current, MAX_FLOORS);
    x += icon + 2 + text_draw(text, r, x + icon + 2, ty, buf, UI_INK) + 10;

    atlas_draw(atlas, r, SPRITE_ICON_HP, x, iy, icon);
    snprintf(buf, sizeof buf, "HP %d/%d", p->stats.hp, p->stats.max_hp);
    int hp_w = text_draw(text, r, x + icon + 2, ty, buf, UI_INK);
    /* The HP bar under the figure: red when low. */
    int bar_w = hp_w, filled = p->stats.max_hp > 0 ? bar_w * p->stats.hp / p->stats.max_hp : 0;
    SDL_Color bar = p->stats.hp * 3 < p->stats.max_hp ? (SDL_Color){200, 60, 50, 255}
                                                      : (SDL_Color){90, 180, 90, 255};
    fill(r, UI_RULE, (SDL_Rect){x + icon + 2, h - 3, bar_w, 2});
    fill(r, bar, (SDL_Rect){x + icon + 2, h - 3, filled, 2});
    x += icon + 2 + hp_w + 10;

    Fighter f = game_fighter(game, p);
    snprintf(buf, sizeof buf, "Atk %d-%d  Def %d  Lvl %d", f.attack_min, f.attack_max, f.defence,
             p->stats.level);
    x += text_draw(text, r, x, ty, buf, UI_INK) + 10;
    int next = game_next_level_xp(game);
    if (next >= 0)
        snprintf(buf, sizeof buf, "XP %d/%d", p->stats.xp, next);
    else
        snprintf(buf, sizeof buf, "XP %d", p->stats.xp);
    x += text_draw(text, r, x, ty, buf, UI_INK) + 10;

    snprintf(buf, sizeof buf, "Turn %u", (unsigned)game->turn);
    text_draw(text, r, width - HUD_PAD - text_width(text, buf), ty, buf, UI_DIM);
}

static void draw_messages(SDL_Renderer *r, const Text *text, const Game *game, int width,
                          int height)
{
    int h = hud_bottom_height(text);
    int top = height - h;
    fill(r, UI_PANEL, (SDL_Rect){0, top, width, h});
    fill(r, UI_RULE, (SDL_Rect){0, top, width, 1});
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
        text_draw(text, r, HUD_PAD, y, line, age == 0 ? UI_INK : UI_DIM);
    }
}

void hud_draw(SDL_Renderer *renderer, const Atlas *atlas, const Text *text, const Game *game,
              int width, int height)
{
    draw_top_bar(renderer, atlas, text, game, width);
    draw_messages(renderer, text, game, width, height);
}

static void item_line(const Entity *item, char *out, size_t size)
{
    const ItemStats *s = &item->item;
    if (s->heal)
        snprintf(out, size, "%s: heals %d", item->name, s->heal);
    else if (s->attack)
        snprintf(out, size, "%s: +%d attack", item->name, s->attack);
    else if (s->defence)
        snprintf(out, size, "%s: +%d defence", item->name, s->defence);
    else if (s->hit || s->dodge)
        snprintf(out, size, "%s: +%d%% hit, +%d%% dodge", item->name, s->hit, s->dodge);
    else
        snprintf(out, size, "%s: opens one locked door", item->name);
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

void hud_draw_pack(SDL_Renderer *r, const Atlas *atlas, const Text *text, const Game *game,
                   int selected, PackRows *rows, int width, int height)
{
    const int lh = text->line_height, row_h = SPRITE_SIZE + 2;
    int n = game->inventory_count;
    static const char HINT[] = "Return/click: use or wear   Del/right-click: drop   Tab: close";
    int w = width * 2 / 3, h = 2 * lh + (n ? n : 1) * row_h + 3 * lh + 3 * HUD_PAD + 16;
    if (w < text_width(text, HINT) + 24)
        w = text_width(text, HINT) + 24;
    SDL_Rect box = {(width - w) / 2, (height - h) / 2, w, h};
    SDL_Rect in = ui_panel(r, atlas, box);
    rows->box = box;
    rows->count = n;
    char buf[160];
    snprintf(buf, sizeof buf, "Pack %d/%d", n, game->rules->inventory_limit);
    int y = in.y;
    text_draw(text, r, in.x, y, buf, UI_INK);
    y += lh + 2;
    if (n == 0) {
        text_draw(text, r, in.x, y, "(empty: walk onto an item to pick it up)", UI_DIM);
        y += row_h;
    }
    for (int i = 0; i < n; i++, y += row_h) {
        const Entity *it = game->inventory[i];
        bool worn = it->item.slot != SLOT_NONE && game->equipped[it->item.slot] == it;
        rows->rows[i] = (SDL_Rect){in.x, y, in.w, row_h};
        if (i == selected) {
            SDL_SetRenderDrawColor(r, 60, 52, 90, 255);
            SDL_RenderFillRect(r, &rows->rows[i]);
        }
        atlas_draw(atlas, r, it->sprite, in.x + 2, y + 1, SPRITE_SIZE);
        char line[120];
        item_line(it, line, sizeof line);
        snprintf(buf, sizeof buf, "%c) %s%s", 'a' + i, line, worn ? "  [worn]" : "");
        text_draw(text, r, in.x + SPRITE_SIZE + 6, y + (row_h - lh) / 2, buf,
                  worn ? (SDL_Color){150, 210, 140, 255} : UI_INK);
    }
    y += 4;
    SDL_SetRenderDrawColor(r, UI_RULE.r, UI_RULE.g, UI_RULE.b, UI_RULE.a);
    SDL_RenderDrawLine(r, in.x, y, in.x + in.w, y);
    y += 3;
    if (n > 0 && selected >= 0 && selected < n)
        hud_draw_wrapped(r, text, in.x, y, in.w, 2, game->inventory[selected]->description, UI_DIM);
    text_draw(text, r, in.x, in.y + in.h - lh, HINT, UI_DIM);
}

/* What the player knows is at (x, y): a mouse or item in view, a door or stairs once seen,
 * else the cell itself. NULL entity for a bare cell. */
static const Entity *known_entity_at(const Game *game, int x, int y)
{
    const Floor *floor = game->floors[game->current];
    bool visible = game_cell_visible(game, x, y);
    const Entity *best = NULL;
    for (const Entity *e = floor->entities.head; e; e = e->next) {
        if ((e->flags & EF_REMOVED) || e->x != x || e->y != y)
            continue;
        bool known = visible || (e->flags & EF_ALWAYS_SHOWN);
        /* The most interesting first: the player, a mouse, an item, then the rest. */
        if (known && (!best || e->kind == KIND_PLAYER || e->kind == KIND_MONSTER ||
                      (e->kind == KIND_ITEM && best->kind != KIND_MONSTER)))
            best = e;
    }
    return best;
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

void hud_draw_hover(SDL_Renderer *r, const Text *text, const Game *game, int x, int y, int width,
                    int height)
{
    const Floor *floor = game->floors[game->current];
    if (!floor->seen[y * floor->map.width + x])
        return;
    const Entity *e = known_entity_at(game, x, y);
    char name[96];
    const char *description;
    if (e) {
        description = e->description;
        if (e->kind == KIND_MONSTER)
            snprintf(name, sizeof name, "%s  HP %d/%d", e->name, e->stats.hp, e->stats.max_hp);
        else if (e->kind == KIND_DOOR && e->door == DOOR_HIDDEN)
            snprintf(name, sizeof name, "Wall");
        else
            snprintf(name, sizeof name, "%s", e->kind == KIND_PLAYER ? "You" : e->name);
    } else if (map_is_wall(&floor->map, x, y)) {
        snprintf(name, sizeof name, "Wall");
        description = MAP_WALL_DESCRIPTION;
    } else {
        snprintf(name, sizeof name, "Floor");
        description = game_cell_visible(game, x, y) ? "Bare lab floor."
                                                    : "Bare lab floor, as you remember it.";
    }
    int h = hud_bottom_height(text), w = width * 2 / 5;
    int x0 = width - w, y0 = height - h;
    fill(r, UI_PANEL, (SDL_Rect){x0, y0 + 1, w, h - 1});
    fill(r, UI_RULE, (SDL_Rect){x0, y0, 1, h});
    text_draw(text, r, x0 + HUD_PAD + 2, y0 + HUD_PAD, name, UI_INK);
    hud_draw_wrapped(r, text, x0 + HUD_PAD + 2, y0 + HUD_PAD + text->line_height,
                     w - 2 * HUD_PAD - 2, HUD_MESSAGES - 1, description, UI_DIM);
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
    SDL_Rect in = panel(r, width, height, 12);
    int lh = text->line_height, y = in.y, col_w = in.w / 2;
    text_draw(text, r, in.x, y, "Keys (any key closes this)", UI_INK);
    y += lh;
    int row = 0;
    for (int a = ACTION_NONE + 1; a < ACTION_COUNT; a++) {
        char line[160];
        int n = snprintf(line, sizeof line, "%s:", action_label((Action)a));
        int found = 0;
        for (int i = 0; i < keys->count && n < (int)sizeof line - 24; i++)
            if (keys->bindings[i].action == (Action)a)
                n += snprintf(line + n, sizeof line - (size_t)n, "%s %s", found++ ? "," : "",
                              SDL_GetKeyName(keys->bindings[i].key));
        int x = in.x + (row % 2) * col_w;
        text_draw(text, r, x, y + (row / 2) * lh, line, UI_DIM);
        row++;
    }
    y += (row + 1) / 2 * lh + lh / 2;
    const Rules *rules = game->rules;
    char buf[200];
    const char *lines[16];
    int n = 0;
    lines[n++] = "Mouse: hover a cell to read what is there; click a seen cell to walk to it. "
                 "Keys can be changed in Options, Keys (a WASD preset is there).";
    lines[n++] = "Pad: stick or D-pad move, A explore, B search, X wait, Y pack, LB/RB stairs "
                 "down/up, Back log, stick click help, Start title. In the pack: A use, X drop.";
    lines[n++] = "Walk into a mouse to attack it, into a door to open it, into stairs to climb.";
    snprintf(buf, sizeof buf,
             "To hit: attacker's hit - target's dodge, 5..95%%. Damage: a roll in "
             "the attack range + weapon - defence - armour, at least %d.",
             rules->min_damage);
    lines[n++] = buf;
    char lvl[160];
    snprintf(lvl, sizeof lvl,
             "XP from each mouse and each new item (%d). A level: +%d max HP, "
             "+%d attack, +1 defence every %d levels. 1 HP back every %d turns.",
             rules->item_xp, rules->level_hp, rules->level_attack, rules->level_defence_every,
             rules->regen_turns);
    lines[n++] = lvl;
    char search[160];
    snprintf(search, sizeof search,
             "Search: %d%% per hidden door beside you; the %dth search in a "
             "row finds every hidden door in view within %d cells.",
             rules->search_chance, rules->search_thorough_after, rules->search_thorough_radius);
    lines[n++] = search;
    char pack[160];
    snprintf(pack, sizeof pack,
             "Pack: %d items. One weapon, one armour, one chip worn. A Key opens "
             "one locked door (red light).",
             rules->inventory_limit);
    lines[n++] = pack;
    for (int i = 0; i < n; i++) {
        y += hud_draw_wrapped(r, text, in.x, y, in.w, 2, lines[i], UI_INK) * lh;
    }
}

void hud_draw_log(SDL_Renderer *r, const Text *text, const Game *game, int scroll, int width,
                  int height)
{
    SDL_Rect in = panel(r, width, height, 12);
    int lh = text->line_height;
    text_draw(text, r, in.x, in.y,
              "Messages (Up/Down, PageUp/PageDown scroll; any other key closes)", UI_INK);
    int rows = (in.h - lh) / lh;
    for (int i = 0; i < rows; i++) {
        const LogEntry *m = msglog_get(&game->log, scroll + i);
        if (!m)
            break;
        char line[MSGLOG_LINE_MAX + 32];
        if (m->repeats > 1)
            snprintf(line, sizeof line, "%5u  %s (x%d)", (unsigned)m->turn, m->text, m->repeats);
        else
            snprintf(line, sizeof line, "%5u  %s", (unsigned)m->turn, m->text);
        text_draw(text, r, in.x, in.y + in.h - (i + 1) * lh, line,
                  i == 0 && !scroll ? UI_INK : UI_DIM);
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
    int y = height - hud_bottom_height(text) - h;
    fill(r, (SDL_Color){30, 50, 40, 255}, (SDL_Rect){0, y, width, h});
    hud_draw_wrapped(r, text, HUD_PAD, y + HUD_PAD, w, lines, message, UI_INK);
}
