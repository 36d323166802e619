/* A game being played and kept: its recording (the journal: the seed and every Command, with
 * checksums) written as it goes, and its snapshot (save.json) written on every floor change
 * and on the way out. Continue loads the snapshot and replays the journal's tail, so a crash
 * or kill -9 loses only what had not reached the disk: nothing after a clean stop, a few
 * seconds of play after a power cut (the journal is synced at least every SESSION_SYNC_MS).
 *
 * The order that keeps the two in step: the journal is synced before a snapshot is written,
 * so the journal always holds at least the commands the snapshot has applied.
 *
 * The window and the tests drive it the same way; nothing here reads a clock (the caller
 * passes its milliseconds) or knows SDL. */
#ifndef MK_SESSION_H
#define MK_SESSION_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "game/game.h"
#include "store/journal.h"

/* A recording whose write failed (a full disk) is held in memory and written again whole on
 * the next floor change, snapshot or sync, or after SESSION_RETRY_EVERY more commands. */
enum { SESSION_SYNC_MS = 2000, SESSION_RETRY_EVERY = 64 };

/* Continue after a crash counts the time played after the snapshot from when the snapshot and
 * the recording were last written, at most this much for each command it replays. */
enum { SESSION_RECOVER_COMMAND_MS = 5000 };

typedef struct Session {
    JournalWriter journal;
    bool recording;     /* the journal is open and in step with the game */
    bool whole;         /* the journal holds the whole game: kept when it ends (session_close
                         * leaves it set; a refused or stopped recording clears it) */
    bool unsynced;      /* written since the last sync */
    bool stalled;       /* a write failed: the journal waits in memory to be written again */
    uint64_t tried_at;  /* ... the command count when that was last tried */
    bool tell;          /* `error` is news for the player (shown once, then cleared) */
    uint64_t synced_at; /* the caller's clock at the last sync */
    char began[32];     /* the recording's header date (UTC): names the game when it ends */
    char save_path[1200];
    char journal_path[1200];
    char error[1400]; /* the last problem, one line */
} Session;

/* What Continue found. */
typedef struct SessionResume {
    uint64_t replayed;            /* commands of the journal applied after the snapshot's */
    uint32_t snapshot_turn, turn; /* the snapshot's turn, and the turn reached */
    bool torn;                    /* the journal's end was cut */
    uint64_t recovered_ms;        /* time played after the snapshot, added to the game's */
    bool refused;                 /* the journal could not be used: the snapshot alone goes on */
    char message[1600];           /* one line for the player, or "" when there is nothing to say */
} SessionResume;

/* A new game's recording at journal_path (an older one there is replaced). False with
 * s->error set when it cannot be made: the game goes on unrecorded. */
bool session_begin(Session *s, const Game *game, const char *save_path, const char *journal_path);

/* After each game_apply: the command goes into the journal, and is written out (write(2), no
 * fsync) so that a killed process loses nothing. A failed write does not stop the recording:
 * it is held in memory (stalled) and written again whole when the disk takes it. `now_ms` is the
 * caller's clock: the journal is synced when SESSION_SYNC_MS have passed since the last sync, and
 * on a floor change, after which the snapshot is written. */
void session_record(Session *s, const Game *game, const Command *cmd, uint64_t now_ms);

/* Makes what was written durable (fdatasync), if anything is waiting. */
bool session_sync(Session *s, uint64_t now_ms);

/* Called now and then while nothing happens: syncs what a command left unsynced once
 * SESSION_SYNC_MS have passed, so a power cut during a pause loses nothing either. */
void session_tick(Session *s, uint64_t now_ms);

/* Syncs the journal, then writes the snapshot (quitting, going to the title). */
bool session_save(Session *s, const Game *game);

/* Continue: `game` holds the snapshot just loaded from save_path; the journal's commands after
 * it are replayed onto it, checking every checksum. A torn end is cut; a journal that does not
 * replay in step, or belongs to another game, is moved aside and the snapshot alone goes on
 * (unrecorded from here). On success the journal is reopened to append. Without may_write (a
 * folder that cannot be written) the tail is replayed all the same, and nothing is cut, moved
 * or opened: the game goes on in memory, unrecorded. */
void session_resume(Session *s, Game *game, const Rules *rules, const char *save_path,
                    const char *journal_path, bool may_write, SessionResume *out);

/* The game ended or is left: syncs and closes the journal. */
void session_close(Session *s);

#endif
