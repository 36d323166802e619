/* What every fuzz target asks of a loader's error message: on failure there is one, it ends
 * inside its buffer, and it is one line without control characters (DESIGN.md: one clear line
 * on stderr; the title screen shows it too). A broken promise aborts, which libFuzzer and the
 * replay test both report as a crash. */
#ifndef MK_FUZZ_CHECK_H
#define MK_FUZZ_CHECK_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FUZZ_REQUIRE(cond)                                                                    \
    do {                                                                                      \
        if (!(cond)) {                                                                        \
            fprintf(stderr, "%s:%d: fuzz property broken: %s\n", __FILE__, __LINE__, #cond);  \
            abort();                                                                          \
        }                                                                                     \
    } while (0)

/* Fills err with a byte no message ends in, so a message that is not terminated shows. */
static inline void fuzz_err_prepare(char *err, size_t size)
{
    memset(err, 'X', size);
}

static inline void fuzz_err_check(const char *err, size_t size)
{
    FUZZ_REQUIRE(memchr(err, '\0', size) != NULL);
    FUZZ_REQUIRE(err[0] != '\0');
    for (const char *c = err; *c; c++) /* and no control character: it is one safe line */
        FUZZ_REQUIRE((unsigned char)*c >= 0x20 && *c != 0x7f);
}

#endif
