/* The pack panel's rules apart from its drawing: which letter the arrows go to, how a piece of
 * gear compares with what is worn, and which actions ask before they are carried out. No
 * SDL: the panel (hud.c) and the play screen (play.c) use it, and tests try it alone. */
#ifndef MK_PACK_H
#define MK_PACK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "game/game.h"

/* How many letters the panel shows: the rules' pack size (each letter keeps its row). */
int pack_letters(const Game *game);

/* The next letter holding an item after `from`, going `step` (+1 down, -1 up) and round;
 * `from` itself when no other letter holds one (or none does). Empty letters are skipped. */
int pack_step(const Game *game, int from, int step);

/* `from` if it holds an item, else the first letter that does, else 0: where the highlight
 * starts when the pack is opened. */
int pack_settle(const Game *game, int from);

/* How wearing `item` instead of what is worn in its slot changes the player's numbers, into
 * `out`: "worn" for worn gear, "+2 attack, -1 defence", "no change"; against nothing worn, the
 * item's own bonus. Empty for what is not gear. Returns +1 when it only gains, -1 when it only
 * loses, 0 otherwise. */
int pack_compare(const Game *game, const Entity *item, char *out, size_t size);

/* Whether `type` on `letter` wastes something and should be asked about first: dropping worn
 * gear, or a Health Pack that would heal less than half of what it can. `what` (may be NULL)
 * gets what would happen, to follow "Press x again to": "drop the worn Crowbar". */
bool pack_wasteful(const Game *game, CommandType type, int letter, char *what, size_t size);

/* A question asked and not yet answered: the same action on the same item again confirms. */
typedef struct PackConfirm {
    bool armed;
    CommandType type;
    int letter;
    uint32_t item_id;
} PackConfirm;

/* Whether to carry out `type` on `letter` now. It is when `ask` is off, when nothing is
 * wasted, or when this repeats the question armed last; otherwise the question is armed and
 * `prompt` gets "<again> to drop the worn Crowbar." (`again` as "Press Shift+d again").
 * Either way a question that was armed for something else is forgotten. */
bool pack_confirmed(PackConfirm *c, const Game *game, CommandType type, int letter, bool ask,
                    const char *again, char *prompt, size_t size);

#endif
