/* Behaviours: what makes a kind of mouse play differently from the others, beyond its numbers
 * (docs/RULES.md R-MOUSE-7). A kind names one in data/rules.json ("behaviour": {"name":
 * "skittish", ...}); each is a few hooks into the common rules of game/ai.c, registered in
 * the one table in game/behaviour.c. A new behaviour is a function or two and a line there. */
#ifndef MK_BEHAVIOUR_H
#define MK_BEHAVIOUR_H

#include <stdbool.h>

#include "core/kind.h"

struct Game;

/* The numbers of BehaviourParams a behaviour reads, as bits. */
enum BehaviourParam {
    BP_BELOW = 1u << 0,
    BP_EVERY = 1u << 1,
    BP_RANGE = 1u << 2,
    BP_CHANCE = 1u << 3
};

typedef struct Behaviour {
    const char *name; /* as data/rules.json names it */
    unsigned params;  /* BehaviourParam bits: the numbers it needs, each one required */
    /* Before the common rules, each action: true when this was the action. `sees`: it sees
     * the player now. NULL: nothing. */
    bool (*before)(struct Game *game, Entity *m, const KindDef *kind, bool sees);
    /* When it starts to hunt: it saw the player and was not hunting. NULL: nothing. */
    void (*spotted)(struct Game *game, Entity *m, const KindDef *kind);
    /* Its step toward its target; NULL: the common step. */
    bool (*step)(struct Game *game, Entity *m, const KindDef *kind);
} Behaviour;

enum { BEHAVIOUR_HUNTER = 0 /* the common rules alone: what a kind gets without a name */ };

/* The behaviour with index `id`; the hunter's for an index outside the table. */
const Behaviour *behaviour_get(int id);
/* The index of the behaviour called `name`, or -1. */
int behaviour_find(const char *name);
int behaviour_count(void);

#endif
