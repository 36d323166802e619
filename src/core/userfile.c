/* _GNU_SOURCE for renameat2's RENAME_NOREPLACE (glibc 2.28); without it, a plain rename after
 * an lstat check. POSIX: fsync, link, O_DIRECTORY, O_NOFOLLOW, O_CLOEXEC, localtime_r. */
#define _GNU_SOURCE
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
bool (*userfile_test_refuse)(const char *path, const char *call) = NULL;

enum { NAME_MAX_BYTES = 4096, COPY_CHUNK = 8192 };

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

/* The test hook: true (errno EACCES) when the test says this call fails on this file. */
static bool refused(const char *path, const char *call)
{
    if (!userfile_test_refuse || !userfile_test_refuse(path, call))
        return false;
    errno = EACCES;
    return true;
}

bool userfile_make_dir(const char *path, char *err, size_t err_size)
{
    if (mkdir(path, 0700) == 0)
        return true;
    int why = errno;
    struct stat st;
    if (why == EEXIST && lstat(path, &st) == 0) {
        if (S_ISDIR(st.st_mode))
            return true;
        snprintf(err, err_size, "%s: not a folder", path);
        return false;
    }
    snprintf(err, err_size, "%s: cannot make the folder: %s", path, strerror(why));
    return false;
}

int userfile_create_new(const char *path)
{
    if (unlink(path) != 0 && errno != ENOENT)
        return -1;
    return open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
}

static bool write_fd(int fd, const char *data, size_t len)
{
    while (len > 0) {
        ssize_t n = write(fd, data, len);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            return false;
        data += n;
        len -= (size_t)n;
    }
    return true;
}

/* Syncs (when ok so far) and closes fd; errno is the first failure's. */
static bool finish_fd(int fd, bool ok)
{
    ok = ok && fsync(fd) == 0;
    int saved = errno;
    if (close(fd) != 0 && ok) {
        saved = errno;
        ok = false;
    }
    errno = saved;
    return ok;
}

static bool write_all(const char *path, const char *data, size_t len)
{
    int fd = userfile_create_new(path);
    return fd >= 0 && finish_fd(fd, write_fd(fd, data, len));
}

/* The file at `path` for reading, only when it is a regular file reached without a final
 * link: O_NONBLOCK so that a FIFO does not wait for a writer, then fstat. Else -1 with errno
 * set: ELOOP for a link, EISDIR for a folder, EINVAL for anything else. */
static int open_regular(const char *path, struct stat *st)
{
    int fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0)
        return -1;
    int why = 0;
    if (fstat(fd, st) != 0)
        why = errno;
    else if (!S_ISREG(st->st_mode))
        why = S_ISDIR(st->st_mode) ? EISDIR : EINVAL;
    if (why == 0)
        return fd;
    close(fd);
    errno = why;
    return -1;
}

/* A byte copy, for file systems without hard links. `to` is made new (userfile_create_new). */
static bool copy_file(const char *from, const char *to)
{
    struct stat st;
    int in = open_regular(from, &st);
    if (in < 0)
        return false;
    int out = userfile_create_new(to);
    if (out < 0) {
        int saved = errno;
        close(in);
        errno = saved;
        return false;
    }
    char buf[COPY_CHUNK];
    ssize_t n;
    bool ok = true;
    while (ok && ((n = read(in, buf, sizeof buf)) > 0 || (n < 0 && errno == EINTR)))
        ok = n < 0 || write_fd(out, buf, (size_t)n);
    ok = ok && n == 0;
    int saved = errno;
    close(in);
    errno = saved;
    return finish_fd(out, ok);
}

/* Keeps the current file as path.bak; nothing to do when there is no current file. A hard
 * link first, else a copy. When neither works (another user's unreadable file: protected
 * hard links refuse the link, its mode the copy) the file itself is renamed to path.bak, so
 * its bytes survive and the new version can still go in; *moved then tells the caller to put
 * it back if that fails. A folder there is left alone: it is nothing this game wrote. */
static bool keep_backup(const char *path, const char *bak, bool *moved)
{
    *moved = false;
    struct stat st;
    if (lstat(path, &st) != 0)
        return errno == ENOENT;
    if (unlink(bak) != 0 && errno != ENOENT)
        return false;
    if (!refused(path, "link") && link(path, bak) == 0)
        return true;
    if (!refused(path, "copy") && copy_file(path, bak))
        return true;
    int why = errno;
    unlink(bak); /* a partial copy */
    if (!S_ISREG(st.st_mode)) {
        errno = why;
        return false;
    }
    if (rename(path, bak) != 0)
        return false;
    *moved = true;
    return true;
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
    bool moved;
    if (!keep_backup(path, bak, &moved)) {
        say(err, err_size, "%s: cannot keep the previous version as %s: %s", path, bak,
            strerror(errno));
        unlink(tmp);
        return false;
    }
    if (rename(tmp, path) != 0) {
        say(err, err_size, "%s: cannot replace it with %s: %s", path, tmp, strerror(errno));
        if (moved)
            rename(bak, path); /* the old file back under its name */
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

static char *read_failed(UserfileRead *status, UserfileRead why, int fd)
{
    if (status)
        *status = why;
    if (fd >= 0)
        close(fd);
    return NULL;
}

/* Reads up to size bytes; fewer only at the end of the file. -1 on an error. */
static ssize_t read_fd(int fd, char *buf, size_t size)
{
    size_t got = 0;
    while (got < size) {
        ssize_t n = read(fd, buf + got, size - got);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            return -1;
        if (n == 0)
            break;
        got += (size_t)n;
    }
    return (ssize_t)got;
}

char *userfile_read(const char *path, size_t max_bytes, size_t *len, UserfileRead *status,
                    char *err, size_t err_size)
{
    *len = 0;
    struct stat st;
    int fd = open_regular(path, &st);
    if (fd < 0) {
        int why = errno;
        struct stat link_st;
        if (why == ENOENT) {
            say(err, err_size, "%s: %s", path, strerror(why));
            return read_failed(status, USERFILE_MISSING, -1);
        }
        if (why == ELOOP && lstat(path, &link_st) == 0 && S_ISLNK(link_st.st_mode))
            say(err, err_size, "%s: is a symbolic link; user files are not read through links",
                path);
        else if (why == EISDIR)
            say(err, err_size, "%s: is a folder, not a file", path);
        else if (why == EINVAL)
            say(err, err_size, "%s: not a regular file", path);
        else
            say(err, err_size, "%s: %s", path, strerror(why));
        return read_failed(status, USERFILE_UNREADABLE, -1);
    }
    if ((unsigned long long)st.st_size > max_bytes) {
        say(err, err_size, "%s: %lld bytes, more than the %zu allowed", path, (long long)st.st_size,
            max_bytes);
        return read_failed(status, USERFILE_TOO_LARGE, fd);
    }
    /* Read one byte past the limit: the file may have grown since fstat. */
    char *text = malloc(max_bytes + 2);
    if (!text) {
        say(err, err_size, "%s: out of memory", path);
        return read_failed(status, USERFILE_UNREADABLE, fd);
    }
    ssize_t n = read_fd(fd, text, max_bytes + 1);
    if (n < 0 || (size_t)n > max_bytes) {
        if (n < 0)
            say(err, err_size, "%s: %s", path, strerror(errno));
        else
            say(err, err_size, "%s: more than the %zu bytes allowed", path, max_bytes);
        free(text);
        return read_failed(status, n < 0 ? USERFILE_UNREADABLE : USERFILE_TOO_LARGE, fd);
    }
    close(fd);
    text[n] = '\0';
    *len = (size_t)n;
    if (status)
        *status = USERFILE_READ_OK;
    return text;
}

/* A label goes into a file name: letters, digits, '-' and '_' only, so it can name no other
 * folder and no hidden file. */
static bool label_ok(const char *label)
{
    size_t n = strlen(label);
    if (n == 0 || n > USERFILE_LABEL_MAX)
        return false;
    for (size_t i = 0; i < n; i++) {
        char c = label[i];
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
              c == '-' || c == '_'))
            return false;
    }
    return true;
}

/* rename that never replaces `to`: where the kernel can say so (RENAME_NOREPLACE), else an
 * lstat just before (the caller's) and a plain rename. */
static int rename_new(const char *from, const char *to)
{
#ifdef RENAME_NOREPLACE
    if (renameat2(AT_FDCWD, from, AT_FDCWD, to, RENAME_NOREPLACE) == 0)
        return 0;
    if (errno != EINVAL && errno != ENOSYS) /* else the file system cannot: fall back */
        return -1;
#endif
    return rename(from, to);
}

bool userfile_move_aside_as(const char *path, const char *label, char *moved_to,
                            size_t moved_to_size, char *err, size_t err_size)
{
    if (!label_ok(label)) {
        say(err, err_size, "%s: cannot move it aside as '%.40s': not a usable label", path, label);
        return false;
    }
    time_t now = time(NULL);
    struct tm tm;
    char stamp[32] = "unknown-time";
    if (localtime_r(&now, &tm))
        strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tm);
    char name[NAME_MAX_BYTES];
    for (int i = 1; i <= 1000; i++) {
        char suffix[96];
        if (i == 1)
            snprintf(suffix, sizeof suffix, ".%s-%s", label, stamp);
        else
            snprintf(suffix, sizeof suffix, ".%s-%s-%d", label, stamp, i);
        if (!with_suffix(name, sizeof name, path, suffix)) {
            say(err, err_size, "%.200s...: the path is too long", path);
            return false;
        }
        if (moved_to && moved_to_size > 0 && strlen(name) >= moved_to_size) {
            /* Checked before the move: a cut name would send the player to another file. */
            say(err, err_size, "%s: cannot move it aside: its new name would not fit in %zu bytes",
                path, moved_to_size);
            return false;
        }
        struct stat st;
        if (lstat(name, &st) == 0)
            continue; /* taken: never overwrite an earlier copy */
        if (rename_new(path, name) != 0) {
            if (errno == EEXIST)
                continue; /* taken since the lstat */
            say(err, err_size, "%s: cannot move it aside to %s: %s", path, name, strerror(errno));
            return false;
        }
        if (moved_to && moved_to_size > 0)
            snprintf(moved_to, moved_to_size, "%s", name);
        return true;
    }
    say(err, err_size, "%s: cannot move it aside: 1000 %s copies already there", path, label);
    return false;
}

bool userfile_move_aside(const char *path, char *moved_to, size_t moved_to_size, char *err,
                         size_t err_size)
{
    return userfile_move_aside_as(path, "damaged", moved_to, moved_to_size, err, err_size);
}

void userfile_set_aside(const char *path, const char *problem, const char *then, char *msg,
                        size_t msg_size)
{
    char moved[NAME_MAX_BYTES], why[NAME_MAX_BYTES + 200];
    if (userfile_move_aside(path, moved, sizeof moved, why, sizeof why))
        snprintf(msg, msg_size, "%s; kept as %s, %s", problem, moved, then);
    else
        snprintf(msg, msg_size, "%s; %s; it could not be moved aside: %s", problem, then, why);
}
