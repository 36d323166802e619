#include "tool_die.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

_Noreturn void tool_die(const char *tool, const char *fmt, ...)
{
    va_list args;
    va_start(args, fmt);
    fprintf(stderr, "%s: ", tool);
    vfprintf(stderr, fmt, args);
    fputc('\n', stderr);
    va_end(args);
    exit(1);
}
