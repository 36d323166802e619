/* The player's own files (save, highscores, options): written so that a crash, a full disk or
 * a pulled plug never loses the last good version, read with a size limit, and a damaged file
 * put aside rather than deleted. No SDL; POSIX file calls.
 *
 * Every function that can fail writes one line into err (never more than err_size bytes,
 * always NUL-terminated when err_size > 0) naming the file and the reason. */
#ifndef MK_USERFILE_H
#define MK_USERFILE_H

#include <stdbool.h>
#include <stddef.h>

/* Replaces `path` with `len` bytes of `data`, all or nothing:
 *   1. writes `path.tmp` (made new, mode 0600: whatever was there, a link included, is
 *      removed first, never written through), flushes and fsyncs it;
 *   2. keeps the current `path` (if any) as `path.bak` (a hard link, or a copy made new where
 *      the file system has no links), so the previous version survives until the next
 *      write; when it can be neither linked nor copied (another user's unreadable file) it is
 *      renamed to `path.bak` instead, so the new version still goes in and nothing is lost;
 *   3. renames `path.tmp` over `path` (atomic) and fsyncs the folder (best effort: some file
 *      systems cannot sync a folder, and by then the new file is in place).
 * On failure `path` is untouched, `path.tmp` is removed, and false is returned. */
bool userfile_write(const char *path, const char *data, size_t len, char *err, size_t err_size);

/* A new file at `path` for writing (O_WRONLY, mode 0600 before the umask), as a descriptor,
 * or -1 with errno set. Whatever was at that name (a crash's leftover, or a link someone
 * planted to make the game overwrite the file it points to) is removed first, never written
 * through: unlink removes a link itself, and O_EXCL|O_NOFOLLOW refuse anything that appears
 * in between. For the user folder's files that userfile_write does not make (screenshots). */
int userfile_create_new(const char *path);

/* Makes the folder `path` (mode 0700 before the umask) unless a folder is already there; a
 * symbolic link or anything else at that name is refused, never followed. */
bool userfile_make_dir(const char *path, char *err, size_t err_size);

/* userfile_write for text a serializer just made: takes the malloc'd, NUL-terminated `text`
 * and frees it; NULL (the serializer ran out of memory) fails with "path: out of memory". */
bool userfile_write_text(const char *path, char *text, char *err, size_t err_size);

/* Why userfile_read returned what it did. */
typedef enum UserfileRead {
    USERFILE_READ_OK,
    USERFILE_MISSING,   /* no such file: for a user file that is normal (first start) */
    USERFILE_TOO_LARGE, /* over max_bytes: not a file this game wrote, so damaged */
    USERFILE_UNREADABLE /* anything else (permissions, a folder, a FIFO, a symbolic link, I/O):
                           the file may be fine */
} UserfileRead;

/* The whole file, NUL-terminated (the NUL is not counted in *len), to be freed by the caller,
 * or NULL; *status (may be NULL) says which case it is, and err says what happened whenever
 * NULL is returned (a missing file too). Files larger than max_bytes are refused, naming their
 * size. Only a regular file is read: a symbolic link at `path` is not followed (the file it
 * names may be anyone's), and a FIFO or device is refused without waiting on it. */
char *userfile_read(const char *path, size_t max_bytes, size_t *len, UserfileRead *status,
                    char *err, size_t err_size);

enum { USERFILE_LABEL_MAX = 32 };

/* Puts a file aside, never deleting it: renames it to `path.<label>-YYYYMMDD-HHMMSS` (local
 * time), or `...-HHMMSS-2`, `-3`... when that name is taken; an existing name is never
 * replaced. The label is 1 to USERFILE_LABEL_MAX letters, digits, '-' or '_'. The new name
 * goes into moved_to (may be NULL); when it would not fit there, nothing is moved. */
bool userfile_move_aside_as(const char *path, const char *label, char *moved_to,
                            size_t moved_to_size, char *err, size_t err_size);

/* userfile_move_aside_as with the label "damaged", so the player can send the file in. */
bool userfile_move_aside(const char *path, char *moved_to, size_t moved_to_size, char *err,
                         size_t err_size);

/* What the loaders do with a damaged file: move it aside and say so in one line,
 * "<problem>; kept as <new name>, <then>", or "<problem>; <then>; it could not be moved aside:
 * <why>" when the rename failed. */
void userfile_set_aside(const char *path, const char *problem, const char *then, char *msg,
                        size_t msg_size);

/* Test hook, NULL in the game. When set, userfile_write calls it once `path.tmp` is complete
 * and synced, just before the backup and the rename; returning true simulates a crash at that
 * point: userfile_write stops at once and returns false ("simulated crash"), leaving
 * `path.tmp` on disk as a real crash would, and `path` and `path.bak` as they were. */
extern bool (*userfile_test_fail_before_rename)(const char *path);

/* Test hook, NULL in the game. userfile_write asks it before the calls that keep the backup,
 * `call` being "link" or "copy"; returning true makes that call fail with EACCES, as a
 * mode-000 file of another user does under protected hard links (root, who runs the tests,
 * can link and read anything). */
extern bool (*userfile_test_refuse)(const char *path, const char *call);

#endif
