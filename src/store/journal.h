/* Recordings: every game is its seed and every Command applied to it, in order, with the
 * state's checksum every so often, so a game can be replayed exactly and a replay that goes
 * out of step is caught where it happens. No SDL; POSIX file calls.
 *
 * The file (`.mkrec`) is text, one line per record, each ending in '\n':
 *
 *   {"mouseking_recording":1,"game":"0.1.0","dungeon":2,"rules":"1a2b3c4d","seed":42,"date":"2026-11-22T10:00:00Z"}
 *   m 1 -1          CMD_MOVE dx dy
 *   w               CMD_WAIT
 *   s               CMD_SEARCH
 *   r               CMD_REST
 *   S               CMD_SEARCH_LONG
 *   u 3             CMD_USE item      e 3  CMD_EQUIP item      d 3  CMD_DROP item
 *   t 12 34         CMD_TRAVEL x y
 *   ts 1            CMD_TRAVEL_STAIRS dy (+1 up, -1 down)
 *   x               CMD_EXPLORE
 *   c               CMD_CONTINUE
 *   p               CMD_STOP
 *   n               CMD_NONE
 *   # 64 51 0123456789abcdef    a checksum: commands so far, the turn, game_state_hash
 *
 * The header is one JSON object in exactly that member order: the recording format, the
 * game's version (for people; not checked), DUNGEON_VERSION, rules_hash of the rules the game
 * was played with (8 lowercase hex digits), the game seed as a whole number (exact to 64 bits)
 * and when the recording was made (UTC). Numbers in command lines are decimal integers with an
 * optional '-', fields separated by one space. A checksum line follows the command it checks:
 * after every JOURNAL_CHECK_EVERY-th command, after a command that changed floors, after the
 * one that ended the game, and wherever journal_add_check puts one; its count must equal the
 * commands before it, and no command checks twice. A last line without its '\n' is a torn
 * tail (a crash while writing): it is left out and can be cut. Anything else that is not so
 * (a line that does not parse, CRLF, a second header, a checksum missing where one is due, a
 * command after the end of the game) is damage, refused naming its line: a recording is read
 * whole or not at all (docs/RECORDINGS.md says what "whole" means).
 *
 * A replay starts from game_init of the header's seed and applies the commands one by one
 * through game_apply; every checksum line must match the replayed game's game_state_hash. */
#ifndef MK_JOURNAL_H
#define MK_JOURNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "game/game.h"

enum { JOURNAL_FORMAT = 1, JOURNAL_CHECK_EVERY = 64 };
/* A recording is read a block at a time, never whole, and holds at most JOURNAL_COMMANDS_MAX
 * commands: 24 MB of commands, 100 times a won game (about 10,000), so reading, verifying or
 * resuming any recording stays far under 64 MB. A larger file is refused unread; no line of a
 * recording is longer than JOURNAL_TEXT_LINE_MAX bytes (the header is the longest). */
enum {
    JOURNAL_COMMANDS_MAX = 1000000,
    JOURNAL_FILE_MAX = 64 * 1024 * 1024,
    JOURNAL_TEXT_LINE_MAX = 1024
};

typedef struct JournalHeader {
    int format;
    char game_version[32];
    int dungeon_version;
    uint32_t rules_hash;
    uint64_t seed;
    char date[32];
} JournalHeader;

/* format, versions, seed of a game; date now (UTC) */
void journal_header_for(JournalHeader *h, const Game *g);

/* The bytes of a recording held in memory, so that it can be written again whole after a
 * failed write (a full disk): ~3 bytes a command, so 16 MB holds millions of commands. Past it
 * only what is not yet written is held, and a failed write stops the recording for good. */
enum { JOURNAL_KEEP_MAX = 16 * 1024 * 1024 };

typedef struct JournalWriter {
    int fd;
    char *buf; /* the recording from its header on when `whole`, else what is unwritten */
    size_t len, cap;
    size_t flushed; /* the bytes of buf written to the file */
    bool whole;     /* buf holds the whole file: journal_rewrite can make it again */
    bool stale;     /* a write failed: the file's end is unknown until journal_rewrite */
    uint64_t commands;
    bool failed;
    char path[1200];
    uint64_t last_check; /* the command count of the last checksum line written */
} JournalWriter;

/* A new recording at path (made new: temp file + rename, never through a link), header written
 * and synced. False with one line in err naming the file. */
bool journal_create(JournalWriter *w, const char *path, const JournalHeader *h, char *err,
                    size_t err_size);
/* Reopens an existing recording to append after its `commands` commands (the file must already
 * have been cut to its good part), the last of its checksum lines being after command `checked`
 * (journal_add_check then puts one after `commands` when they differ); its bytes are read back
 * into memory (whole, when they fit in JOURNAL_KEEP_MAX). */
bool journal_open_append(JournalWriter *w, const char *path, uint64_t commands, uint64_t checked,
                         char *err, size_t err_size);
/* Appends one command, as applied to `after` (the game after game_apply); adds a checksum line
 * when due (every JOURNAL_CHECK_EVERY commands, on a floor change, when the game ended). Only
 * memory: cheap. Out of memory sets `failed` (the next flush reports it). */
void journal_add(JournalWriter *w, const Command *cmd, const Game *after);
/* Appends a checksum line of `g` now (unless the last line already checks this command), for
 * a recording that stops without the game ending (quitting, autoplay's turn limit). */
void journal_add_check(JournalWriter *w, const Game *g);
/* Writes what is buffered (write(2), short writes and EINTR handled). */
bool journal_flush(JournalWriter *w, char *err, size_t err_size);
/* Flushes, then fdatasync. */
bool journal_sync(JournalWriter *w, char *err, size_t err_size);
/* After a failed write: the file made again from memory (every byte since the header, as a new
 * file: temp, synced, renamed over the old one), then appended to as before. False, with one
 * line, when it cannot be written yet or the recording is not all in memory (`whole`). */
bool journal_rewrite(JournalWriter *w, char *err, size_t err_size);
/* Flushes (errors ignored), closes, frees. Safe again on a closed writer, and on one whose
 * journal_create or journal_open_append failed (fd -1). */
void journal_close(JournalWriter *w);

typedef struct JournalCheck {
    uint64_t commands;
    uint32_t turn;
    uint64_t hash;
} JournalCheck;

typedef struct Journal {
    JournalHeader header;
    Command *cmds;
    size_t count;
    JournalCheck *checks;
    size_t check_count;
    size_t good_bytes; /* the bytes of the whole lines (all of them but a torn last one) */
    size_t lines;      /* the whole lines, the header's included */
    bool torn;         /* a last line without its '\n' (line `lines + 1`) was left out */
} Journal;

/* Reads a recording (a regular file, never through a link), a block at a time: the header
 * (refused with one line naming the file if it is not a recording, or of another format,
 * dungeon or rules; the message names both versions, e.g. "recording.mkrec: made with
 * dungeon version 3, this game has 4"), then every command and checksum line. A torn last
 * line is left out (torn = true, good_bytes = the length of the rest); any other line that
 * is not a command or a checksum in its place is refused: "FILE: line N: ...". */
bool journal_read(const char *path, const Rules *rules, Journal *out, char *err, size_t err_size);
/* journal_read of text in memory; `name` stands for the file in messages. */
bool journal_parse(const char *text, size_t len, const char *name, const Rules *rules, Journal *out,
                   char *err, size_t err_size);
void journal_free(Journal *j);
/* The header line (without its '\n'): the checks of journal_read, and it must be exactly the
 * line the writer makes of the values it holds. */
bool journal_parse_header(const char *line, size_t len, const char *name, const Rules *rules,
                          JournalHeader *h, char *err, size_t err_size);
/* The header's line for h, without its '\n': the one the writer writes and the only one the
 * reader takes (its strings escaped by cJSON). Freed by the caller; NULL when out of memory. */
char *journal_header_line(const JournalHeader *h);

/* The line number (from 1, the header's) of command i (from 0), and of checks[k]. */
size_t journal_command_line(const Journal *j, size_t i);
size_t journal_check_line(const Journal *j, size_t k);
/* True when a checksum line follows the last command, so every command is checked (a
 * recording in play, or cut short by a crash, ends in commands no checksum covers yet). Else
 * false with err naming the first of those commands' lines. */
bool journal_closed(const Journal *j, const char *name, char *err, size_t err_size);

/* Cuts the file to good_bytes (after a torn tail), fsyncs. */
bool journal_cut(const char *path, size_t good_bytes, char *err, size_t err_size);

/* Replays commands [from, upto) of j onto g (for from == 0, g must be a fresh game_init of the
 * header's seed: journal_start_game), checking every checksum whose `commands` falls in
 * (from, upto]; false at the first mismatch, with err naming the line, the command number and
 * the turn where the game went out of step. Also false, naming the line, where a checksum
 * the writer always puts is missing (after every JOURNAL_CHECK_EVERY-th command, a floor
 * change, the end of the game; the last command of the recording excepted) and at a command
 * after the end of the game. */
bool journal_replay(const Journal *j, Game *g, size_t from, size_t upto, char *err,
                    size_t err_size);
/* game_init with the header's seed. */
bool journal_start_game(const Journal *j, const Rules *rules, Game *g, char *err, size_t err_size);

/* One command's line without its '\n' (at most JOURNAL_LINE_MAX bytes with the NUL), and back:
 * false when the text is not exactly a command line. */
enum { JOURNAL_LINE_MAX = 64 };
void journal_format_command(const Command *cmd, char out[JOURNAL_LINE_MAX]);
bool journal_parse_command(const char *line, size_t len, Command *out);

/* cheap (no JSON): turn, commands, floor, player numbers and position, inventory, equipped,
 * RNG stream states, counters, outcome, every entity of the current floor (kind, position, hp,
 * door state, mind state), log total */
uint64_t game_state_hash(const Game *g);
/* of every number of the rules (and every name), in a fixed order */
uint32_t rules_hash(const Rules *r);

/* Test hook, NULL in the game. When set, the journal is written a byte per write(2) and the
 * hook is called between them, so a test can kill the process in the middle of a line. */
extern void (*journal_test_between_writes)(void);
/* Test hook, NULL in the game: called instead of write(2) for the recording's bytes, so a test
 * can make the disk full (-1 with errno ENOSPC) for a while. */
extern long (*journal_test_write)(int fd, const void *data, size_t len);

#endif
