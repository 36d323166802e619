/* The largest value each of the game's growing numbers can take, one limit each. The game
 * stops counting at its limit (a saturating count, never a wrap or an overflow), and a save
 * or highscore file holding more is refused: the loaders read these same limits, so what the
 * game writes it can always read back. */
#ifndef MK_LIMITS_H
#define MK_LIMITS_H

#include <stdint.h>

enum {
    GAME_TURN_MAX = 1000000000,  /* turns: 4.6 hours of the autoplay bot at full speed */
    GAME_COUNT_MAX = 1000000000, /* kills, doors opened, keys used, hidden doors found, items
                                    picked up: each counter */
    GAME_XP_MAX = 1000000000     /* the player's XP */
};

/* Commands: every game_apply call, whether it takes a turn or not. Turns bound them from below
 * only: a bump into a wall, an empty pack letter or a key pressed after the end takes no turn
 * and may be repeated without end. So a limit of their own, where the count stops: a million
 * commands a second for 31 years. */
#define GAME_COMMANDS_MAX UINT64_C(1000000000000000)

/* Scores are 64-bit: XP and kills at their limits times the largest factors the rules allow
 * (10,000 each) stay far below this, and below 2^53, so a score is exact as a JSON number. */
#define GAME_SCORE_MAX INT64_C(1000000000000000)

/* Numbers of the rules that live in the code, not in data/rules.json (docs/RULES.md names
 * each): changing one changes the game, and the goldens and the replay catalog with it. */
enum {
    GAME_HIT_CHANCE_MIN = 5,    /* R-COMBAT-1: the lowest chance to hit, in percent, however
                                   high the target's dodge */
    GAME_HIT_CHANCE_MAX = 95,   /* R-COMBAT-1: the highest chance to hit, however high the
                                   attacker's hit: every attack may miss */
    GAME_ENERGY_PER_ACTION = 10 /* R-MOUSE-3: the energy one action of a mouse costs; a mouse
                                   gains its speed each turn, so speed 10 is one action a turn */
};

/* Sizes of the engine's working lists, no rules: a floor's mice beyond these would be left
 * out, and no floor the generator makes or a save may hold comes near them. */
enum {
    GAME_MICE_ACT_MAX = 256, /* the mice that act in a turn, each in the floor's list order */
    GAME_WATCH_MAX = 64      /* the mice in view that a walk, a rest or a long search keeps
                                an eye on, to stop when one comes into view or wakes up
                                (R-WALK-6, R-REST-3) */
};

/* counter + 1, stopping at limit. */
static inline int limits_count_up(int counter, int limit)
{
    return counter < limit ? counter + 1 : limit;
}

static inline uint64_t limits_count_up64(uint64_t counter, uint64_t limit)
{
    return counter < limit ? counter + 1 : limit;
}

#endif
