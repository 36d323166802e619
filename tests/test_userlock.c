/* The user folder's lock (src/core/userlock.c): the first taker holds it and writes its pid; a
 * second open, in this process or another, is refused without waiting and learns that pid; the
 * lock goes with its holder however it ends (SIGKILL included); a link or a FIFO at the lock's
 * name is refused and never written through. */
#define _DEFAULT_SOURCE /* mkdtemp, mkfifo, symlink */
#include "test_dir.h"
#include "test_support.h"

#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "core/userlock.h"

static int make_dir(void **state)
{
    char *path = malloc(256);
    if (!path || !test_dir_create(path, 256, "mk_userlock")) {
        free(path);
        return -1;
    }
    *state = path;
    return 0;
}

static int remove_dir(void **state)
{
    test_dir_delete(*state);
    free(*state);
    return 0;
}

static const char *text_of(const char *dir, const char *name)
{
    static char buf[64];
    char path[400];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    buf[0] = '\0';
    FILE *f = fopen(path, "r");
    if (f) {
        size_t n = fread(buf, 1, sizeof buf - 1, f);
        buf[n] = '\0';
        fclose(f);
    }
    return buf;
}

static void the_first_holds_it_and_writes_its_pid(void **state)
{
    const char *dir = *state;
    UserLock lock;
    long holder = -1;
    char err[1400], want[32];
    assert_int_equal(userlock_take(&lock, dir, &holder, err, sizeof err), USERLOCK_HELD);
    assert_int_equal(holder, 0);
    snprintf(want, sizeof want, "%ld\n", (long)getpid());
    assert_string_equal(text_of(dir, USERLOCK_NAME), want);
    char path[400];
    struct stat st;
    snprintf(path, sizeof path, "%s/%s", dir, USERLOCK_NAME);
    assert_int_equal(stat(path, &st), 0);
    assert_int_equal(st.st_mode & 0077, 0); /* private, as the other user files */
    userlock_release(&lock);
    assert_int_equal(lock.fd, -1);
}

/* flock belongs to the open file: a second open in the same process is refused too. */
static void a_second_open_in_one_process_is_refused(void **state)
{
    const char *dir = *state;
    UserLock first, second;
    long holder = 0;
    char err[1400];
    assert_int_equal(userlock_take(&first, dir, &holder, err, sizeof err), USERLOCK_HELD);
    assert_int_equal(userlock_take(&second, dir, &holder, err, sizeof err), USERLOCK_BUSY);
    assert_int_equal(holder, (long)getpid());
    assert_int_equal(second.fd, -1);
    assert_non_null(strstr(err, USERLOCK_NAME));
    userlock_release(&first);
    assert_int_equal(userlock_take(&second, dir, &holder, err, sizeof err), USERLOCK_HELD);
    userlock_release(&second);
}

/* A child takes the lock and waits; the parent is refused and learns the child's pid, kills it
 * with `sig` and then gets the lock. */
static void holder_dies_by(const char *dir, int sig)
{
    int ready[2];
    assert_int_equal(pipe(ready), 0);
    pid_t child = fork();
    assert_true(child >= 0);
    if (child == 0) {
        UserLock lock;
        long holder;
        char err[1400];
        char ok = userlock_take(&lock, dir, &holder, err, sizeof err) == USERLOCK_HELD ? 'y' : 'n';
        if (write(ready[1], &ok, 1) != 1)
            _exit(2);
        for (;;)
            pause();
    }
    close(ready[1]);
    char ok = 0;
    assert_int_equal(read(ready[0], &ok, 1), 1);
    close(ready[0]);
    assert_int_equal(ok, 'y');
    UserLock lock;
    long holder = 0;
    char err[1400];
    assert_int_equal(userlock_take(&lock, dir, &holder, err, sizeof err), USERLOCK_BUSY);
    assert_int_equal(holder, (long)child);
    assert_int_equal(kill(child, sig), 0);
    int status;
    assert_int_equal(waitpid(child, &status, 0), child);
    assert_true(WIFSIGNALED(status) && WTERMSIG(status) == sig);
    assert_int_equal(userlock_take(&lock, dir, &holder, err, sizeof err), USERLOCK_HELD);
    userlock_release(&lock);
}

static void another_process_is_named_and_its_death_frees_the_lock(void **state)
{
    holder_dies_by(*state, SIGTERM);
    holder_dies_by(*state, SIGKILL); /* no handler, no exit code: the kernel drops it */
}

/* A lock file left by a holder long gone (its pid still in it) locks nobody out. */
static void a_stale_file_is_taken_over(void **state)
{
    const char *dir = *state;
    char path[400], err[1400];
    snprintf(path, sizeof path, "%s/%s", dir, USERLOCK_NAME);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs("999999999\nand more text than a pid\n", f);
    assert_int_equal(fclose(f), 0);
    UserLock lock;
    long holder = -1;
    assert_int_equal(userlock_take(&lock, dir, &holder, err, sizeof err), USERLOCK_HELD);
    char want[32];
    snprintf(want, sizeof want, "%ld\n", (long)getpid());
    assert_string_equal(text_of(dir, USERLOCK_NAME), want);
    userlock_release(&lock);
}

static void a_link_or_a_fifo_at_the_name_is_refused(void **state)
{
    const char *dir = *state;
    char path[400], target[400], err[1400];
    snprintf(path, sizeof path, "%s/%s", dir, USERLOCK_NAME);
    snprintf(target, sizeof target, "%s/elsewhere", dir);
    FILE *f = fopen(target, "w");
    assert_non_null(f);
    fputs("not yours\n", f);
    assert_int_equal(fclose(f), 0);
    assert_int_equal(symlink(target, path), 0);
    UserLock lock;
    long holder = -1;
    assert_int_equal(userlock_take(&lock, dir, &holder, err, sizeof err), USERLOCK_FAILED);
    assert_non_null(strstr(err, "symbolic link"));
    assert_string_equal(text_of(dir, "elsewhere"), "not yours\n");
    assert_int_equal(unlink(path), 0);
    assert_int_equal(mkfifo(path, 0600), 0);
    assert_int_equal(userlock_take(&lock, dir, &holder, err, sizeof err), USERLOCK_FAILED);
    assert_non_null(strstr(err, "not a regular file"));
    assert_int_equal(lock.fd, -1);
}

static void a_folder_that_is_not_there_fails_in_one_line(void **state)
{
    char dir[400], err[1400];
    snprintf(dir, sizeof dir, "%s/missing", (const char *)*state);
    UserLock lock;
    long holder = -1;
    assert_int_equal(userlock_take(&lock, dir, &holder, err, sizeof err), USERLOCK_FAILED);
    assert_non_null(strstr(err, dir));
    assert_null(strchr(err, '\n'));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(the_first_holds_it_and_writes_its_pid, make_dir,
                                        remove_dir),
        cmocka_unit_test_setup_teardown(a_second_open_in_one_process_is_refused, make_dir,
                                        remove_dir),
        cmocka_unit_test_setup_teardown(another_process_is_named_and_its_death_frees_the_lock,
                                        make_dir, remove_dir),
        cmocka_unit_test_setup_teardown(a_stale_file_is_taken_over, make_dir, remove_dir),
        cmocka_unit_test_setup_teardown(a_link_or_a_fifo_at_the_name_is_refused, make_dir,
                                        remove_dir),
        cmocka_unit_test_setup_teardown(a_folder_that_is_not_there_fails_in_one_line, make_dir,
                                        remove_dir),
    };
    return RUN_TESTS(tests);
}
