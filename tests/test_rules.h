/* The rules of data/rules.json in the source tree, loaded once for a test program. */
#ifndef MK_TEST_RULES_H
#define MK_TEST_RULES_H

#include <stdio.h>
#include <stdlib.h>

#include "game/rules.h"

static inline const Rules *test_rules(void)
{
    static Rules rules;
    static int loaded;
    if (!loaded) {
        char err[RULES_ERROR_MAX + 200];
        if (!rules_load(&rules, MK_DATA_DIR "/rules.json", err, sizeof err)) {
            fprintf(stderr, "%s\n", err);
            abort();
        }
        loaded = 1;
    }
    return &rules;
}

#endif
