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

/* The length of the text before its progress mark " (N/M)", or -1 when it has none. */
static int progress_stem(const char *text)
{
    const char *mark = strrchr(text, '(');
    int n, m, end = 0;
    if (!mark || mark == text || mark[-1] != ' ' || sscanf(mark, "(%d/%d)%n", &n, &m, &end) != 2 ||
        mark[end] != '\0')
        return -1;
    return (int)(mark - text);
}

void msglog_add_progress(MessageLog *log, uint32_t turn, MsgTone tone, const char *fmt, ...)
{
    char text[MSGLOG_LINE_MAX];
    va_list args;
    va_start(args, fmt);
    vsnprintf(text, sizeof text, fmt, args);
    va_end(args);
    LogEntry *newest = (LogEntry *)msglog_get(log, 0);
    int stem = progress_stem(text);
    if (newest && stem >= 0 && newest->tone == tone && progress_stem(newest->text) == stem &&
        strncmp(newest->text, text, (size_t)stem) == 0) {
        memcpy(newest->text, text, sizeof text);
        newest->turn = turn;
        newest->repeats = 1;
        log->total++;
        return;
    }
    msglog_add_tone(log, turn, tone, "%s", text);
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
