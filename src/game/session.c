#include "game/session.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/userfile.h"
#include "game/save.h"

static void stop_recording(Session *s, const char *why)
{
    if (s->recording)
        journal_close(&s->journal);
    s->recording = s->whole = false;
    snprintf(s->error, sizeof s->error, "the recording stopped: %s", why);
}

bool session_begin(Session *s, const Game *game, const char *save_path, const char *journal_path)
{
    memset(s, 0, sizeof *s);
    snprintf(s->save_path, sizeof s->save_path, "%s", save_path);
    snprintf(s->journal_path, sizeof s->journal_path, "%s", journal_path);
    JournalHeader h;
    journal_header_for(&h, game);
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
        stop_recording(s, err);
}

bool session_sync(Session *s, uint64_t now_ms)
{
    char err[1200];
    if (!s->recording)
        return true;
    if (!journal_sync(&s->journal, err, sizeof err)) {
        stop_recording(s, err);
        return false;
    }
    s->synced_at = now_ms;
    s->unsynced = false;
    return true;
}

void session_tick(Session *s, uint64_t now_ms)
{
    if (s->recording && s->unsynced && now_ms - s->synced_at >= SESSION_SYNC_MS)
        session_sync(s, now_ms);
}

bool session_save(Session *s, const Game *game)
{
    char err[1400];
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
    if (s->recording && !journal_sync(&s->journal, err, sizeof err))
        snprintf(s->error, sizeof s->error, "the recording's end was not written: %s", err);
    if (s->recording)
        journal_close(&s->journal);
    s->recording = false;
}

/* The journal is not this game's, or not in step with it: it is kept aside, the snapshot goes
 * on without a recording. */
static void refuse(Session *s, Game *game, const Rules *rules, const char *snapshot,
                   SessionResume *out, const char *why, bool reload)
{
    char moved[1300] = "", err[1400];
    out->refused = true;
    if (userfile_move_aside_as(s->journal_path, "damaged", moved, sizeof moved, err, sizeof err))
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

void session_resume(Session *s, Game *game, const Rules *rules, const char *save_path,
                    const char *journal_path, SessionResume *out)
{
    memset(out, 0, sizeof *out);
    memset(s, 0, sizeof *s);
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
    if (!journal_read(journal_path, rules, &j, err, sizeof err)) {
        if (!save_exists(journal_path)) {
            snprintf(out->message, sizeof out->message,
                     "%s is missing: the game goes on from its last save, unrecorded.",
                     journal_path);
            out->refused = true;
            return;
        }
        refuse(s, game, rules, save_path, out, err, false);
        return;
    }
    if (j.header.seed != game->seeds.game) {
        snprintf(err, sizeof err, "a recording of seed %" PRIu64 ", not of this game's %" PRIu64,
                 j.header.seed, game->seeds.game);
        refuse(s, game, rules, save_path, out, err, false);
        journal_free(&j);
        return;
    }
    if (j.count < game->commands) {
        snprintf(err, sizeof err, "it ends at command %zu, before the save's %" PRIu64, j.count,
                 game->commands);
        refuse(s, game, rules, save_path, out, err, false);
        journal_free(&j);
        return;
    }
    /* The snapshot itself must be where the journal says the game was at that command. */
    for (size_t i = 0; i < j.check_count; i++)
        if (j.checks[i].commands == game->commands && j.checks[i].hash != game_state_hash(game)) {
            snprintf(err, sizeof err, "the save is not the game it recorded at command %" PRIu64,
                     game->commands);
            refuse(s, game, rules, save_path, out, err, false);
            journal_free(&j);
            return;
        }
    size_t from = (size_t)game->commands;
    if (!journal_replay(&j, game, from, j.count, err, sizeof err)) {
        refuse(s, game, rules, save_path, out, err, true);
        journal_free(&j);
        return;
    }
    out->replayed = j.count - from;
    out->turn = game->turn;
    out->torn = j.torn;
    if (j.torn && !journal_cut(journal_path, j.good_bytes, err, sizeof err)) {
        refuse(s, game, rules, save_path, out, err, false);
        journal_free(&j);
        return;
    }
    size_t count = j.count;
    journal_free(&j);
    if (!journal_open_append(&s->journal, journal_path, count, err, sizeof err)) {
        snprintf(out->message, sizeof out->message, "%s; the game goes on unrecorded", err);
        out->refused = true;
        return;
    }
    s->recording = s->whole = true;
    if (out->replayed > 0 || out->torn)
        snprintf(out->message, sizeof out->message,
                 "Recovered %u turns from the recording (turn %u to %u)%s.",
                 out->turn - out->snapshot_turn, out->snapshot_turn, out->turn,
                 out->torn ? "; its torn end was cut" : "");
}
