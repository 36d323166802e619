#ifndef MK_BENCH_MICE_H
#define MK_BENCH_MICE_H

#include "cli/bench_sight.h"
#include "game/rules.h"

/* What awake mice cost a turn: floor 1 of seed 1 with its own mice taken away and 8, 32 and
 * 128 Micro Mice put on open cells all over it and kept hunting the player (each aimed at the
 * player before every turn, as a mouse that sees the player is), the player waiting, unkillable for
 * the benchmark. The time of a whole turn (game_apply of a wait: the player's sight, every mouse's
 * acts, the messages) per turn, for each count, so that the growth with the count shows. Appends
 * turn_8_mice_us, turn_32_mice_us and turn_128_mice_us; returns how many figures it wrote. */
int bench_mice(const Rules *rules, Figure *out);

#endif
