/* What an entity callback may touch: the floor it is on, the log, and the gameplay stream. */
#ifndef MK_WORLD_H
#define MK_WORLD_H

#include <stdbool.h>
#include <stdint.h>

#include "core/floor.h"
#include "core/kind.h"
#include "core/msglog.h"
#include "core/rng.h"

struct World {
    Floor *floor;
    MessageLog *log;
    Rng *rng;
    uint32_t turn;
    const KindTable *kinds; /* the game's kinds: a door that changes state takes its looks */
    /* Whether the player sees (x, y) now: what happens out of sight is not logged. */
    bool (*shown)(const World *world, int x, int y);
    const void *viewer; /* for shown */
    /* Something happened at (x, y) out of sight that makes a noise ("a door open"): the
     * player hears it if near enough. NULL: nobody listens. */
    void (*noise)(const World *world, int x, int y, const char *what);
    void *listener; /* for noise */
};

#endif
