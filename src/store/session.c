#define _POSIX_C_SOURCE 200809L /* st_mtim */
#include "store/session.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "core/userfile.h"
#include "store/save.h"

static void stop_recording(Session *s, const char *why)
{
    if (s->recording)
        journal_close(&s->journal);
    s->recording = s->whole = s->stalled = false;
    snprintf(s->error, sizeof s->error, "the recording stopped: %s", why);
    s->tell = true;
}

/* A write failed: held in memory to be written again, or stopped when it is not all there. */
static void write_failed(Session *s, const char *why)
{
    if (!s->journal.whole) {
        stop_recording(s, why);
        return;
    }
    if (!s->stalled) {
        snprintf(s->error, sizeof s->error,
                 "the recording could not be written (%s); it is kept in memory and written "
                 "again when the disk takes it",
                 why);
        s->tell = true;
    }
    s->stalled = true;
    s->tried_at = s->journal.commands;
}

/* The whole journal written again from memory; true once it is on the disk, synced. */
static bool rewrite(Session *s, uint64_t now_ms)
{
    char err[1200];
    s->tried_at = s->journal.commands;
    if (!journal_rewrite(&s->journal, err, sizeof err)) {
        if (!s->journal.whole)
            stop_recording(s, err);
        return false;
    }
    s->stalled = s->unsynced = false;
    s->synced_at = now_ms;
    snprintf(s->error, sizeof s->error, "The recording is written again, whole: %s",
             s->journal_path);
    s->tell = true;
    return true;
}

bool session_begin(Session *s, const Game *game, const char *save_path, const char *journal_path)
{
    memset(s, 0, sizeof *s);
    snprintf(s->save_path, sizeof s->save_path, "%s", save_path);
    snprintf(s->journal_path, sizeof s->journal_path, "%s", journal_path);
    JournalHeader h;
    journal_header_for(&h, game);
    snprintf(s->began, sizeof s->began, "%s", h.date);
    char err[1200];
    if (!journal_create(&s->journal, journal_path, &h, err, sizeof err)) {
        snprintf(s->error, sizeof s->error, "not recorded: %s", err);
        return false;
    }
    s->recording = s->whole = true;
    return true;
}

void session_record(Session *s, const Game *game, const Command *cmd, uint64_t now_ms)
{
    if (!s->recording)
        return;
    journal_add(&s->journal, cmd, game);
    char err[1200];
    bool floor_changed = (game->events & GAME_EVENT_FLOOR_CHANGED) != 0;
    bool ended = game->outcome != GAME_PLAYING;
    if (s->stalled) {
        if (floor_changed || ended || s->journal.commands - s->tried_at >= SESSION_RETRY_EVERY)
            rewrite(s, now_ms);
        return;
    }
    bool ok;
    if (floor_changed || ended || now_ms - s->synced_at >= SESSION_SYNC_MS) {
        ok = journal_sync(&s->journal, err, sizeof err);
        s->synced_at = now_ms;
        s->unsynced = false;
    } else {
        ok = journal_flush(&s->journal, err, sizeof err);
        s->unsynced = true;
    }
    if (!ok)
        write_failed(s, err);
}

bool session_sync(Session *s, uint64_t now_ms)
{
    char err[1200];
    if (!s->recording)
        return true;
    if (s->stalled)
        return rewrite(s, now_ms);
    if (!journal_sync(&s->journal, err, sizeof err)) {
        write_failed(s, err);
        return false;
    }
    s->synced_at = now_ms;
    s->unsynced = false;
    return true;
}

void session_tick(Session *s, uint64_t now_ms)
{
    if (s->recording && s->unsynced && !s->stalled && now_ms - s->synced_at >= SESSION_SYNC_MS)
        session_sync(s, now_ms);
}

bool session_save(Session *s, const Game *game)
{
    char err[1400];
    /* A checksum closes what the snapshot holds, so a quit game's recording verifies whole. */
    if (s->recording)
        journal_add_check(&s->journal, game);
    session_sync(s, s->synced_at);
    if (!s->save_path[0])
        return false;
    if (!save_write(game, s->save_path, err, sizeof err)) {
        snprintf(s->error, sizeof s->error, "%s", err);
        return false;
    }
    return true;
}

void session_close(Session *s)
{
    char err[1200];
    if (s->recording && !s->stalled && !journal_sync(&s->journal, err, sizeof err))
        write_failed(s, err); /* held in memory: one more try below */
    if (s->recording && s->stalled && !rewrite(s, s->synced_at)) {
        /* The file lacks its end: not a whole game to keep. */
        snprintf(s->error, sizeof s->error, "the recording's end was not written: %s",
                 s->journal_path);
        s->whole = false;
    }
    if (s->recording)
        journal_close(&s->journal);
    s->recording = s->stalled = false;
}

/* The journal is not this game's, or not in step with it: it is kept aside (when the folder
 * may be written), the snapshot goes on without a recording. */
static void refuse(Session *s, Game *game, const Rules *rules, const char *snapshot,
                   SessionResume *out, const char *why, bool reload, bool may_write)
{
    char moved[1300] = "", err[1400];
    out->refused = true;
    if (may_write &&
        userfile_move_aside_as(s->journal_path, "damaged", moved, sizeof moved, err, sizeof err))
        snprintf(out->message, sizeof out->message,
                 "%s: %s; kept as %s. The game goes on from its last save, unrecorded.",
                 s->journal_path, why, moved);
    else
        snprintf(out->message, sizeof out->message,
                 "%s: %s. The game goes on from its last save, unrecorded.", s->journal_path, why);
    if (reload) { /* the replay moved the game on: back to the snapshot as it was */
        Game *fresh = malloc(sizeof *fresh);
        if (fresh && save_load(fresh, snapshot, rules, err, sizeof err) == SAVE_LOAD_OK) {
            game_free(game);
            *game = *fresh;
        }
        free(fresh);
    }
}

/* Why the journal `j` cannot carry on the snapshot `game`, or false when it can. */
static bool out_of_step(const Journal *j, const Game *game, char *err, size_t err_size)
{
    if (j->header.seed != game->seeds.game) {
        snprintf(err, err_size, "a recording of seed %" PRIu64 ", not of this game's %" PRIu64,
                 j->header.seed, game->seeds.game);
        return true;
    }
    if (j->count < game->commands) {
        snprintf(err, err_size, "it ends at command %zu, before the save's %" PRIu64, j->count,
                 game->commands);
        return true;
    }
    /* The snapshot itself must be where the journal says the game was at that command. */
    for (size_t i = 0; i < j->check_count; i++)
        if (j->checks[i].commands == game->commands && j->checks[i].hash != game_state_hash(game)) {
            snprintf(err, err_size, "the save is not the game it recorded at command %" PRIu64,
                     game->commands);
            return true;
        }
    return false;
}

/* When a file was last written, in milliseconds since 1970; -1 when it cannot be looked at. */
static int64_t written_ms(const char *path)
{
    struct stat st;
    if (stat(path, &st) != 0)
        return -1;
    return (int64_t)st.st_mtim.tv_sec * 1000 + st.st_mtim.tv_nsec / 1000000;
}

/* The time played after the snapshot, which a crash kept out of it: from when the snapshot was
 * written to when the recording last was (its last command), at most
 * SESSION_RECOVER_COMMAND_MS for each command replayed (a game closed between them does not
 * count). Taken before anything is appended to the recording. */
static uint64_t time_after_snapshot(const char *save_path, const char *journal_path,
                                    uint64_t replayed)
{
    int64_t saved = written_ms(save_path), recorded = written_ms(journal_path);
    if (saved < 0 || recorded <= saved || replayed == 0)
        return 0;
    uint64_t ms = (uint64_t)(recorded - saved), most = replayed * SESSION_RECOVER_COMMAND_MS;
    return ms < most ? ms : most;
}

/* The journal read and its tail replayed onto the snapshot; false once refuse() has spoken. */
static bool replay_tail(Session *s, Game *game, const Rules *rules, bool may_write, Journal *j,
                        SessionResume *out)
{
    char err[1400];
    if (!journal_read(s->journal_path, rules, j, err, sizeof err)) {
        if (!save_exists(s->journal_path)) {
            snprintf(out->message, sizeof out->message,
                     "%s is missing: the game goes on from its last save, unrecorded.",
                     s->journal_path);
            out->refused = true;
            return false;
        }
        refuse(s, game, rules, s->save_path, out, err, false, may_write);
        return false;
    }
    bool ok = !out_of_step(j, game, err, sizeof err);
    size_t from = (size_t)game->commands;
    if (ok && !journal_replay(j, game, from, j->count, err, sizeof err)) {
        refuse(s, game, rules, s->save_path, out, err, true, may_write);
        journal_free(j);
        return false;
    }
    if (!ok) {
        refuse(s, game, rules, s->save_path, out, err, false, may_write);
        journal_free(j);
        return false;
    }
    out->replayed = j->count - from;
    out->turn = game->turn;
    out->torn = j->torn;
    snprintf(s->began, sizeof s->began, "%s", j->header.date);
    return true;
}

void session_resume(Session *s, Game *game, const Rules *rules, const char *save_path,
                    const char *journal_path, bool may_write, SessionResume *out)
{
    memset(out, 0, sizeof *out);
    memset(s, 0, sizeof *s);
    s->journal.fd = -1;
    snprintf(s->save_path, sizeof s->save_path, "%s", save_path);
    snprintf(s->journal_path, sizeof s->journal_path, "%s", journal_path);
    out->snapshot_turn = out->turn = game->turn;
    char err[1400];
    if (!game->commands_known) {
        snprintf(out->message, sizeof out->message,
                 "This save is older than recordings: the game goes on unrecorded.");
        out->refused = true;
        return;
    }
    Journal j;
    if (!replay_tail(s, game, rules, may_write, &j, out))
        return;
    /* The time played after the snapshot: the recording's tail knows it, the save does not
     * (taken before the recording is cut or appended to). */
    out->recovered_ms = time_after_snapshot(save_path, journal_path, out->replayed);
    game->played_ms += out->recovered_ms;
    size_t count = j.count, good = j.good_bytes;
    uint64_t checked = j.check_count ? j.checks[j.check_count - 1].commands : 0;
    journal_free(&j);
    if (may_write && out->torn && !journal_cut(journal_path, good, err, sizeof err)) {
        refuse(s, game, rules, save_path, out, err, false, true);
        return;
    }
    if (may_write &&
        !journal_open_append(&s->journal, journal_path, count, checked, err, sizeof err)) {
        snprintf(out->message, sizeof out->message, "%s; the game goes on unrecorded", err);
        out->refused = true;
        return;
    }
    s->recording = s->whole = may_write;
    /* A crash between a command and the checksum due after it left the file ending there: that
     * checksum comes before any command appended now, or the file would not be whole. */
    if (may_write)
        journal_add_check(&s->journal, game);
    uint32_t turns = out->turn - out->snapshot_turn;
    if (out->replayed > 0 || out->torn)
        snprintf(out->message, sizeof out->message,
                 "Recovered %u turn%s from the recording (turn %u to %u)%s.", turns,
                 turns == 1 ? "" : "s", out->snapshot_turn, out->turn,
                 out->torn && may_write ? "; its torn end was cut" : "");
}
