/* mouseking autoplay: the bot plays whole games and reports each as one JSON line. */
#ifndef MK_AUTOPLAY_CMD_H
#define MK_AUTOPLAY_CMD_H

#include <stdint.h>
#include <stdio.h>

#include "bot/bot.h"
#include "cli/args.h"
#include "cli/fight_gaps.h"
#include "game/game.h"
#include "store/journal.h"

typedef struct AutoplayResult {
    uint64_t seed;
    GameOutcome outcome;
    bool timed_out;
    int deepest, turns, level, xp;
    int64_t score;
    GameCounters counters;
    const char *locker;           /* the last caged item the bot took (R-LOCKER-4), or NULL */
    int early_turns, early_kills; /* on floors 0..AUTOPLAY_EARLY_FLOORS - 1: the pace early on */
    int identified;               /* vial kinds known at the end (R-VIAL-2) */
    int vials_known;              /* which: bit k for vial kind k (game/vials.h) */
    FightGaps fights;             /* the turns between fights on floors 0-4 (R-PACE-1) */
    int tool_uses[BOT_USE_KINDS]; /* turns the bot used each tool kind, threw each vial (bot.h) */
    unsigned tools_found;         /* bit t: tool kind t was in the pack */
    const KindTable *kinds;       /* for the tools' names */
} AutoplayResult;

enum { AUTOPLAY_EARLY_FLOORS = 5 };

/* Plays one game of `seed` with the bot, up to max_turns. False (err set) if the game could
 * not be built. */
bool autoplay_game(const Rules *rules, uint64_t seed, int max_turns, AutoplayResult *out, char *err,
                   size_t err_size);

/* autoplay_game, with every command the bot sends recorded: into a new recording at
 * record_path (a checksum line at the end however the game stopped, synced and closed), or
 * into `journal`, an open writer the caller flushes and closes (both may be NULL). */
bool autoplay_game_recorded(const Rules *rules, uint64_t seed, int max_turns,
                            const char *record_path, JournalWriter *journal, AutoplayResult *out,
                            char *err, size_t err_size);

int autoplay_cmd_run(const CliOptions *opt, FILE *out, FILE *diag);

#endif
