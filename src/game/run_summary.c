/* The run summary: what the summary screen shows and the morgue file keeps when a game ends,
 * as plain text lines. Reads the game only. */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>

#include "entities/entities.h"
#include "game/game.h"

#ifndef MOUSEKING_VERSION
#define MOUSEKING_VERSION "unknown"
#endif

typedef struct Out {
    char *s;
    size_t size, len; /* len: what the whole text needs, even past size */
} Out;

__attribute__((format(printf, 2, 3))) static void line(Out *o, const char *fmt, ...)
{
    char buf[512];
    va_list args;
    va_start(args, fmt);
    int n = vsnprintf(buf, sizeof buf, fmt, args);
    va_end(args);
    if (n < 0)
        return;
    if ((size_t)n >= sizeof buf)
        n = (int)sizeof buf - 1;
    for (int i = 0; i <= n; i++) { /* the line, then its '\n' */
        char c = i < n ? buf[i] : '\n';
        if (o->len + 1 < o->size)
            o->s[o->len] = c;
        o->len++;
    }
    if (o->size > 0)
        o->s[o->len < o->size ? o->len : o->size - 1] = '\0';
}

/* What an item gives, for the lists: "+2 attack", "heals 10", "" for a Key. */
static void item_bonus(const Entity *item, char *out, size_t size)
{
    const ItemStats *s = &item->item;
    const int v[4] = {s->attack, s->defence, s->hit, s->dodge};
    static const char *const names[4] = {" attack", " defence", "% hit", "% dodge"};
    size_t n = 0;
    out[0] = '\0';
    if (s->heal)
        n += (size_t)snprintf(out, size, "heals %d", s->heal);
    for (int i = 0; i < 4 && n < size; i++)
        if (v[i])
            n += (size_t)snprintf(out + n, size - n, "%s%+d%s", n ? ", " : "", v[i], names[i]);
}

static bool is_worn(const Game *g, const Entity *item)
{
    for (int s = 0; s < SLOT_COUNT; s++)
        if (g->equipped[s] == item)
            return true;
    return false;
}

/* "Worn: Crowbar (+2 attack), Biker Jacket (+1 defence)", then "Pack (3 of 8): a Crowbar
 * (worn), b Health Pack (heals 10), c Key" (R-SUMMARY-1). */
static void gear_lines(Out *o, const Game *g)
{
    char worn[400] = "", pack[480] = "", bonus[64];
    size_t w = 0, p = 0;
    for (int s = 0; s < SLOT_COUNT; s++)
        if (g->equipped[s] && w < sizeof worn) {
            item_bonus(g->equipped[s], bonus, sizeof bonus);
            w += (size_t)snprintf(worn + w, sizeof worn - w, bonus[0] ? "%s%s (%s)" : "%s%s",
                                  w ? ", " : "", g->equipped[s]->name, bonus);
        }
    line(o, "Worn: %s", w ? worn : "nothing");
    for (int i = 0; i < RULES_INVENTORY_CAP && p < sizeof pack; i++) {
        const Entity *item = g->inventory[i];
        if (!item)
            continue;
        item_bonus(item, bonus, sizeof bonus);
        char note[80] = "";
        if (is_worn(g, item))
            snprintf(note, sizeof note, " (worn)");
        else if (bonus[0])
            snprintf(note, sizeof note, " (%s)", bonus);
        p += (size_t)snprintf(pack + p, sizeof pack - p, "%s%c %s%s", p ? ", " : "", 'a' + i,
                              item->name, note);
    }
    line(o, "Pack (%d of %d): %s", g->inventory_count, g->rules->inventory_limit,
         p ? pack : "empty");
}

/* "Floor 2: 310 turns, 4 kills, 3 items found" for each floor visited (R-SUMMARY-2). */
static void floor_lines(Out *o, const Game *g)
{
    line(o, "By floor:");
    for (int f = 0; f < FLOOR_COUNT; f++) {
        const FloorStats *fs = &g->floor_stats[f];
        if (!g->floors[f] && !fs->turns && !fs->kills && !fs->items_found)
            continue;
        line(o, "  Floor %d: %" PRIu32 " turn%s, %d kill%s, %d item%s found", f, fs->turns,
             fs->turns == 1 ? "" : "s", fs->kills, fs->kills == 1 ? "" : "s", fs->items_found,
             fs->items_found == 1 ? "" : "s");
    }
}

size_t game_summary_text(const Game *g, char *out, size_t size)
{
    Out o = {out, size, 0};
    if (size > 0)
        out[0] = '\0';
    const Stats *st = &g->player->stats;
    switch (g->outcome) {
    case GAME_DIED:
        line(&o, "Killed by %s on floor %d, turn %" PRIu32,
             kinds_name_a(g->factory.kinds, g->killed_by, false).s, g->current, g->turn);
        break;
    case GAME_WON: line(&o, "Killed the Mouse King on turn %" PRIu32, g->turn); break;
    default: line(&o, "Still climbing on floor %d, turn %" PRIu32, g->current, g->turn); break;
    }
    line(&o, "Floor %d of %d (deepest %d), turn %" PRIu32, g->current, MAX_FLOORS, g->deepest,
         g->turn);
    line(&o, "Level %d, %d XP", st->level, st->xp);
    line(&o, "Score %" PRId64, game_score(g));
    line(&o, "Mice killed: %d", g->counters.kills);
    for (int k = 0; k < g->factory.kinds->count; k++)
        if (kind_is_mouse(g->factory.kinds, k) && g->counters.kills_by_kind[k] > 0)
            line(&o, "  %s: %d", g->factory.kinds->kinds[k].name, g->counters.kills_by_kind[k]);
    line(&o, "Items found: %d", g->counters.items_picked);
    line(&o, "Keys used: %d", g->counters.keys_used);
    line(&o, "Hidden doors found: %d", g->counters.hidden_found);
    line(&o, "Doors opened: %d", g->counters.doors_opened);
    gear_lines(&o, g);
    floor_lines(&o, g);
    line(&o, "Seed %" PRIu64, g->seeds.game);
    uint64_t s = g->played_ms / 1000;
    line(&o, "Time played %" PRIu64 ":%02u:%02u", s / 3600, (unsigned)(s / 60 % 60),
         (unsigned)(s % 60));
    line(&o, "Mouse King %s", MOUSEKING_VERSION);
    return o.len;
}
