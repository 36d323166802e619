/* The message log: the newest messages, a repeated message folded into one line with a count. */
#ifndef MK_MSGLOG_H
#define MK_MSGLOG_H

#include <stdint.h>

enum { MSGLOG_CAPACITY = 256, MSGLOG_LINE_MAX = 128 };

typedef struct LogEntry {
    char text[MSGLOG_LINE_MAX];
    uint32_t turn;
    int repeats; /* 1 for a message said once */
} LogEntry;

typedef struct MessageLog {
    LogEntry entries[MSGLOG_CAPACITY]; /* ring buffer */
    int start, count;
    uint64_t total; /* messages ever added, folded repeats included; changes on every add */
} MessageLog;

void msglog_init(MessageLog *log);
void msglog_add(MessageLog *log, uint32_t turn, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
int msglog_count(const MessageLog *log);
/* The age-th newest entry (0 = newest), or NULL past the end. */
const LogEntry *msglog_get(const MessageLog *log, int age);

#endif
