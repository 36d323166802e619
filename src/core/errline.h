/* Error messages are one line each (DESIGN.md): the loaders quote names from the files they
 * read, and a control character there must not break the line or reach the terminal. */
#ifndef MK_ERRLINE_H
#define MK_ERRLINE_H

#include <stdarg.h>
#include <stddef.h>

/* vsnprintf into err (nothing when size is 0), then every control character becomes '?'. */
void errline_vformat(char *err, size_t size, const char *fmt, va_list ap);

#endif
