/* Recordings (journal.h): the reader. A file is read a block at a time and each whole line
 * is taken as it comes, so memory holds the commands and checksums, never the text. Only the
 * last line may be cut short (a crash while writing); every other line is a command or a
 * checksum in its place, or the recording is refused naming the line. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/errline.h"
#include "store/journal.h"

enum { READ_BLOCK = 64 * 1024, QUOTE_MAX = 40 };

typedef struct Reader {
    Journal *j;
    const char *name;
    const Rules *rules;
    size_t cmd_cap, check_cap;
    char *err;
    size_t err_size;
} Reader;

void journal_free(Journal *j)
{
    free(j->cmds);
    free(j->checks);
    memset(j, 0, sizeof *j);
}

/* "NAME: line N: ..." of the line being read (the one after the whole lines so far). */
__attribute__((format(printf, 2, 3))) static bool line_fail(Reader *r, const char *fmt, ...)
{
    char what[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    return errline_fail(r->err, r->err_size, "%s: line %zu: %s", r->name, r->j->lines + 1, what);
}

static bool parse_hex16(const char *s, const char *end, uint64_t *out)
{
    if (end - s != 16)
        return false;
    uint64_t v = 0;
    for (; s < end; s++) {
        int d = *s >= '0' && *s <= '9' ? *s - '0' : *s >= 'a' && *s <= 'f' ? *s - 'a' + 10 : -1;
        if (d < 0)
            return false;
        v = v << 4 | (uint64_t)d;
    }
    *out = v;
    return true;
}

/* "# N T HASH" (N is checked against the commands read by the caller). */
static bool parse_check(const char *line, size_t len, JournalCheck *out)
{
    const char *p = line + 2, *end = line + len;
    if (len < 2 || line[0] != '#' || line[1] != ' ')
        return false;
    uint64_t v[2];
    for (int i = 0; i < 2; i++) {
        const char *start = p;
        uint64_t n = 0;
        while (p < end && *p >= '0' && *p <= '9' && p - start < 20) {
            uint64_t next = n * 10 + (uint64_t)(*p - '0');
            if (next / 10 != n)
                return false;
            n = next;
            p++;
        }
        if (p == start || (p - start > 1 && *start == '0') || p >= end || *p != ' ')
            return false;
        p++;
        v[i] = n;
    }
    if (v[1] > UINT32_MAX || !parse_hex16(p, end, &out->hash))
        return false;
    out->commands = v[0];
    out->turn = (uint32_t)v[1];
    return true;
}

static bool grow(void **array, size_t *cap, size_t need, size_t size)
{
    if (need <= *cap)
        return true;
    size_t n = *cap ? *cap * 2 : 1024;
    while (n < need)
        n *= 2;
    void *p = realloc(*array, n * size);
    if (!p)
        return false;
    *array = p;
    *cap = n;
    return true;
}

static bool read_check(Reader *r, const char *line, size_t n)
{
    Journal *j = r->j;
    JournalCheck check;
    if (!parse_check(line, n, &check))
        return line_fail(r, "not a checksum line: '%.*s'", (int)(n < QUOTE_MAX ? n : QUOTE_MAX),
                         line);
    if (j->count == 0)
        return line_fail(r, "a checksum before any command");
    if (check.commands != j->count)
        return line_fail(r, "the checksum of command %llu, but %zu commands come before it",
                         (unsigned long long)check.commands, j->count);
    if (j->check_count > 0 && j->checks[j->check_count - 1].commands == check.commands)
        return line_fail(r, "a second checksum of command %zu", j->count);
    if (!grow((void **)&j->checks, &r->check_cap, j->check_count + 1, sizeof check))
        return line_fail(r, "out of memory");
    j->checks[j->check_count++] = check;
    return true;
}

static bool read_command(Reader *r, const char *line, size_t n)
{
    Journal *j = r->j;
    Command cmd;
    if (!journal_parse_command(line, n, &cmd))
        return line_fail(r, "not a command or a checksum: '%.*s'",
                         (int)(n < QUOTE_MAX ? n : QUOTE_MAX), line);
    /* Exactly as the writer puts it: "m 01 -0" is "m 1 0" changed. */
    char again[JOURNAL_LINE_MAX];
    journal_format_command(&cmd, again);
    if (strlen(again) != n || memcmp(again, line, n) != 0)
        return line_fail(r, "'%.*s' is not a command as the game writes it ('%s')",
                         (int)(n < QUOTE_MAX ? n : QUOTE_MAX), line, again);
    if (j->count >= JOURNAL_COMMANDS_MAX)
        return line_fail(r,
                         "more than %d commands; a recording holds at most that many (a won game "
                         "has about 10,000)",
                         JOURNAL_COMMANDS_MAX);
    if (!grow((void **)&j->cmds, &r->cmd_cap, j->count + 1, sizeof cmd))
        return line_fail(r, "out of memory");
    j->cmds[j->count++] = cmd;
    return true;
}

/* One whole line, without its '\n'. */
static bool read_line(Reader *r, const char *line, size_t n)
{
    bool ok;
    if (n > 0 && line[n - 1] == '\r')
        ok = line_fail(r, "ends in \\r\\n (CRLF); a recording's lines end in \\n alone");
    else if (r->j->lines == 0)
        ok = journal_parse_header(line, n, r->name, r->rules, &r->j->header, r->err, r->err_size);
    else if (n > JOURNAL_TEXT_LINE_MAX)
        ok = line_fail(r, "%zu bytes long; no line of a recording is longer than %d", n,
                       JOURNAL_TEXT_LINE_MAX);
    else if (n == 0)
        ok = line_fail(r, "an empty line");
    else if (line[0] == '{')
        ok = line_fail(r, "a second header");
    else
        ok = line[0] == '#' ? read_check(r, line, n) : read_command(r, line, n);
    if (ok) {
        r->j->lines++;
        r->j->good_bytes += n + 1;
    }
    return ok;
}

/* What is left after the last whole line: nothing, or a torn last line. */
static bool read_end(Reader *r, size_t rest)
{
    if (r->j->lines == 0)
        return errline_fail(r->err, r->err_size, "%s: not a Mouse King recording", r->name);
    r->j->torn = rest > 0;
    return true;
}

static bool reader_done(Reader *r, bool ok)
{
    if (!ok)
        journal_free(r->j);
    return ok;
}

bool journal_parse(const char *text, size_t len, const char *name, const Rules *rules, Journal *out,
                   char *err, size_t err_size)
{
    memset(out, 0, sizeof *out);
    Reader r = {.j = out, .name = name, .rules = rules, .err = err, .err_size = err_size};
    size_t pos = 0;
    for (const char *nl; pos < len && (nl = memchr(text + pos, '\n', len - pos)) != NULL;) {
        if (!read_line(&r, text + pos, (size_t)(nl - (text + pos))))
            return reader_done(&r, false);
        pos = (size_t)(nl - text) + 1;
    }
    return reader_done(&r, read_end(&r, len - pos));
}

/* Opens a recording to read: a regular file reached without a link, as the other user files
 * (core/userfile.c); -1 with err set otherwise. */
static int open_recording(const char *path, char *err, size_t err_size)
{
    int fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK);
    struct stat st;
    if (fd < 0) {
        int e = errno;
        if (e == ELOOP && lstat(path, &st) == 0 && S_ISLNK(st.st_mode))
            errline_fail(err, err_size,
                         "%s: is a symbolic link; recordings are not read through links", path);
        else
            errline_fail(err, err_size, "%s: cannot open: %s", path, strerror(e));
        return -1;
    }
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        close(fd);
        errline_fail(err, err_size, "%s: not a regular file", path);
        return -1;
    }
    if (st.st_size > JOURNAL_FILE_MAX) {
        close(fd);
        errline_fail(err, err_size, "%s: %lld bytes; a recording may have at most %d (%d commands)",
                     path, (long long)st.st_size, JOURNAL_FILE_MAX, JOURNAL_COMMANDS_MAX);
        return -1;
    }
    return fd;
}

/* The whole lines in buf[0..have), each given to read_line; what is left moves to the front.
 * `skipped` counts the bytes of a line too long for the block, thrown away as they came. */
static bool read_block(Reader *r, char *buf, size_t *have, size_t *skipped)
{
    size_t pos = 0;
    for (char *nl; (nl = memchr(buf + pos, '\n', *have - pos)) != NULL;) {
        size_t n = (size_t)(nl - (buf + pos));
        if (*skipped)
            return line_fail(r, "%zu bytes long; no line of a recording is longer than %d",
                             *skipped + n, JOURNAL_TEXT_LINE_MAX);
        if (!read_line(r, buf + pos, n))
            return false;
        pos += n + 1;
    }
    memmove(buf, buf + pos, *have - pos);
    *have -= pos;
    if (*have == READ_BLOCK) {
        *skipped += *have;
        *have = 0;
    }
    return true;
}

bool journal_read(const char *path, const Rules *rules, Journal *out, char *err, size_t err_size)
{
    memset(out, 0, sizeof *out);
    int fd = open_recording(path, err, err_size);
    if (fd < 0)
        return false;
    Reader r = {.j = out, .name = path, .rules = rules, .err = err, .err_size = err_size};
    char *buf = malloc(READ_BLOCK);
    size_t have = 0, skipped = 0, total = 0;
    bool ok = buf != NULL || errline_fail(err, err_size, "%s: out of memory", path);
    while (ok) {
        ssize_t n = read(fd, buf + have, READ_BLOCK - have);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            ok = errline_fail(err, err_size, "%s: cannot read: %s", path, strerror(errno));
        if (n <= 0)
            break;
        have += (size_t)n;
        total += (size_t)n;
        if (total > JOURNAL_FILE_MAX) /* it grew while read */
            ok = errline_fail(err, err_size, "%s: more than %d bytes", path, JOURNAL_FILE_MAX);
        else
            ok = read_block(&r, buf, &have, &skipped);
    }
    free(buf);
    close(fd);
    return reader_done(&r, ok && read_end(&r, have + skipped));
}

/* ---- where each record stands ---------------------------------------------------------- */

size_t journal_check_line(const Journal *j, size_t k)
{
    return 2 + (size_t)j->checks[k].commands + k;
}

size_t journal_command_line(const Journal *j, size_t i)
{
    size_t lo = 0, hi = j->check_count; /* the checks of commands <= i: [0, lo) */
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (j->checks[mid].commands <= i)
            lo = mid + 1;
        else
            hi = mid;
    }
    return 2 + i + lo;
}

bool journal_closed(const Journal *j, const char *name, char *err, size_t err_size)
{
    size_t checked = j->check_count ? (size_t)j->checks[j->check_count - 1].commands : 0;
    if (checked == j->count)
        return true;
    return errline_fail(err, err_size,
                        "%s: line %zu: no checksum follows the last %zu commands (from this "
                        "line on), so nothing checks them: a game still in play or cut short "
                        "by a crash, or lines added",
                        name, journal_command_line(j, checked), j->count - checked);
}
