/* The end of a game written in an order a crash cannot break (game_end.h): the morgue, the
 * kept recording and the highscore first, the save and game.mkrec last. */
#define _POSIX_C_SOURCE 200809L /* link, localtime_r */
#include "store/game_end.h"

#include <dirent.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "core/errline.h"
#include "core/notice.h"
#include "core/userfile.h"
#include "store/journal.h"

void (*game_end_test_step)(GameEndStep step);

static void step_done(GameEndStep step)
{
    if (game_end_test_step)
        game_end_test_step(step);
}

/* The first problem is kept; the steps after it still run. */
static void note(GameEnd *out, const char *fmt, const char *what)
{
    if (!out->error[0])
        errline_format(out->error, sizeof out->error, fmt, what);
}

/* NAME: the recording's start from its header's date ("2026-11-22T14:09:02Z" gives
 * "20261122-140902") and the seed; without a usable date, the time now. */
static void name_of(const char *began, uint64_t seed, char *out, size_t size)
{
    static const char digits[] = {0, 1, 2, 3, 5, 6, 8, 9, 11, 12, 14, 15, 17, 18};
    bool ok = began && strlen(began) >= 19;
    for (size_t i = 0; ok && i < sizeof digits; i++)
        ok = began[(int)digits[i]] >= '0' && began[(int)digits[i]] <= '9';
    char stamp[32] = "unknown";
    if (ok) {
        snprintf(stamp, sizeof stamp, "%.4s%.2s%.2s-%.2s%.2s%.2s", began, began + 5, began + 8,
                 began + 11, began + 14, began + 17);
    } else {
        time_t now = time(NULL);
        struct tm tm;
        if (localtime_r(&now, &tm))
            strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tm);
    }
    snprintf(out, size, "%s-seed%" PRIu64, stamp, seed);
}

enum { MORGUE_LOG_LINES = 12 }; /* the last messages of the game, after the summary */

/* The run summary and the last messages, as the morgue file keeps them. */
static size_t morgue_text(const Game *g, char *text, size_t size)
{
    size_t len = (size_t)snprintf(text, size, "Mouse King: run summary\n\n");
    len += game_summary_text(g, text + len, size - len);
    const MessageLog *log = &g->log;
    int count = msglog_count(log);
    int first = count < MORGUE_LOG_LINES ? count - 1 : MORGUE_LOG_LINES - 1;
    if (count > 0 && len < size)
        len += (size_t)snprintf(text + len, size - len, "\nLast messages:\n");
    for (int age = first; age >= 0 && len < size; age--) {
        const LogEntry *e = msglog_get(log, age);
        len +=
            (size_t)snprintf(text + len, size - len, "  turn %u: %s\n", (unsigned)e->turn, e->text);
    }
    return len < size ? len : size - 1;
}

/* "DIR/recordings/NAME.ext": false when it does not fit. */
static bool in_recordings(const GameFiles *f, const char *name, const char *ext, char *out,
                          size_t size)
{
    int n = snprintf(out, size, "%s/recordings/%s%s", f->dir, name, ext);
    return n >= 0 && (size_t)n < size;
}

static void write_morgue(const Game *g, const GameFiles *f, const char *name, GameEnd *out)
{
    char path[sizeof out->morgue], err[1400];
    enum { SIZE = 4096 + 200 + MORGUE_LOG_LINES * (MSGLOG_LINE_MAX + 16) };
    char *text = malloc(SIZE);
    if (!in_recordings(f, name, ".txt", path, sizeof path))
        snprintf(err, sizeof err, "No morgue file: the path of %s is too long", f->dir);
    else if (!text)
        snprintf(err, sizeof err, "No morgue file: out of memory");
    else if (userfile_write(path, text, morgue_text(g, text, SIZE), err, sizeof err)) {
        memcpy(out->morgue, path, strlen(path) + 1);
        snprintf(out->morgue_line, sizeof out->morgue_line, "Written to %s", path);
    }
    free(text);
    if (!out->morgue[0]) {
        snprintf(out->morgue_line, sizeof out->morgue_line, "No morgue file was written.");
        note(out, "%s", err);
    }
}

/* The same file under a second name, or a copy of it where links cannot be made. */
static bool link_or_copy(const char *from, const char *to, char *err, size_t err_size)
{
    struct stat a, b;
    if (link(from, to) == 0)
        return true;
    if (errno == EEXIST && stat(from, &a) == 0 && stat(to, &b) == 0 && a.st_ino == b.st_ino &&
        a.st_dev == b.st_dev)
        return true; /* kept by an earlier run */
    size_t len;
    char *text = userfile_read(from, JOURNAL_FILE_MAX, &len, NULL, err, err_size);
    bool ok = text && userfile_write(to, text, len, err, err_size);
    free(text);
    return ok;
}

static void keep_recording(const GameFiles *f, const char *name, GameEnd *out)
{
    char path[1600], err[1400];
    snprintf(out->recording, sizeof out->recording, "%s.mkrec", name);
    if (!in_recordings(f, name, ".mkrec", path, sizeof path))
        snprintf(err, sizeof err, "the path of %s is too long", f->dir);
    else if (link_or_copy(f->journal, path, err, sizeof err))
        return;
    out->recording[0] = '\0';
    if (!out->error[0])
        errline_format(out->error, sizeof out->error, "The recording stays as %s: %s", f->journal,
                       err);
}

/* The row of the entry naming `recording`, or -1. */
static int row_naming(const Highscores *scores, const char *recording)
{
    for (int i = 0; recording[0] && i < scores->count; i++)
        if (strcmp(scores->entries[i].recording, recording) == 0)
            return i;
    return -1;
}

/* The entry, unless an earlier run of these steps put it there already: `id` (NAME.mkrec, ""
 * for a game not recorded whole) names the game even when its recording could not be kept this
 * time (game.mkrec then stays, for the next start to keep). */
static void record_score(const Game *g, const GameFiles *f, const char *id, Highscores *scores,
                         GameEnd *out)
{
    out->rank = row_naming(scores, id);
    if (out->rank >= 0)
        return;
    HighscoreEntry entry = highscore_entry_of(g);
    time_t now = time(NULL);
    struct tm tm;
    if (localtime_r(&now, &tm))
        strftime(entry.date, sizeof entry.date, "%Y-%m-%d", &tm);
    snprintf(entry.recording, sizeof entry.recording, "%s", id);
    out->rank = highscores_insert(scores, &entry);
    char err[1400];
    if (out->rank >= 0 && f->may_write && f->scores[0] &&
        !highscores_save(scores, f->scores, err, sizeof err))
        note(out, "%s", err);
}

static int by_name_newest_first(const void *a, const void *b)
{
    return strcmp(((const RecordingName *)b)->s, ((const RecordingName *)a)->s);
}

int game_end_recordings(const char *dir, RecordingName *names, int max)
{
    DIR *d = dir[0] ? opendir(dir) : NULL;
    int n = 0;
    for (struct dirent *e; d && (e = readdir(d)) && n < max;) {
        size_t len = strlen(e->d_name);
        if (len > 6 && len < sizeof names[0].s && strcmp(e->d_name + len - 6, ".mkrec") == 0)
            memcpy(names[n++].s, e->d_name, len + 1);
    }
    if (d)
        closedir(d);
    qsort(names, (size_t)n, sizeof *names, by_name_newest_first);
    return n;
}

typedef struct Kept {
    RecordingName name;
    time_t ended; /* the file's last change: when its game ended */
} Kept;

static int by_end_newest_first(const void *a, const void *b)
{
    const Kept *x = a, *y = b;
    return (x->ended < y->ended) - (x->ended > y->ended);
}

/* Past the GAME_END_RECORDINGS_KEPT games that ended last (names tell when a game began), a
 * recording goes unless a highscore names it. */
static void prune(const GameFiles *f, const Highscores *scores)
{
    enum { MAX = 1000 };
    char dir[1300], path[1600];
    snprintf(dir, sizeof dir, "%s/recordings", f->dir);
    RecordingName *names = malloc(MAX * sizeof *names);
    Kept *kept = malloc(MAX * sizeof *kept);
    int n = names && kept ? game_end_recordings(dir, names, MAX) : 0;
    for (int i = 0; i < n; i++) {
        struct stat st;
        snprintf(path, sizeof path, "%s/%s", dir, names[i].s);
        kept[i].name = names[i];
        kept[i].ended = lstat(path, &st) == 0 ? st.st_mtime : 0;
    }
    if (n > 0)
        qsort(kept, (size_t)n, sizeof *kept, by_end_newest_first);
    for (int i = GAME_END_RECORDINGS_KEPT; i < n; i++) {
        if (row_naming(scores, kept[i].name.s) < 0) {
            snprintf(path, sizeof path, "%s/%s", dir, kept[i].name.s);
            remove(path);
        }
    }
    free(names);
    free(kept);
}

void game_end_finish(Session *s, const Game *g, const GameFiles *f, Highscores *scores,
                     GameEnd *out)
{
    memset(out, 0, sizeof *out);
    out->rank = -1;
    bool whole = s->whole; /* the recording holds the whole game: it is kept */
    session_close(s);
    char name[GAME_END_NAME_MAX - 8], dir[1300], err[1400];
    name_of(whole ? s->began : "", g->seeds.game, name, sizeof name);
    step_done(GAME_END_BEGIN);
    bool writing = f->may_write && f->dir[0];
    snprintf(dir, sizeof dir, "%s/recordings", f->dir);
    if (writing && !userfile_make_dir(dir, err, sizeof err)) {
        note(out, "%s", err);
        writing = false;
    }
    if (!writing)
        snprintf(out->morgue_line, sizeof out->morgue_line,
                 "No morgue file: there is no user folder to write in.");
    if (writing)
        write_morgue(g, f, name, out);
    step_done(GAME_END_MORGUE);
    if (writing && whole)
        keep_recording(f, name, out);
    step_done(GAME_END_RECORDING);
    char id[GAME_END_NAME_MAX];
    snprintf(id, sizeof id, "%s%s", writing && whole ? name : "", writing && whole ? ".mkrec" : "");
    record_score(g, f, id, scores, out);
    step_done(GAME_END_HIGHSCORE);
    if (writing && f->save[0] && !save_delete(f->save, err, sizeof err))
        note(out, "%s", err);
    step_done(GAME_END_SAVE);
    /* Only once it is kept: a recording that could not be is left where it is. */
    if (writing && out->recording[0] && unlink(f->journal) != 0 && errno != ENOENT) {
        snprintf(err, sizeof err, "%s: cannot remove: %s", f->journal, strerror(errno));
        note(out, "%s", err);
    }
    step_done(GAME_END_JOURNAL);
    if (writing)
        prune(f, scores);
    step_done(GAME_END_PRUNE);
}

/* A game found over at start (died or won, its end not all written): written now, and never
 * offered to continue, nor is a save of it. */
static void finish_found(Session *s, const Game *g, const GameFiles *f, Highscores *scores,
                         GameStart *out)
{
    game_end_finish(s, g, f, scores, &out->end);
    out->finished = true;
    out->playable = out->save.has_recovery = false;
    out->save.offer[0] = '\0';
    char line[600];
    errline_format(line, sizeof line,
                   "The game of seed %" PRIu64 " %s on floor %d, turn %u, before its end was "
                   "written: %s.",
                   g->seeds.game, g->outcome == GAME_WON ? "was won" : "ended in a death",
                   g->current, (unsigned)g->turn,
                   f->may_write ? "its highscore, morgue and recording are written now"
                                : "the folder cannot be written, so nothing is kept");
    notice_add(out->notice, sizeof out->notice, line);
    notice_add(out->notice, sizeof out->notice, out->end.error);
}

/* No save to continue, but game.mkrec is there: a game whose end was cut short after its save
 * was removed is finished. A recording of a game still being played is left as it is. */
static void finish_orphan(Session *s, const Rules *rules, const GameFiles *f, Highscores *scores,
                          GameStart *out)
{
    Journal j;
    char err[1400];
    if (!save_exists(f->journal) || !journal_read(f->journal, rules, &j, err, sizeof err))
        return;
    Game *g = malloc(sizeof *g);
    bool started = g && journal_start_game(&j, rules, g, err, sizeof err);
    if (started && journal_replay(&j, g, 0, j.count, err, sizeof err) &&
        g->outcome != GAME_PLAYING) {
        s->whole = true; /* the recording from its first command: kept */
        snprintf(s->began, sizeof s->began, "%s", j.header.date);
        finish_found(s, g, f, scores, out);
    }
    if (started)
        game_free(g);
    free(g);
    journal_free(&j);
}

void game_start(Game *game, Session *s, const Rules *rules, const GameFiles *f, Highscores *scores,
                GameStart *out)
{
    memset(out, 0, sizeof *out);
    memset(s, 0, sizeof *s);
    s->journal.fd = -1;
    if (!f->save[0])
        return;
    save_start(game, f->save, rules, f->may_write, &out->save);
    notice_add(out->notice, sizeof out->notice, out->save.notice);
    if (!out->save.continue_main) {
        if (f->may_write)
            finish_orphan(s, rules, f, scores, out);
        return;
    }
    session_resume(s, game, rules, f->save, f->journal, f->may_write, &out->resume);
    if (game->outcome == GAME_PLAYING) {
        out->playable = true;
        if (!f->may_write) {
            char line[1400];
            errline_format(line, sizeof line,
                           "%s cannot be written: Continue plays on, but this game is not saved.",
                           f->dir[0] ? f->dir : "The user folder");
            notice_add(out->notice, sizeof out->notice, line);
        }
        return;
    }
    finish_found(s, game, f, scores, out);
    game_free(game);
    memset(game, 0, sizeof *game);
}
