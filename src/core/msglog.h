/* The message log: the newest messages, a repeated message folded into one line with a count.
 * Each message has a tone, which the front end shows as a colour. */
#ifndef MK_MSGLOG_H
#define MK_MSGLOG_H

#include <stdint.h>

enum { MSGLOG_CAPACITY = 256, MSGLOG_LINE_MAX = 128 };

/* What kind of news a message is; the front end picks a colour for each. */
typedef enum MsgTone {
    MSG_PLAIN, /* everything else */
    MSG_HURT,  /* a mouse hurts the player, or kills her */
    MSG_HIT,   /* the player's hits and kills */
    MSG_LEVEL, /* a level gained */
    MSG_FIND,  /* pick-ups, hidden doors found, doors unlocked */
    MSG_KING,  /* the Mouse King speaks or summons */
    MSG_WARN,  /* refusals (locked, pack full...) and a mouse seen for the first time */
    MSG_FLOOR, /* entering a floor */
    MSG_TONE_COUNT
} MsgTone;

typedef struct LogEntry {
    char text[MSGLOG_LINE_MAX];
    uint32_t turn;
    int repeats; /* 1 for a message said once */
    MsgTone tone;
} LogEntry;

typedef struct MessageLog {
    LogEntry entries[MSGLOG_CAPACITY]; /* ring buffer */
    int start, count;
    uint64_t total; /* messages ever added, folded repeats included; changes on every add */
} MessageLog;

void msglog_init(MessageLog *log);
/* Adds a plain message. A message with the same text and tone as the newest folds into it. */
void msglog_add(MessageLog *log, uint32_t turn, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void msglog_add_tone(MessageLog *log, uint32_t turn, MsgTone tone, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* Adds a message that ends in a progress mark, "You search. (2/5)": when the newest message
 * is the same text with another mark, it is replaced rather than followed, so a count that
 * goes up takes one line of the log. Any other text is added as msglog_add_tone does. */
void msglog_add_progress(MessageLog *log, uint32_t turn, MsgTone tone, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* Each tone's stable name, as the save writes it: "plain", "hurt", "hit", "level", "find",
 * "king", "warn", "floor"; indexed by MsgTone, NULL-terminated. */
extern const char *const MSGLOG_TONE_NAMES[MSG_TONE_COUNT + 1];
/* MSGLOG_TONE_NAMES[tone], or NULL out of range. */
const char *msglog_tone_name(MsgTone tone);
int msglog_count(const MessageLog *log);
/* The age-th newest entry (0 = newest), or NULL past the end. */
const LogEntry *msglog_get(const MessageLog *log, int age);

#endif
