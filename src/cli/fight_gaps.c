/* Fight gaps (fight_gaps.h): the measure behind the pace target of R-PACE-1. */
#include "cli/fight_gaps.h"

#include <stdlib.h>
#include <string.h>

void fight_gaps_see(FightGaps *f, const Game *after)
{
    if (after->current >= FIGHT_EARLY_FLOORS || f->count >= FIGHT_GAPS_MAX)
        return;
    if (!(after->events & (GAME_EVENT_ATTACK | GAME_EVENT_HURT)))
        return;
    uint32_t now = after->turn;
    if (f->count == 0 && f->last == 0) { /* the first fight: the gap since the game began */
        f->gap[f->count++] = (uint16_t)(now < UINT16_MAX ? now : UINT16_MAX);
    } else if (now - f->last > FIGHT_JOIN) {
        uint32_t gap = now - f->last;
        f->gap[f->count++] = (uint16_t)(gap < UINT16_MAX ? gap : UINT16_MAX);
    }
    f->last = now;
}

static int by_value(const void *a, const void *b)
{
    return (int)*(const uint16_t *)a - (int)*(const uint16_t *)b;
}

int fight_gaps_median(const uint16_t *gaps, int n)
{
    if (n <= 0)
        return 0;
    uint16_t sorted[FIGHT_GAPS_MAX];
    n = n < FIGHT_GAPS_MAX ? n : FIGHT_GAPS_MAX;
    memcpy(sorted, gaps, (size_t)n * sizeof *gaps);
    qsort(sorted, (size_t)n, sizeof *sorted, by_value);
    return sorted[(n - 1) / 2];
}

int fight_gaps_median_hist(const long long *hist)
{
    long long total = 0, below = 0;
    for (int i = 0; i < FIGHT_GAP_HIST; i++)
        total += hist[i];
    for (int i = 0; i < FIGHT_GAP_HIST; i++) {
        below += hist[i];
        if (total && below * 2 >= total)
            return i;
    }
    return 0;
}
