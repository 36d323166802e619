/* Recordings (journal.h): the header written, and the writer: commands appended in memory,
 * written out and synced when the caller says. */
#define _POSIX_C_SOURCE 200809L
#include "store/journal.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "core/errline.h"
#include "core/userfile.h"
#include "gen/gen.h"

#ifndef MOUSEKING_VERSION
#define MOUSEKING_VERSION "unknown"
#endif

/* ---- the header ----------------------------------------------------------------------- */

void journal_header_for(JournalHeader *h, const Game *g)
{
    memset(h, 0, sizeof *h);
    h->format = JOURNAL_FORMAT;
    snprintf(h->game_version, sizeof h->game_version, "%s", MOUSEKING_VERSION);
    h->dungeon_version = DUNGEON_VERSION;
    h->rules_hash = g->rules ? rules_hash(g->rules) : 0;
    h->seed = g->seeds.game;
    time_t now = time(NULL);
    struct tm tm;
    if (gmtime_r(&now, &tm))
        strftime(h->date, sizeof h->date, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

/* ---- the writer ----------------------------------------------------------------------- */

/* Past JOURNAL_KEEP_MAX only what is unwritten stays in memory. */
static void forget_written(JournalWriter *w)
{
    memmove(w->buf, w->buf + w->flushed, w->len - w->flushed);
    w->len -= w->flushed;
    w->flushed = 0;
    w->whole = false;
}

static void append(JournalWriter *w, const char *text, size_t n)
{
    if (w->failed)
        return;
    if (w->whole && w->len + n > JOURNAL_KEEP_MAX)
        forget_written(w);
    if (w->len + n > w->cap) {
        size_t cap = w->cap ? w->cap : 4096;
        while (cap < w->len + n)
            cap *= 2;
        char *buf = realloc(w->buf, cap);
        if (!buf) {
            w->failed = true;
            return;
        }
        w->buf = buf;
        w->cap = cap;
    }
    memcpy(w->buf + w->len, text, n);
    w->len += n;
}

static void append_check(JournalWriter *w, const Game *g)
{
    char line[80];
    int n = snprintf(line, sizeof line, "# %" PRIu64 " %" PRIu32 " %016" PRIx64 "\n", w->commands,
                     g->turn, game_state_hash(g));
    append(w, line, (size_t)n);
    w->last_check = w->commands;
}

void journal_add(JournalWriter *w, const Command *cmd, const Game *after)
{
    char line[JOURNAL_LINE_MAX + 1];
    journal_format_command(cmd, line);
    size_t n = strlen(line);
    line[n++] = '\n';
    append(w, line, n);
    w->commands++;
    if (w->commands % JOURNAL_CHECK_EVERY == 0 || (after->events & GAME_EVENT_FLOOR_CHANGED) ||
        (after->outcome != GAME_PLAYING && (after->events & (GAME_EVENT_DIED | GAME_EVENT_WON))))
        append_check(w, after);
}

void journal_add_check(JournalWriter *w, const Game *g)
{
    if (w->commands > 0 && w->last_check != w->commands)
        append_check(w, g);
}

void (*journal_test_between_writes)(void);
long (*journal_test_write)(int fd, const void *data, size_t len);

static bool write_all(int fd, const char *data, size_t len)
{
    while (len > 0) {
        /* The kill test writes a byte at a time, pausing between, to be killed mid-line. */
        size_t chunk = journal_test_between_writes ? 1 : len;
        ssize_t n = journal_test_write ? (ssize_t)journal_test_write(fd, data, chunk)
                                       : write(fd, data, chunk);
        if (n > 0 && journal_test_between_writes && (size_t)n < len)
            journal_test_between_writes();
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            if (n == 0)
                errno = ENOSPC; /* write(2) gives 0 only when nothing more fits */
            return false;
        }
        data += n;
        len -= (size_t)n;
    }
    return true;
}

bool journal_flush(JournalWriter *w, char *err, size_t err_size)
{
    if (w->failed)
        return errline_fail(err, err_size, "%s: out of memory while recording", w->path);
    if (w->fd < 0)
        return errline_fail(err, err_size, "%s: the recording is not open", w->path);
    if (w->stale)
        return errline_fail(err, err_size, "%s: a write failed; it must be written again", w->path);
    if (w->len > w->flushed && !write_all(w->fd, w->buf + w->flushed, w->len - w->flushed)) {
        int e = errno;
        w->stale = true; /* a part of it may be in the file: appending again would double it */
        return errline_fail(err, err_size, "%s: cannot write: %s", w->path, strerror(e));
    }
    w->flushed = w->len;
    if (!w->whole)
        w->len = w->flushed = 0;
    return true;
}

bool journal_sync(JournalWriter *w, char *err, size_t err_size)
{
    if (!journal_flush(w, err, err_size))
        return false;
    if (fdatasync(w->fd) != 0) {
        int e = errno;
        w->stale = true; /* what the kernel had is lost or not: write it all again */
        return errline_fail(err, err_size, "%s: cannot sync: %s", w->path, strerror(e));
    }
    return true;
}

void journal_close(JournalWriter *w)
{
    if (w->fd >= 0 && w->buf && !w->stale) {
        char ignored[8];
        journal_flush(w, ignored, sizeof ignored);
    }
    if (w->fd >= 0)
        close(w->fd);
    free(w->buf);
    w->fd = -1;
    w->buf = NULL;
    w->len = w->cap = w->flushed = 0;
    w->whole = false;
}

static void writer_reset(JournalWriter *w, const char *path, uint64_t commands)
{
    memset(w, 0, sizeof *w);
    w->fd = -1;
    w->commands = commands;
    w->last_check = commands; /* a check there, or none needed */
    snprintf(w->path, sizeof w->path, "%s", path);
}

/* fsyncs the folder holding path (best effort, as userfile does). */
static void sync_folder(const char *path)
{
    char dir[1200];
    snprintf(dir, sizeof dir, "%s", path);
    char *slash = strrchr(dir, '/');
    if (!slash)
        snprintf(dir, sizeof dir, ".");
    else if (slash == dir)
        dir[1] = '\0';
    else
        *slash = '\0';
    int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd >= 0) {
        fsync(fd);
        close(fd);
    }
}

bool journal_rewrite(JournalWriter *w, char *err, size_t err_size)
{
    char tmp[1300];
    if (w->failed)
        return errline_fail(err, err_size, "%s: out of memory while recording", w->path);
    if (!w->whole)
        return errline_fail(err, err_size, "%s: the recording is no longer all in memory", w->path);
    snprintf(tmp, sizeof tmp, "%s.tmp", w->path);
    int fd = userfile_create_new(tmp);
    if (fd < 0) {
        int e = errno;
        return errline_fail(err, err_size, "%s: cannot create: %s", tmp, strerror(e));
    }
    bool ok = write_all(fd, w->buf, w->len) && fdatasync(fd) == 0;
    int e = errno;
    if (!ok || rename(tmp, w->path) != 0) {
        e = ok ? errno : e;
        close(fd);
        unlink(tmp);
        return errline_fail(err, err_size, "%s: cannot write the recording: %s", w->path,
                            strerror(e));
    }
    sync_folder(w->path);
    if (w->fd >= 0)
        close(w->fd);
    w->fd = fd; /* the descriptor follows the file through the rename */
    w->flushed = w->len;
    w->stale = false;
    return true;
}

bool journal_create(JournalWriter *w, const char *path, const JournalHeader *h, char *err,
                    size_t err_size)
{
    writer_reset(w, path, 0);
    if (strlen(path) >= sizeof w->path || strlen(path) + 5 > 1300)
        return errline_fail(err, err_size, "%s: the path is too long", path);
    char *line = journal_header_line(h);
    if (!line)
        return errline_fail(err, err_size, "%s: out of memory", path);
    w->whole = true; /* held from the header on: a failed write can be made good */
    append(w, line, strlen(line));
    append(w, "\n", 1);
    free(line);
    if (journal_rewrite(w, err, err_size))
        return true;
    journal_close(w);
    return false;
}

bool journal_open_append(JournalWriter *w, const char *path, uint64_t commands, uint64_t checked,
                         char *err, size_t err_size)
{
    writer_reset(w, path, commands);
    w->last_check = checked;
    if (strlen(path) >= sizeof w->path)
        return errline_fail(err, err_size, "%s: the path is too long", path);
    int fd = open(path, O_WRONLY | O_APPEND | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0) {
        int e = errno;
        return errline_fail(err, err_size, "%s: cannot open to append: %s", path, strerror(e));
    }
    struct stat st;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        close(fd);
        return errline_fail(err, err_size, "%s: not a regular file", path);
    }
    w->fd = fd;
    /* What is there, read back to be written again after a failed write; a file too large to
     * hold is appended to all the same, without that. */
    char ignored[8];
    size_t len = 0;
    char *text = userfile_read(path, JOURNAL_KEEP_MAX, &len, NULL, ignored, sizeof ignored);
    if (text && (off_t)len == st.st_size) {
        w->buf = text;
        w->len = w->cap = w->flushed = len;
        w->whole = true;
    } else {
        free(text);
    }
    return true;
}
