/* One line per error message (docs/ARCHITECTURE.md): the loaders quote names from the files they
 * read, and the command line quotes its arguments. Such text is untrusted: a control
 * character there must not break the line or reach the terminal (an escape sequence would
 * recolour or rewrite it), and bytes that are not UTF-8 must not reach a terminal or the font
 * that draws the title screen's notice. This is the one place that decides what is safe. */
#ifndef MK_ERRLINE_H
#define MK_ERRLINE_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* Replaces, in place, each byte that is not part of a printable UTF-8 character with '?':
 * controls (below 0x20, 0x7f, and U+0080..U+009F, which some terminals obey as 8-bit
 * controls), the bidirectional controls and the line separators (U+061C, U+200E, U+200F,
 * U+2028..U+202E, U+2066..U+2069: they reorder or break the line without a glyph), and every
 * byte of a malformed, overlong, surrogate or out-of-range sequence. */
void errline_clean(char *text);
/* vsnprintf into err (nothing when size is 0), then errline_clean. A multibyte character cut
 * by the end of the buffer becomes '?' too. */
void errline_vformat(char *err, size_t size, const char *fmt, va_list ap);
void errline_format(char *err, size_t size, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* errline_format, then false: `return errline_fail(err, size, "...", ...);` in a loader. */
bool errline_fail(char *err, size_t size, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* One cleaned line "mouseking: ..." on f (the game's and the tools' messages on stderr). */
void errline_say(FILE *f, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif
