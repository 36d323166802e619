/* The asset builders' one way out: a build stops at the first bad input. */
#ifndef MK_TOOL_DIE_H
#define MK_TOOL_DIE_H

/* Prints `TOOL: ` and the message on stderr and exits 1. */
__attribute__((format(printf, 2, 3))) _Noreturn void tool_die(const char *tool, const char *fmt,
                                                              ...);

#endif
