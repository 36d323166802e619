#include "core/errline.h"

#include <stdbool.h>
#include <stdio.h>

/* Whether the well-formed sequence at s is a character that reorders or breaks the text
 * around it although it draws nothing: the bidirectional marks, embeddings, overrides and
 * isolates (U+061C, U+200E, U+200F, U+202A..U+202E, U+2066..U+2069), which can make a quoted
 * name read backwards over the rest of the line ("Trojan Source"), and the line and paragraph
 * separators U+2028 and U+2029, which some terminals and editors break the line at. */
static bool bidi_or_break(const unsigned char *s)
{
    if (s[0] == 0xd8)
        return s[1] == 0x9c;
    if (s[0] != 0xe2)
        return false;
    if (s[1] == 0x80)
        return s[2] == 0x8e || s[2] == 0x8f || (s[2] >= 0xa8 && s[2] <= 0xae);
    return s[1] == 0x81 && s[2] >= 0xa6 && s[2] <= 0xa9;
}

/* The length of the printable UTF-8 character at s (1..4), or 0 when s does not start one.
 * The ranges are those of RFC 3629 (no overlong forms, no surrogates, nothing past
 * U+10FFFF); the NUL at the end of the text fails every continuation test, so a sequence cut
 * short is refused without reading past it. */
static size_t char_len(const unsigned char *s)
{
    unsigned char c = s[0];
    if (c < 0x20 || c == 0x7f)
        return 0;
    if (c < 0x80)
        return 1;
    size_t n;
    unsigned char lo = 0x80, hi = 0xbf; /* the range of the second byte */
    if (c >= 0xc2 && c <= 0xdf) {
        n = 2;
        if (c == 0xc2)
            lo = 0xa0; /* U+0080..U+009F are the C1 controls */
    } else if (c >= 0xe0 && c <= 0xef) {
        n = 3;
        if (c == 0xe0)
            lo = 0xa0;
        else if (c == 0xed)
            hi = 0x9f;
    } else if (c >= 0xf0 && c <= 0xf4) {
        n = 4;
        if (c == 0xf0)
            lo = 0x90;
        else if (c == 0xf4)
            hi = 0x8f;
    } else {
        return 0;
    }
    if (s[1] < lo || s[1] > hi)
        return 0;
    for (size_t i = 2; i < n; i++)
        if (s[i] < 0x80 || s[i] > 0xbf)
            return 0;
    return bidi_or_break(s) ? 0 : n;
}

void errline_clean(char *text)
{
    unsigned char *s = (unsigned char *)text;
    while (*s) {
        size_t n = char_len(s);
        if (n == 0)
            *s++ = '?';
        else
            s += n;
    }
}

void errline_vformat(char *err, size_t size, const char *fmt, va_list ap)
{
    if (!err || size == 0)
        return;
    vsnprintf(err, size, fmt, ap);
    errline_clean(err);
}

void errline_format(char *err, size_t size, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    errline_vformat(err, size, fmt, ap);
    va_end(ap);
}

bool errline_fail(char *err, size_t size, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    errline_vformat(err, size, fmt, ap);
    va_end(ap);
    return false;
}

void errline_say(FILE *f, const char *fmt, ...)
{
    char line[4096];
    va_list ap;
    va_start(ap, fmt);
    errline_vformat(line, sizeof line, fmt, ap);
    va_end(ap);
    fprintf(f, "mouseking: %s\n", line);
}
