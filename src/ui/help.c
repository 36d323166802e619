/* The help screen (help.h): paragraphs made from the key table and the rules, wrapped to the
 * view and scrolled a line at a time. */
#include "ui/help.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "ui/help_text.h"
#include "ui/hud.h"
#include "ui/palette.h"

enum { HELP_PARAS = 80, HELP_PARA_LEN = 720, HELP_PAD = 3, HELP_MARGIN = 12 };

typedef struct Para {
    char s[HELP_PARA_LEN];
    char right[HELP_PARA_LEN / 4]; /* a key row: the second column, drawn unwrapped */
    SDL_Color colour;
    bool pair;
} Para;

typedef struct Paras {
    Para p[HELP_PARAS];
    int n;
} Paras;

static Para *add(Paras *ps, SDL_Color colour, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static Para *add(Paras *ps, SDL_Color colour, const char *fmt, ...)
{
    static Para spare;
    Para *p = ps->n < HELP_PARAS ? &ps->p[ps->n++] : &spare;
    va_list args;
    va_start(args, fmt);
    vsnprintf(p->s, sizeof p->s, fmt, args);
    va_end(args);
    p->right[0] = '\0';
    p->colour = colour;
    p->pair = false;
    return p;
}

/* "walk to the stairs up: <" for an action, its keys in table order. */
static void key_row(const Keymap *keys, Action a, char *line, size_t size)
{
    int n = snprintf(line, size, "%s:", action_label(a));
    int found = 0;
    for (int i = 0; i < keys->count && n < (int)size - 24; i++)
        if (keys->bindings[i].action == a)
            n += snprintf(line + n, size - (size_t)n, "%s %s", found++ ? "," : "",
                          key_name(keys->bindings[i].key));
}

static void add_keys(Paras *ps, const Keymap *keys)
{
    for (int a = ACTION_NONE + 1; a < ACTION_COUNT; a += 2) {
        Para *p = add(ps, UI_DIM, "%s", "");
        key_row(keys, (Action)a, p->s, sizeof p->s);
        if (a + 1 < ACTION_COUNT)
            key_row(keys, (Action)(a + 1), p->right, sizeof p->right);
        p->pair = true;
    }
    add(ps, UI_INK, "%s", "");
    add(ps, UI_INK, "%s",
        "Mouse: hover a cell or a row of the sidebar to read what is there (a key puts it away "
        "until the mouse moves); click a seen cell or a row to walk there; the wheel zooms. "
        "Keys can be changed in Options, Keys (a WASD preset is there).");
    Para *pad = add(ps, UI_INK, "Pad: the stick or the D-pad move");
    size_t used = strlen(pad->s);
    for (int b = PAD_NONE + 1; b <= PAD_RT && used < sizeof pad->s - 48; b++)
        if (pad_action((GamepadButton)b) != ACTION_NONE)
            used += (size_t)snprintf(pad->s + used, sizeof pad->s - used, ", %s %s",
                                     gamepad_button_label((GamepadButton)b),
                                     action_label(pad_action((GamepadButton)b)));
    snprintf(
        pad->s + used, sizeof pad->s - used,
        ". In the pack: Pad A use, Pad X drop, Pad Y throw. Looking: Pad X next, Pad A travel. "
        "Aiming a throw: Pad LB/RB the mice in reach, Pad A throw, Pad B cancel.");
}

static void add_rules(Paras *ps, const Rules *rules)
{
    add(ps, UI_INK, "%s",
        "Walk into a mouse to attack it, into a door to open it, into stairs to climb. < and > "
        "walk to the stairs and stop beside them; the same key again takes them. Never "
        "diagonally into or out of a doorway (mice neither), nor between two walls. A door you "
        "close (c) hides you: a mouse must open it again, a Tough Mouse bursts through.");
    add(ps, UI_INK,
        "To hit: attacker's hit - target's dodge, 5..95%%. Damage: a roll in the attack range "
        "+ weapon - defence - armour, at least %d.",
        rules->min_damage);
    char tougher[96] = ""; /* defence_every 4: levels 5, 9, 13 */
    int every = rules->level_defence_every;
    if (every > 0)
        snprintf(tougher, sizeof tougher, ", +1 defence every %d levels (at %d, %d, %d)", every,
                 1 + every, 1 + 2 * every, 1 + 3 * every);
    add(ps, UI_INK,
        "XP from each mouse and each new item (%d). A level: +%d max HP, +%d attack%s. 1 HP "
        "back every %d turns.",
        rules->item_xp, rules->level_hp, rules->level_attack, tougher, rules->regen_turns);
    add(ps, UI_INK,
        "Search: %d%% per hidden door beside you; the %dth search in a row finds every hidden "
        "door in view within %d cells. Resting and searching stop when a mouse comes into "
        "view, you are hurt, or you see or hear something.",
        rules->search_chance, rules->search_thorough_after, rules->search_thorough_radius);
    add(ps, UI_INK,
        "Pack: %d items, each keeping its letter while carried. One weapon, one armour, one "
        "chip worn. A Key opens one locked door (red light).",
        rules->inventory_limit);
}

static void add_kinds(Paras *ps, const Rules *rules)
{
    static char lines[KIND_MAX][HELP_TEXT_MAX];
    int n = help_kind_lines(rules, lines, KIND_MAX), mice = 0;
    for (int i = 0; i < rules->kinds.count; i++)
        mice += rules->kinds.kinds[i].family == KIND_MONSTER;
    add(ps, UI_INK, "%s", "");
    add(ps, UI_GOLD, "%s", "Mice");
    for (int i = 0; i < n; i++) {
        if (i == mice) {
            add(ps, UI_INK, "%s", "");
            add(ps, UI_GOLD, "%s", "Items");
        }
        add(ps, UI_INK, "%s", lines[i]);
    }
}

/* The lines a paragraph takes at width w. */
static int para_lines(const Text *text, const Para *p, int w)
{
    return p->pair || !p->s[0] ? 1 : text_wrap_count(text, p->s, w);
}

/* Draws the paragraph's lines from its `skip`th, at most `room`; returns how many it drew. */
static int draw_para(SDL_Renderer *r, const Text *text, const Para *p, SDL_Rect in, int y, int skip,
                     int room)
{
    if (p->pair || !p->s[0]) {
        if (skip == 0 && room > 0) {
            text_draw(text, r, in.x, y, p->s, p->colour);
            text_draw(text, r, in.x + in.w / 2, y, p->right, p->colour);
        }
        return skip == 0 && room > 0;
    }
    const char *s = p->s;
    for (int i = 0; i < skip && *s; i++)
        text_wrap(text, s, in.w, &s);
    return hud_draw_wrapped(r, text, in.x, y, in.w, room, s, p->colour);
}

int help_draw(SDL_Renderer *r, const Text *text, const Rules *rules, const Game *game,
              const Keymap *keys, int scroll, int width, int height)
{
    static Paras ps;
    ps.n = 0;
    add_keys(&ps, keys);
    add_rules(&ps, rules);
    add_kinds(&ps, rules);
    if (game)
        add(&ps, UI_INK, "Seed %llu - share it to play the same tower.",
            (unsigned long long)game->seeds.game);
    SDL_Rect box = {HELP_MARGIN, HELP_MARGIN, width - 2 * HELP_MARGIN, height - 2 * HELP_MARGIN};
    SDL_SetRenderDrawColor(r, UI_PANEL.r, UI_PANEL.g, UI_PANEL.b, UI_PANEL.a);
    SDL_RenderFillRect(r, &box);
    SDL_SetRenderDrawColor(r, UI_RULE.r, UI_RULE.g, UI_RULE.b, UI_RULE.a);
    SDL_RenderDrawRect(r, &box);
    SDL_Rect in = {box.x + 2 * HELP_PAD, box.y + HELP_PAD, box.w - 4 * HELP_PAD,
                   box.h - 2 * HELP_PAD};
    int lh = text->line_height, rows = in.h / lh - 1, total = 0;
    for (int i = 0; i < ps.n; i++)
        total += para_lines(text, &ps.p[i], in.w);
    if (total > rows)
        rows--; /* a line at the foot says where the view is */
    int most = total > rows ? total - rows : 0;
    scroll = scroll < 0 ? 0 : scroll > most ? most : scroll;
    char head[128];
    snprintf(head, sizeof head, "Help (%s%s)", most ? "Up/Down, Page Up/Down scroll; " : "",
             "any other key closes");
    text_draw(text, r, in.x, in.y, head, UI_GOLD);
    if (most) {
        char foot[96];
        snprintf(foot, sizeof foot, "Lines %d-%d of %d%s", scroll + 1, scroll + rows, total,
                 scroll < most ? ": Down for more" : "");
        text_draw(text, r, in.x, in.y + (rows + 1) * lh, foot, UI_DIM);
    }
    int line = 0, y = in.y + lh, drawn = 0;
    for (int i = 0; i < ps.n && drawn < rows; i++) {
        int n = para_lines(text, &ps.p[i], in.w);
        if (line + n > scroll) {
            int skip = scroll > line ? scroll - line : 0;
            int d = draw_para(r, text, &ps.p[i], in, y + drawn * lh, skip, rows - drawn);
            drawn += d;
        }
        line += n;
    }
    return scroll;
}

bool help_key_opens(const Keymap *keys, SDL_Keycode sym, Uint16 mod)
{
    return keymap_action(keys, key_of_event(sym, mod)) == ACTION_HELP;
}

bool help_scroll_key(SDL_Keycode key, int *scroll)
{
    switch (key) {
    case SDLK_UP:
    case SDLK_KP_8: *scroll -= 1; return true;
    case SDLK_DOWN:
    case SDLK_KP_2: *scroll += 1; return true;
    case SDLK_PAGEUP: *scroll -= 10; return true;
    case SDLK_PAGEDOWN: *scroll += 10; return true;
    case SDLK_HOME: *scroll = 0; return true;
    default: return false;
    }
}
