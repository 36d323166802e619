/* The rules a test program plays by, loaded once.
 *
 * test_rules(): tests/rules/fixture.json, a copy of data/rules.json frozen for the unit tests,
 * so that re-tuning the shipped numbers does not break tests of how the rules work. A test
 * that needs other numbers says so in its own fixture (tests/rules/).
 * shipped_rules(): data/rules.json, for the tests that are about the shipped game itself: the
 * golden floors, the generator's guarantees and rates, the replay catalog (its recordings
 * carry the shipped rules' hash) and the parser's reading of the shipped file. */
#ifndef MK_TEST_RULES_H
#define MK_TEST_RULES_H

#include <stdio.h>
#include <stdlib.h>

#include "game/rules.h"

static inline const Rules *test_rules_load(Rules *rules, int *loaded, const char *path)
{
    if (!*loaded) {
        char err[RULES_ERROR_MAX + 200];
        if (!rules_load(rules, path, err, sizeof err)) {
            fprintf(stderr, "%s\n", err);
            abort();
        }
        *loaded = 1;
    }
    return rules;
}

static inline const Rules *test_rules(void)
{
    static Rules rules;
    static int loaded;
    return test_rules_load(&rules, &loaded, MK_TESTS_DIR "/rules/fixture.json");
}

static inline const Rules *shipped_rules(void)
{
    static Rules rules;
    static int loaded;
    return test_rules_load(&rules, &loaded, MK_DATA_DIR "/rules.json");
}

#endif
