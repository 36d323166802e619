#include "core/msglog.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void msglog_init(MessageLog *log)
{
    memset(log, 0, sizeof *log);
}

const char *const MSGLOG_TONE_NAMES[MSG_TONE_COUNT + 1] = {
    "plain", "hurt", "hit", "level", "find", "king", "warn", "floor", NULL};

const char *msglog_tone_name(MsgTone tone)
{
    return (int)tone >= 0 && tone < MSG_TONE_COUNT ? MSGLOG_TONE_NAMES[tone] : NULL;
}

static void add(MessageLog *log, uint32_t turn, MsgTone tone, const char *fmt, va_list args)
    __attribute__((format(printf, 4, 0)));

static void add(MessageLog *log, uint32_t turn, MsgTone tone, const char *fmt, va_list args)
{
    char text[MSGLOG_LINE_MAX];
    vsnprintf(text, sizeof text, fmt, args);
    log->total++;

    LogEntry *newest = (LogEntry *)msglog_get(log, 0);
    if (newest && newest->tone == tone && strcmp(newest->text, text) == 0) {
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
    entry->tone = tone;
}

void msglog_add(MessageLog *log, uint32_t turn, const char *fmt, ...)
{
    va_list args;
    va_start(args, fmt);
    add(log, turn, MSG_PLAIN, fmt, args);
    va_end(args);
}

void msglog_add_tone(MessageLog *log, uint32_t turn, MsgTone tone, const char *fmt, ...)
{
    va_list args;
    va_start(args, fmt);
    add(log, turn, tone, fmt, args);
    va_end(args);
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
