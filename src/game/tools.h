/* Throwing and the lab tools (docs/RULES.md R-THROW, R-TOOL, R-VIAL-8): the line of flight the
 * targeting cursor draws and CMD_THROW follows, what each tool and each thrown vial does, and
 * the temporary states they leave on the mice (MouseFx, core/entity.h). */
#ifndef MK_TOOLS_H
#define MK_TOOLS_H

#include <stdbool.h>

#include "core/entity.h"

struct Game;

enum {
    THROW_RANGE = 6,    /* R-THROW-1: cells, the larger of the two distances */
    THROW_LINE_MAX = 96 /* cells of a line: enough for any two cells of a floor */
};

/* The distance the tools measure by: the larger of the two (across, down). */
static inline int tool_distance(int x0, int y0, int x1, int y1)
{
    int dx = x1 > x0 ? x1 - x0 : x0 - x1, dy = y1 > y0 ? y1 - y0 : y0 - y1;
    return dx > dy ? dx : dy;
}

/* Step t of n of a line (R-THROW-1): t/n of `d`, halves rounded away from zero, so a line and
 * its mirror image take mirrored cells. n > 0. */
static inline int tool_line_step(int d, int t, int n)
{
    int v = d * t;
    return v >= 0 ? (2 * v + n) / (2 * n) : -((-2 * v + n) / (2 * n));
}

/* How an item is aimed (R-THROW-2). */
typedef enum TargetHow {
    TARGET_NONE,     /* used where she stands: Repeller, Scrambler, a drink; gear, keys */
    TARGET_CELL,     /* thrown at a cell: Cheese, Flash Bulb, a vial */
    TARGET_ADJACENT, /* placed on an open cell beside her: a Spring Trap */
    TARGET_MOUSE     /* thrown at a mouse: a dart */
} TargetHow;

/* A throw's line from the player toward an aimed cell (R-THROW-1): every cell of the line
 * from the one after hers up to the aimed one, and where the throw would come down. */
typedef struct ThrowLine {
    int count;                                  /* cells in x/y */
    short x[THROW_LINE_MAX], y[THROW_LINE_MAX]; /* the line, nearest first */
    int land;     /* index of the cell where it lands; -1 when it cannot leave her hand */
    bool reaches; /* it lands on the aimed cell: within range, nothing in the way */
} ThrowLine;

/* How the pack's item under `letter` is aimed; TARGET_NONE for an empty letter. A vial is
 * TARGET_CELL when thrown (it is drunk by CMD_USE). */
TargetHow game_throw_how(const struct Game *game, int letter);
/* The line from the player toward (tx, ty). It stops at the first wall or closed door (landing
 * on the cell before it), at the first mouse (landing on it), or at THROW_RANGE. */
void game_throw_line(const struct Game *game, int tx, int ty, ThrowLine *out);
/* The mice in view that a throw can reach, nearest first (Tab in the cursor cycles them).
 * Returns how many were written, at most `max`. */
int game_throw_targets(const struct Game *game, Entity **out, int max);
/* CMD_THROW: throws or places the item under `letter` toward (x, y). False, with a message,
 * when it is refused (nothing there, not a thing to throw, the aim is not allowed); true when
 * it took the turn. */
bool game_throw(struct Game *game, int letter, int x, int y);
/* Every live mouse within `reach` of (x, y) (tool_distance), into out[0..max); how many. */
int tool_mice_near(struct Game *game, int x, int y, int reach, Entity **out, int max);
/* The tools' effects, for the effect table (game/effects.c; game/tool_effects.c). The
 * Repeller and the Scrambler are used where she stands (CMD_USE); the others are thrown or
 * placed (CMD_THROW), as a vial is (vial_splash). */
bool tool_use_repeller(struct Game *game, int letter, Entity *item);
bool tool_use_scrambler(struct Game *game, int letter, Entity *item);
void tool_cheese(struct Game *game, int letter, Entity *item, int x, int y, Entity *mouse);
void tool_spring_trap(struct Game *game, int letter, Entity *item, int x, int y, Entity *mouse);
void tool_flash_bulb(struct Game *game, int letter, Entity *item, int x, int y, Entity *mouse);
void tool_dart(struct Game *game, int letter, Entity *item, int x, int y, Entity *mouse);
void vial_splash(struct Game *game, int letter, Entity *item, int x, int y, Entity *mouse);

/* ---- the mice's temporary states (game/mouse_fx.c) ---- */

/* At the start of a mouse's action: true when a state took the action (asleep, dazed, held,
 * eating, fleeing the repeller, scrambled, drawn to a marked mouse). */
bool mouse_fx_act(struct Game *game, Entity *m);
/* Once per turn of the mice, for each mouse: its states count down. */
void mouse_fx_tick(struct Game *game, Entity *m);
/* Its speed as its states change it (hasted doubles, slowed halves). */
int mouse_fx_speed(const Entity *m);
/* A mouse was hurt: sleep and eating end (R-TOOL-1, R-TOOL-5). */
void mouse_fx_hurt(Entity *m);
/* A word for the strongest state a mouse is under ("asleep", "eating", "held", "dazed",
 * "scrambled", "fleeing", "hasted", "slowed", "marked"), or NULL: for the hover and the
 * sidebar. */
const char *mouse_fx_word(const Entity *m);
/* Once per turn of the mice: Cheese lying as bait that no mouse eats any more is gone. */
void tool_bait_tick(struct Game *game);
/* A Spring Trap at (x, y) springs on `m`, which has just stepped there (R-TOOL-2). */
void tool_trap_check(struct Game *game, Entity *m);

#endif
