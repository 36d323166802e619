/* The fixed-step main loop: logic at a fixed rate, a draw after the steps that were due, and a
 * sleep until the next step instead of spinning a core. While the app is idle (nothing to
 * animate, nothing to redraw) the loop sleeps until an event arrives instead. */
#ifndef MK_LOOP_H
#define MK_LOOP_H

#include <stdbool.h>

typedef struct LoopDelegates {
    bool (*logic)(void *ctx); /* one fixed step; false ends the loop */
    void (*draw)(void *ctx);
    bool (*idle)(void *ctx); /* optional: true when nothing happens until the next event */
    void *ctx;
    int hz;
} LoopDelegates;

void loop_run(const LoopDelegates *loop);

#endif
