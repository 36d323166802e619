#ifndef MK_BENCH_MICE_H
#define MK_BENCH_MICE_H

#include "cli/bench_sight.h"
#include "game/rules.h"

/* What awake mice cost a turn: floor 1 of seed 1 with its own mice taken away and 8, 32 and
 * 128 Micro Mice put on open cells all over it and kept hunting the player (each aimed at the
 * player before every turn, as a mouse that sees the player is), the player waiting, unkillable for
 * the benchmark. The time of a whole turn (game_apply of a wait: the player's sight, every mouse's
 * acts, the messages) per turn, for each count, so that the growth with the count shows; beside
 * it the work that grows: the cells the mice's A* searches take off the queue a turn, and the
 * time per cell. Appends turn_N_mice_us, turn_N_mice_cells and turn_N_mice_ns_per_cell for N =
 * 8, 32, 128; returns how many figures it wrote. */
int bench_mice(const Rules *rules, Figure *out);

#endif
