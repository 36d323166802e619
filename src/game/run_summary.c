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
    char buf[256];
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
    line(&o, "Seed %" PRIu64, g->seeds.game);
    uint64_t s = g->played_ms / 1000;
    line(&o, "Time played %" PRIu64 ":%02u:%02u", s / 3600, (unsigned)(s / 60 % 60),
         (unsigned)(s % 60));
    line(&o, "Mouse King %s", MOUSEKING_VERSION);
    return o.len;
}
