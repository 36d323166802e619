#include "core/errline.h"

#include <stdio.h>

void errline_vformat(char *err, size_t size, const char *fmt, va_list ap)
{
    if (!err || size == 0)
        return;
    vsnprintf(err, size, fmt, ap);
    for (char *c = err; *c; c++)
        if ((unsigned char)*c < 0x20 || *c == 0x7f)
            *c = '?';
}
