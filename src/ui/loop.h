/* The fixed-step main loop: logic at a fixed rate, a draw after the steps that were due, and a
 * sleep until the next step instead of spinning a core. */
#ifndef MK_LOOP_H
#define MK_LOOP_H

#include <stdbool.h>

typedef struct LoopDelegates {
    bool (*logic)(void *ctx); /* one fixed step; false ends the loop */
    void (*draw)(void *ctx);
    void *ctx;
    int hz;
} LoopDelegates;

void loop_run(const LoopDelegates *loop);

#endif
