#include "core/msglog.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void msglog_init(MessageLog *log)
{
    memset(log, 0, sizeof *log);
}

void msglog_add(MessageLog *log, uint32_t turn, const char *fmt, ...)
{
    char text[MSGLOG_LINE_MAX];
    va_list args;
    va_start(args, fmt);
    vsnprintf(text, sizeof text, fmt, args);
    va_end(args);
    log->total++;

    LogEntry *newest = (LogEntry *)msglog_get(log, 0);
    if (newest && strcmp(newest->text, text) == 0) {
        newest->repeats++;
        newest->turn = turn;
        return;
    }
    int slot;
    if (log->count < MSGLOG_CAPACITY) {
        slot = (log->start + log->count) % MSGLOG_CAPACITY;
        log->count++;
    } else {
        slot = log->start;
        log->start = (log->start + 1) % MSGLOG_CAPACITY;
    }
    LogEntry *entry = &log->entries[slot];
    memcpy(entry->text, text, sizeof text);
    entry->turn = turn;
    entry->repeats = 1;
}

int msglog_count(const MessageLog *log)
{
    return log->count;
}

const LogEntry *msglog_get(const MessageLog *log, int age)
{
    if (age < 0 || age >= log->count)
        return NULL;
    return &log->entries[(log->start + log->count - 1 - age) % MSGLOG_CAPACITY];
}
