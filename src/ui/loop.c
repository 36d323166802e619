#include "ui/loop.h"

#include <SDL.h>

enum {
    LOOP_MAX_CATCH_UP = 5,
    LOOP_IDLE_WAIT_MS = 500 /* an idle app still wakes twice a second (clock, window checks) */
};

void loop_run(const LoopDelegates *loop)
{
    const Uint64 freq = SDL_GetPerformanceFrequency();
    const Uint64 step = freq / (Uint64)loop->hz;
    Uint64 next = SDL_GetPerformanceCounter();
    for (;;) {
        Uint64 now = SDL_GetPerformanceCounter();
        int steps = 0;
        while (now >= next) {
            if (!loop->logic(loop->ctx))
                return;
            next += step;
            /* After a stall (a dragged window, a debugger) drop the backlog instead of
             * racing through it. */
            if (++steps == LOOP_MAX_CATCH_UP) {
                next = now + step;
                break;
            }
        }
        if (steps > 0)
            loop->draw(loop->ctx);
        if (loop->idle && loop->idle(loop->ctx)) {
            /* The logic step drained the queue, so this sleeps until the player does
             * something; the step clock restarts from the wake-up. */
            SDL_WaitEventTimeout(NULL, LOOP_IDLE_WAIT_MS);
            next = SDL_GetPerformanceCounter();
            continue;
        }
        now = SDL_GetPerformanceCounter();
        if (next > now) {
            Uint32 ms = (Uint32)((next - now) * 1000 / freq);
            if (ms > 0)
                SDL_Delay(ms);
        }
    }
}
