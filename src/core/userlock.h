/* One running copy per user folder: an exclusive flock on a file in the data folder, held for
 * the life of the process. A second copy on the same folder is refused and learns the first
 * one's process id, to say who holds it. The kernel drops the lock when its holder ends, however
 * it ends (a crash or SIGKILL included), so a stale lock file never locks anyone out. No SDL. */
#ifndef MK_USERLOCK_H
#define MK_USERLOCK_H

#include <stdbool.h>
#include <stddef.h>

#define USERLOCK_NAME "mouseking.lock"

typedef enum UserLockStatus {
    USERLOCK_HELD,  /* ours until userlock_release or the process ends */
    USERLOCK_BUSY,  /* another open of the file holds it: *holder is its pid (0: not known) */
    USERLOCK_FAILED /* no lock could be taken (err says why): a link or a FIFO at the name, a
                       folder that cannot be written, a file system without locks */
} UserLockStatus;

typedef struct UserLock {
    int fd;    /* -1 when not held */
    int error; /* USERLOCK_FAILED: the errno of the failure (0: not an errno, such as a FIFO) */
} UserLock;

/* Opens DIR/mouseking.lock (made new with mode 0600 if missing, never through a link, closed
 * on exec) and locks it without waiting. Held: the file is made to hold our pid and a newline,
 * for the message of a second copy. Busy: the file is not written. */
UserLockStatus userlock_take(UserLock *lock, const char *dir, long *holder, char *err,
                             size_t err_size);

/* Lets the lock go (closing the file); nothing when not held. The file stays: removing it
 * would let a copy starting at that moment lock a file of the same name nobody else sees. */
void userlock_release(UserLock *lock);

#endif
