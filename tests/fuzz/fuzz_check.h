/* What every fuzz target asks of a loader's error message: on failure there is one, it ends
 * inside its buffer, and it is one line of UTF-8 without control characters
 * (docs/ARCHITECTURE.md: one clear line on stderr; the title screen shows it too). A broken
 * promise aborts, which libFuzzer and the replay test both report as a crash. */
#ifndef MK_FUZZ_CHECK_H
#define MK_FUZZ_CHECK_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FUZZ_REQUIRE(cond)                                                                         \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            fprintf(stderr, "%s:%d: fuzz property broken: %s\n", __FILE__, __LINE__, #cond);       \
            abort();                                                                               \
        }                                                                                          \
    } while (0)

/* Fills err with a byte no message ends in, so a message that is not terminated shows. */
static inline void fuzz_err_prepare(char *err, size_t size)
{
    memset(err, 'X', size);
}

/* The length of the well-formed UTF-8 sequence at s, or 0. Written apart from
 * src/core/errline.c on purpose, so that the check does not share the code it checks. */
static inline size_t fuzz_utf8_len(const unsigned char *s, unsigned long *out)
{
    unsigned long cp;
    size_t n;
    if (s[0] < 0x80) {
        *out = s[0];
        return 1;
    } else if ((s[0] & 0xe0) == 0xc0)
        cp = s[0] & 0x1fu, n = 2;
    else if ((s[0] & 0xf0) == 0xe0)
        cp = s[0] & 0x0fu, n = 3;
    else if ((s[0] & 0xf8) == 0xf0)
        cp = s[0] & 0x07u, n = 4;
    else
        return 0;
    for (size_t i = 1; i < n; i++) {
        if ((s[i] & 0xc0) != 0x80)
            return 0;
        cp = cp << 6 | (s[i] & 0x3fu);
    }
    static const unsigned long least[5] = {0, 0, 0x80, 0x800, 0x10000};
    if (cp < least[n] || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
        return 0;
    *out = cp;
    return n;
}

static inline void fuzz_err_check(const char *err, size_t size)
{
    FUZZ_REQUIRE(memchr(err, '\0', size) != NULL);
    FUZZ_REQUIRE(err[0] != '\0');
    for (const char *c = err; *c; c++) /* and no control character: it is one safe line */
        FUZZ_REQUIRE((unsigned char)*c >= 0x20 && *c != 0x7f);
    /* and UTF-8 throughout: the terminal and the title screen's font get it as it is; with
     * no C1 control, bidirectional control or line separator, which reorder or break it */
    for (const unsigned char *c = (const unsigned char *)err; *c;) {
        unsigned long cp = 0;
        size_t n = fuzz_utf8_len(c, &cp);
        FUZZ_REQUIRE(n > 0);
        FUZZ_REQUIRE(!(cp >= 0x80 && cp <= 0x9f) && cp != 0x61c && cp != 0x200e && cp != 0x200f);
        FUZZ_REQUIRE(!(cp >= 0x2028 && cp <= 0x202e) && !(cp >= 0x2066 && cp <= 0x2069));
        c += n;
    }
}

#endif
