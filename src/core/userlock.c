/* The user folder's lock (userlock.h): flock on an open file, so it belongs to the open file
 * description and ends with the process, never outliving a crash. */
#define _DEFAULT_SOURCE /* flock */
#include "core/userlock.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

/* The pid the holder wrote, or 0 when the file holds none yet (it may be between its lock and
 * its write) or something else. */
static long read_holder(int fd)
{
    char buf[32];
    ssize_t n = pread(fd, buf, sizeof buf - 1, 0);
    if (n <= 0)
        return 0;
    buf[n] = '\0';
    char *end;
    errno = 0;
    long pid = strtol(buf, &end, 10);
    return errno == 0 && end != buf && (*end == '\n' || *end == '\0') && pid > 0 ? pid : 0;
}

static void write_pid(int fd)
{
    char buf[32];
    int n = snprintf(buf, sizeof buf, "%ld\n", (long)getpid());
    /* Best effort: the pid only makes a second copy's message more precise. */
    if (ftruncate(fd, 0) == 0 && pwrite(fd, buf, (size_t)n, 0) == n)
        return;
}

static UserLockStatus fail(UserLock *lock, int fd, const char *path, const char *why, char *err,
                           size_t err_size)
{
    lock->error = errno;
    if (fd >= 0)
        close(fd);
    lock->fd = -1;
    snprintf(err, err_size, "%s: %s", path, why);
    return USERLOCK_FAILED;
}

UserLockStatus userlock_take(UserLock *lock, const char *dir, long *holder, char *err,
                             size_t err_size)
{
    char path[1200];
    *holder = 0;
    lock->fd = -1;
    lock->error = 0;
    int n = snprintf(path, sizeof path, "%s/%s", dir, USERLOCK_NAME);
    if (n < 0 || (size_t)n >= sizeof path) {
        errno = ENAMETOOLONG;
        return fail(lock, -1, dir, "the path of the lock file is too long", err, err_size);
    }
    /* O_NONBLOCK: a FIFO planted at the name is refused below, not waited on. */
    int fd = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK, 0600);
    if (fd < 0)
        return fail(lock, -1, path,
                    errno == ELOOP ? "a symbolic link, not followed" : strerror(errno), err,
                    err_size);
    struct stat st;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        errno = 0;
        return fail(lock, fd, path, "not a regular file", err, err_size);
    }
    if (flock(fd, LOCK_EX | LOCK_NB) != 0) {
        if (errno != EWOULDBLOCK)
            return fail(lock, fd, path, strerror(errno), err, err_size);
        *holder = read_holder(fd);
        close(fd);
        snprintf(err, err_size, "%s: locked by another process", path);
        return USERLOCK_BUSY;
    }
    write_pid(fd);
    lock->fd = fd;
    return USERLOCK_HELD;
}

void userlock_release(UserLock *lock)
{
    if (lock->fd >= 0)
        close(lock->fd); /* closing the only descriptor of the open file drops the flock */
    lock->fd = -1;
}
