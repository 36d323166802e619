#define _POSIX_C_SOURCE 200809L /* fsync, link, O_DIRECTORY, localtime_r */
#include "core/userfile.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

bool (*userfile_test_fail_before_rename)(const char *path) = NULL;

enum { NAME_MAX_BYTES = 4096 };

__attribute__((format(printf, 3, 4))) static void say(char *err, size_t err_size, const char *fmt,
                                                      ...)
{
    if (!err || err_size == 0)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, err_size, fmt, ap);
    va_end(ap);
}

/* path + suffix into out; false when it does not fit. */
static bool with_suffix(char *out, size_t size, const char *path, const char *suffix)
{
    int n = snprintf(out, size, "%s%s", path, suffix);
    return n >= 0 && (size_t)n < size;
}

static bool write_all(const char *path, const char *data, size_t len)
{
    FILE *f = fopen(path, "wb");
    if (!f)
        return false;
    bool ok = fwrite(data, 1, len, f) == len && fflush(f) == 0 && fsync(fileno(f)) == 0;
    int saved = errno;
    if (fclose(f) != 0 && ok) {
        saved = errno;
        ok = false;
    }
    errno = saved;
    return ok;
}

/* A byte copy, for file systems without hard links. */
static bool copy_file(const char *from, const char *to)
{
    FILE *in = fopen(from, "rb");
    if (!in)
        return false;
    FILE *out = fopen(to, "wb");
    if (!out) {
        int saved = errno;
        fclose(in);
        errno = saved;
        return false;
    }
    char buf[8192];
    size_t n;
    bool ok = true;
    while (ok && (n = fread(buf, 1, sizeof buf, in)) > 0)
        ok = fwrite(buf, 1, n, out) == n;
    ok = ok && !ferror(in) && fflush(out) == 0 && fsync(fileno(out)) == 0;
    int saved = errno;
    fclose(in);
    if (fclose(out) != 0 && ok) {
        saved = errno;
        ok = false;
    }
    errno = saved;
    return ok;
}

/* Keeps the current file as path.bak; nothing to do when there is no current file. */
static bool keep_backup(const char *path, const char *bak)
{
    struct stat st;
    if (lstat(path, &st) != 0)
        return errno == ENOENT;
    if (unlink(bak) != 0 && errno != ENOENT)
        return false;
    return link(path, bak) == 0 || copy_file(path, bak);
}

static void sync_folder_of(const char *path)
{
    char dir[NAME_MAX_BYTES];
    const char *slash = strrchr(path, '/');
    if (!slash)
        snprintf(dir, sizeof dir, ".");
    else if (slash == path)
        snprintf(dir, sizeof dir, "/");
    else
        snprintf(dir, sizeof dir, "%.*s", (int)(slash - path), path);
    int fd = open(dir, O_RDONLY | O_DIRECTORY);
    if (fd < 0)
        return;
    (void)fsync(fd); /* EINVAL on file systems that cannot; the rename is done either way */
    close(fd);
}

bool userfile_write(const char *path, const char *data, size_t len, char *err, size_t err_size)
{
    char tmp[NAME_MAX_BYTES], bak[NAME_MAX_BYTES];
    if (!with_suffix(tmp, sizeof tmp, path, ".tmp") ||
        !with_suffix(bak, sizeof bak, path, ".bak")) {
        say(err, err_size, "%.200s...: the path is too long", path);
        return false;
    }
    if (!write_all(tmp, data, len)) {
        say(err, err_size, "%s: cannot write the new version (%s): %s", path, tmp, strerror(errno));
        unlink(tmp);
        return false;
    }
    if (userfile_test_fail_before_rename && userfile_test_fail_before_rename(path)) {
        say(err, err_size, "%s: simulated crash before the rename", path);
        return false; /* as a crash would: the .tmp stays, the file is as it was */
    }
    if (!keep_backup(path, bak)) {
        say(err, err_size, "%s: cannot keep the previous version as %s: %s", path, bak,
            strerror(errno));
        unlink(tmp);
        return false;
    }
    if (rename(tmp, path) != 0) {
        say(err, err_size, "%s: cannot replace it with %s: %s", path, tmp, strerror(errno));
        unlink(tmp);
        return false;
    }
    sync_folder_of(path);
    return true;
}

bool userfile_write_text(const char *path, char *text, char *err, size_t err_size)
{
    if (!text) {
        say(err, err_size, "%s: out of memory", path);
        return false;
    }
    bool ok = userfile_write(path, text, strlen(text), err, err_size);
    free(text);
    return ok;
}

static char *read_failed(UserfileRead *status, UserfileRead why, FILE *f)
{
    if (status)
        *status = why;
    if (f)
        fclose(f);
    return NULL;
}

char *userfile_read(const char *path, size_t max_bytes, size_t *len, UserfileRead *status,
                    char *err, size_t err_size)
{
    *len = 0;
    FILE *f = fopen(path, "rb");
    if (!f) {
        bool missing = errno == ENOENT;
        say(err, err_size, "%s: %s", path, strerror(errno));
        return read_failed(status, missing ? USERFILE_MISSING : USERFILE_UNREADABLE, NULL);
    }
    struct stat st;
    if (fstat(fileno(f), &st) != 0) {
        say(err, err_size, "%s: %s", path, strerror(errno));
        return read_failed(status, USERFILE_UNREADABLE, f);
    }
    if (!S_ISREG(st.st_mode)) {
        say(err, err_size, "%s: %s", path,
            S_ISDIR(st.st_mode) ? "is a folder, not a file" : "not a regular file");
        return read_failed(status, USERFILE_UNREADABLE, f);
    }
    if ((unsigned long long)st.st_size > max_bytes) {
        say(err, err_size, "%s: %lld bytes, more than the %zu allowed", path, (long long)st.st_size,
            max_bytes);
        return read_failed(status, USERFILE_TOO_LARGE, f);
    }
    /* Read one byte past the limit: the file may have grown since fstat. */
    char *text = malloc(max_bytes + 2);
    if (!text) {
        say(err, err_size, "%s: out of memory", path);
        return read_failed(status, USERFILE_UNREADABLE, f);
    }
    size_t n = fread(text, 1, max_bytes + 1, f);
    bool failed = ferror(f);
    int saved = errno;
    if (failed || n > max_bytes) {
        free(text);
        if (failed)
            say(err, err_size, "%s: %s", path, strerror(saved));
        else
            say(err, err_size, "%s: more than the %zu bytes allowed", path, max_bytes);
        return read_failed(status, failed ? USERFILE_UNREADABLE : USERFILE_TOO_LARGE, f);
    }
    fclose(f);
    text[n] = '\0';
    *len = n;
    if (status)
        *status = USERFILE_READ_OK;
    return text;
}

bool userfile_move_aside(const char *path, char *moved_to, size_t moved_to_size, char *err,
                         size_t err_size)
{
    time_t now = time(NULL);
    struct tm tm;
    char stamp[32] = "unknown-time";
    if (localtime_r(&now, &tm))
        strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tm);
    char name[NAME_MAX_BYTES];
    for (int i = 1; i <= 1000; i++) {
        char suffix[64];
        if (i == 1)
            snprintf(suffix, sizeof suffix, ".damaged-%s", stamp);
        else
            snprintf(suffix, sizeof suffix, ".damaged-%s-%d", stamp, i);
        if (!with_suffix(name, sizeof name, path, suffix)) {
            say(err, err_size, "%.200s...: the path is too long", path);
            return false;
        }
        struct stat st;
        if (lstat(name, &st) == 0)
            continue; /* taken: never overwrite an earlier damaged file */
        if (rename(path, name) != 0) {
            say(err, err_size, "%s: cannot move it aside to %s: %s", path, name, strerror(errno));
            return false;
        }
        if (moved_to && moved_to_size > 0)
            snprintf(moved_to, moved_to_size, "%s", name);
        return true;
    }
    say(err, err_size, "%s: cannot move it aside: 1000 damaged copies already there", path);
    return false;
}

void userfile_set_aside(const char *path, const char *problem, const char *then, char *msg,
                        size_t msg_size)
{
    char moved[1024], why[512];
    if (userfile_move_aside(path, moved, sizeof moved, why, sizeof why))
        snprintf(msg, msg_size, "%s; kept as %s, %s", problem, moved, then);
    else
        snprintf(msg, msg_size, "%s; %s; it could not be moved aside: %s", problem, then, why);
}
