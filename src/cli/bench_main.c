/* mouseking-bench: the figures of `mouseking bench` with libtcod's beside ours. Built only when
 * libtcod is found, so that the game itself never links it (see src/CMakeLists.txt). */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "cli/bench_cmd.h"

int main(int argc, char **argv)
{
    bool json = false;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--json") == 0) {
            json = true;
        } else if (strcmp(argv[i], "--help") == 0) {
            puts("usage: mouseking-bench [--json]\n"
                 "  `mouseking bench` with libtcod's timings and the ratios to ours");
            return 0;
        } else {
            fprintf(stderr,
                    "mouseking-bench: unknown option '%s'\nusage: mouseking-bench [--json]\n",
                    argv[i]);
            return 2;
        }
    }
    return bench_cmd_run(json, false, stdout);
}
