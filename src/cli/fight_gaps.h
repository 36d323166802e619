/* The pace of a game early on (docs/RULES.md R-PACE-1): the turns between one fight and the
 * next on floors 0-4, as `autoplay` reports them. A fight is a run of turns in which the player
 * strikes, throws at a mouse or is bitten, with no more than FIGHT_JOIN quiet turns inside it;
 * a gap runs from the last turn of one fight (or the start of the game) to the first of the
 * next. */
#ifndef MK_FIGHT_GAPS_H
#define MK_FIGHT_GAPS_H

#include <stdint.h>

#include "game/game.h"

enum {
    FIGHT_JOIN = 5,        /* quiet turns a fight may hold and still be one */
    FIGHT_GAPS_MAX = 400,  /* gaps kept per game */
    FIGHT_GAP_HIST = 2000, /* the totals' histogram: gaps of 0..FIGHT_GAP_HIST - 1 turns (the
                              last bucket holds longer ones) */
    FIGHT_EARLY_FLOORS = 5 /* floors 0..4 */
};

typedef struct FightGaps {
    uint32_t last; /* the last fight turn, 0 before the first */
    int count;     /* gaps in `gap` */
    uint16_t gap[FIGHT_GAPS_MAX];
} FightGaps;

/* Looks at the game after one command and notes a new fight's gap. */
void fight_gaps_see(FightGaps *f, const Game *after);
/* The median of n gaps (the lower one for an even n); 0 when n is 0. */
int fight_gaps_median(const uint16_t *gaps, int n);
/* The same from a histogram of FIGHT_GAP_HIST buckets. */
int fight_gaps_median_hist(const long long *hist);

#endif
