/* The player's files (src/core/userfile.c): a write is all or nothing, the previous version
 * stays as .bak, a crash before the rename leaves the old file whole, damaged files are put
 * aside under a dated name, and failures name the file. */
#define _DEFAULT_SOURCE /* mkdtemp, localtime_r, mkfifo, symlink, chown */
#include "test_dir.h"
#include "test_support.h"

#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "core/userfile.h"

typedef struct Dir {
    char path[256];
    char *names[64]; /* what in_dir handed out, freed with the folder */
    int name_count;
} Dir;

static int make_dir(void **state)
{
    Dir *d = calloc(1, sizeof *d);
    if (!d || !test_dir_create(d->path, sizeof d->path, "mk_userfile")) {
        free(d);
        return -1;
    }
    *state = d;
    return 0;
}

static int remove_dir(void **state)
{
    Dir *d = *state;
    test_dir_delete(d->path);
    for (int i = 0; i < d->name_count; i++)
        free(d->names[i]);
    free(d);
    return 0;
}

/* A path in the test's folder, valid until the test ends. */
static const char *in_dir(void **state, const char *name)
{
    Dir *d = *state;
    assert_true(d->name_count < (int)(sizeof d->names / sizeof *d->names));
    char *p = malloc(strlen(d->path) + strlen(name) + 2);
    assert_non_null(p);
    sprintf(p, "%s/%s", d->path, name);
    return d->names[d->name_count++] = p;
}

static bool exists(const char *path)
{
    struct stat st;
    return lstat(path, &st) == 0;
}

/* The file's text, asserted readable. */
static void assert_file_is(const char *path, const char *want)
{
    size_t len = 0;
    UserfileRead status = USERFILE_MISSING;
    char err[512] = "";
    char *text = userfile_read(path, 1 << 20, &len, &status, err, sizeof err);
    if (!text)
        fail_msg("%s", err);
    assert_int_equal(status, USERFILE_READ_OK);
    assert_int_equal(len, strlen(want));
    assert_string_equal(text, want);
    free(text);
}

static bool write_text(const char *path, const char *text, char *err, size_t err_size)
{
    return userfile_write(path, text, strlen(text), err, err_size);
}

static void a_write_reads_back_and_the_previous_version_is_kept(void **state)
{
    const char *path = in_dir(state, "scores.json");
    char err[512] = "";
    assert_true(write_text(path, "first", err, sizeof err));
    assert_file_is(path, "first");
    assert_false(exists(in_dir(state, "scores.json.bak"))); /* nothing came before */
    assert_true(write_text(path, "second, longer", err, sizeof err));
    assert_file_is(path, "second, longer");
    assert_file_is(in_dir(state, "scores.json.bak"), "first");
    assert_true(write_text(path, "", err, sizeof err));
    assert_file_is(path, "");
    assert_file_is(in_dir(state, "scores.json.bak"), "second, longer");
    assert_false(exists(in_dir(state, "scores.json.tmp")));
}

/* The serializer's text is written and freed (ASan would report a leak); no text (out of
 * memory) leaves the old file as it was and says so. */
static void made_text_is_written_and_no_text_is_out_of_memory(void **state)
{
    const char *path = in_dir(state, "options.json");
    char err[512] = "";
    char *text = malloc(6);
    assert_non_null(text);
    memcpy(text, "kept!", 6);
    assert_true(userfile_write_text(path, text, err, sizeof err));
    assert_file_is(path, "kept!");
    assert_false(userfile_write_text(path, NULL, err, sizeof err));
    assert_non_null(strstr(err, path));
    assert_non_null(strstr(err, "out of memory"));
    assert_file_is(path, "kept!");
}

static void a_missing_file_is_told_apart_from_an_error(void **state)
{
    const char *path = in_dir(state, "nothing.json");
    size_t len = 99;
    UserfileRead status = USERFILE_READ_OK;
    char err[512] = "";
    assert_null(userfile_read(path, 100, &len, &status, err, sizeof err));
    assert_int_equal(status, USERFILE_MISSING);
    assert_int_equal(len, 0);
    assert_non_null(strstr(err, path));

    /* A folder where the file should be is an error, not a missing file. */
    assert_null(userfile_read(((Dir *)*state)->path, 100, &len, &status, err, sizeof err));
    assert_int_equal(status, USERFILE_UNREADABLE);
    assert_non_null(strstr(err, "folder"));
}

static void a_file_over_the_limit_is_refused_with_its_size(void **state)
{
    const char *path = in_dir(state, "big.json");
    char err[512] = "", text[101];
    memset(text, 'x', 100);
    text[100] = '\0';
    assert_true(write_text(path, text, err, sizeof err));
    size_t len;
    UserfileRead status = USERFILE_READ_OK;
    assert_null(userfile_read(path, 99, &len, &status, err, sizeof err));
    assert_int_equal(status, USERFILE_TOO_LARGE);
    assert_non_null(strstr(err, path));
    assert_non_null(strstr(err, "100 bytes"));
    char *ok = userfile_read(path, 100, &len, NULL, err, sizeof err); /* exactly the limit */
    assert_non_null(ok);
    assert_int_equal(len, 100);
    free(ok);
}

static int crashes;
static bool crash(const char *path)
{
    (void)path;
    crashes++;
    return true;
}

static void a_crash_before_the_rename_leaves_the_old_file_whole(void **state)
{
    const char *path = in_dir(state, "save.json");
    char err[512] = "";
    assert_true(write_text(path, "version 1", err, sizeof err));
    assert_true(write_text(path, "version 2", err, sizeof err));

    crashes = 0;
    userfile_test_fail_before_rename = crash;
    bool ok = write_text(path, "version 3, never finished", err, sizeof err);
    userfile_test_fail_before_rename = NULL;
    assert_false(ok);
    assert_int_equal(crashes, 1);
    assert_non_null(strstr(err, path));
    assert_file_is(path, "version 2");
    assert_file_is(in_dir(state, "save.json.bak"), "version 1");
    assert_true(exists(in_dir(state, "save.json.tmp"))); /* what a crash leaves behind */

    /* The next write goes through despite the leftover. */
    assert_true(write_text(path, "version 4", err, sizeof err));
    assert_file_is(path, "version 4");
    assert_file_is(in_dir(state, "save.json.bak"), "version 2");
    assert_false(exists(in_dir(state, "save.json.tmp")));
}

/* A file outside the user folder that a planted link points at; it must stay as it is. */
static const char *victim(void **state)
{
    const char *path = in_dir(state, "victim.txt");
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    fputs("not yours", f);
    fclose(f);
    return path;
}

static void assert_is_regular(const char *path)
{
    struct stat st;
    assert_int_equal(lstat(path, &st), 0);
    assert_true(S_ISREG(st.st_mode));
}

/* A link planted at path.tmp (or left at path.bak) is replaced, never written through. */
static void a_link_at_the_temp_or_backup_file_is_not_written_through(void **state)
{
    const char *target = victim(state), *path = in_dir(state, "save.json");
    const char *tmp = in_dir(state, "save.json.tmp"), *bak = in_dir(state, "save.json.bak");
    char err[512] = "";
    assert_int_equal(symlink(target, tmp), 0);
    if (!write_text(path, "first", err, sizeof err))
        fail_msg("%s", err);
    assert_file_is(target, "not yours");
    assert_is_regular(path);
    assert_file_is(path, "first");
    assert_false(exists(tmp));

    assert_int_equal(symlink(target, tmp), 0);
    assert_int_equal(symlink(target, bak), 0);
    if (!write_text(path, "second", err, sizeof err))
        fail_msg("%s", err);
    assert_file_is(target, "not yours");
    assert_file_is(path, "second");
    assert_is_regular(bak);
    assert_file_is(bak, "first");
}

/* A link where a user file should be is not followed: the file it names may be anyone's. */
static void a_link_at_a_user_file_is_refused_when_reading(void **state)
{
    const char *target = victim(state), *path = in_dir(state, "options.json");
    assert_int_equal(symlink(target, path), 0);
    size_t len = 99;
    UserfileRead status = USERFILE_READ_OK;
    char err[512] = "";
    assert_null(userfile_read(path, 100, &len, &status, err, sizeof err));
    assert_int_equal(status, USERFILE_UNREADABLE);
    assert_int_equal(len, 0);
    assert_non_null(strstr(err, path));
    assert_non_null(strstr(err, "symbolic link"));
    assert_null(strchr(err, '\n'));
}

/* Opening a FIFO for reading waits for a writer: the start-up hung. The alarm turns a hang
 * into a failure instead of a test that never ends. */
static void a_fifo_is_refused_at_once(void **state)
{
    const char *path = in_dir(state, "save.json");
    assert_int_equal(mkfifo(path, 0600), 0);
    size_t len;
    UserfileRead status = USERFILE_READ_OK;
    char err[512] = "";
    alarm(10);
    char *text = userfile_read(path, 100, &len, &status, err, sizeof err);
    alarm(0);
    assert_null(text);
    assert_int_equal(status, USERFILE_UNREADABLE);
    assert_non_null(strstr(err, path));
    assert_non_null(strstr(err, "not a regular file"));

    /* And a save still goes in: the FIFO is replaced, not written to. */
    assert_true(write_text(path, "saved", err, sizeof err));
    assert_file_is(path, "saved");
}

static int refusals;
static bool refuse_link_and_copy(const char *path, const char *call)
{
    (void)path;
    (void)call;
    refusals++;
    return true;
}

/* A current file that can be neither linked nor copied to the backup (another user's mode-000
 * file under protected hard links) blocked every later save. It now becomes the backup by a
 * rename: the new version goes in and the old bytes survive. */
static void a_file_that_cannot_be_linked_or_copied_becomes_the_backup(void **state)
{
    const char *path = in_dir(state, "save.json"), *bak = in_dir(state, "save.json.bak");
    char err[512] = "";
    assert_true(write_text(path, "version 1", err, sizeof err));
    refusals = 0;
    userfile_test_refuse = refuse_link_and_copy;
    bool ok2 = write_text(path, "version 2", err, sizeof err);
    bool ok3 = ok2 && write_text(path, "version 3", err, sizeof err);
    userfile_test_refuse = NULL;
    if (!ok2 || !ok3)
        fail_msg("%s", err);
    assert_int_equal(refusals, 4); /* link and copy, twice */
    assert_file_is(path, "version 3");
    assert_file_is(bak, "version 2");
    assert_false(exists(in_dir(state, "save.json.tmp")));
}

static bool refuse_link(const char *path, const char *call)
{
    (void)path;
    return strcmp(call, "link") == 0;
}

/* Without links the backup is a copy, made new: a link planted there is not written through. */
static void without_links_the_backup_is_a_copy_made_new(void **state)
{
    const char *target = victim(state), *path = in_dir(state, "save.json");
    const char *bak = in_dir(state, "save.json.bak");
    char err[512] = "";
    assert_true(write_text(path, "version 1", err, sizeof err));
    assert_int_equal(symlink(target, bak), 0);
    userfile_test_refuse = refuse_link;
    bool ok = write_text(path, "version 2", err, sizeof err);
    userfile_test_refuse = NULL;
    if (!ok)
        fail_msg("%s", err);
    assert_file_is(target, "not yours");
    assert_is_regular(bak);
    assert_file_is(bak, "version 1");
    assert_file_is(path, "version 2");
}

/* The case itself, when the tests run as root with protected hard links: a mode-000 save.json
 * of root's in a folder of user 65534, who then saves. Skipped otherwise. */
static void another_users_unreadable_file_does_not_block_saves(void **state)
{
    FILE *f = fopen("/proc/sys/fs/protected_hardlinks", "r");
    int protected_links = 0;
    if (f) {
        if (fscanf(f, "%d", &protected_links) != 1)
            protected_links = 0;
        fclose(f);
    }
    if (geteuid() != 0 || protected_links != 1)
        skip();
    const char *dir = ((Dir *)*state)->path, *path = in_dir(state, "save.json");
    const char *bak = in_dir(state, "save.json.bak");
    char err[512] = "";
    assert_true(write_text(path, "root's", err, sizeof err));
    assert_int_equal(chmod(path, 0), 0);
    assert_int_equal(chown(dir, 65534, 65534), 0);
    pid_t child = fork();
    assert_true(child >= 0);
    if (child == 0) {
        if (setgid(65534) != 0 || setuid(65534) != 0 || access(dir, W_OK | X_OK) != 0)
            _exit(77); /* $TMPDIR out of that user's reach */
        bool ok = write_text(path, "the player's", err, sizeof err);
        if (!ok)
            fprintf(stderr, "%s\n", err);
        _exit(ok ? 0 : 1);
    }
    int status = 0;
    assert_int_equal(waitpid(child, &status, 0), child);
    assert_true(WIFEXITED(status));
    if (WEXITSTATUS(status) == 77)
        skip();
    assert_int_equal(WEXITSTATUS(status), 0);
    assert_file_is(path, "the player's");
    assert_file_is(bak, "root's");
}

static void stamp_now(char *out, size_t size, time_t t)
{
    struct tm tm;
    localtime_r(&t, &tm);
    strftime(out, size, "%Y%m%d-%H%M%S", &tm);
}

static void damaged_files_are_put_aside_under_dated_names_never_overwritten(void **state)
{
    char err[512] = "";
    const char *contents[] = {"damaged A", "damaged B", "damaged C"};
    /* The three moves must fall in the same second to share a stamp: retry if the clock
     * ticked in between, with a file of another name (the names the last try put aside
     * would take this try's stamps in the same second). */
    for (int attempt = 0; attempt < 5; attempt++) {
        char file[32];
        snprintf(file, sizeof file, "options%d.json", attempt);
        const char *path = in_dir(state, file);
        char names[3][600];
        time_t before = time(NULL);
        for (int i = 0; i < 3; i++) {
            assert_true(write_text(path, contents[i], err, sizeof err));
            if (!userfile_move_aside(path, names[i], sizeof names[i], err, sizeof err))
                fail_msg("%s", err);
            assert_false(exists(path));
            assert_file_is(names[i], contents[i]);
        }
        if (time(NULL) != before)
            continue;
        char stamp[32], want[600];
        stamp_now(stamp, sizeof stamp, before);
        snprintf(want, sizeof want, "%s.damaged-%s", path, stamp);
        assert_string_equal(names[0], want);
        snprintf(want, sizeof want, "%s.damaged-%s-2", path, stamp);
        assert_string_equal(names[1], want);
        snprintf(want, sizeof want, "%s.damaged-%s-3", path, stamp);
        assert_string_equal(names[2], want);
        return;
    }
    fail_msg("the clock ticked during every attempt");
}

/* The variant with a label, for files put aside for other reasons than damage. */
static void a_file_is_put_aside_under_its_label(void **state)
{
    const char *path = NULL;
    char err[512] = "", moved[600] = "", want[600];
    for (int attempt = 0; attempt < 5; attempt++) {
        char file[32]; /* another name each try, as above */
        snprintf(file, sizeof file, "save%d.json.bak", attempt);
        path = in_dir(state, file);
        assert_true(write_text(path, "an unused backup", err, sizeof err));
        time_t before = time(NULL);
        if (!userfile_move_aside_as(path, "unused", moved, sizeof moved, err, sizeof err))
            fail_msg("%s", err);
        if (time(NULL) != before)
            continue;
        char stamp[32];
        stamp_now(stamp, sizeof stamp, before);
        snprintf(want, sizeof want, "%s.unused-%s", path, stamp);
        assert_string_equal(moved, want);
        assert_false(exists(path));
        assert_file_is(moved, "an unused backup");
        break;
    }
    /* A label that could name another folder or a hidden file is refused, and nothing moves. */
    const char *bad[] = {"",        "../x",      "a/b",
                         ".hidden", "has space", "much-too-long-a-label-for-a-file-name"};
    assert_true(write_text(path, "still here", err, sizeof err));
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        err[0] = '\0';
        assert_false(userfile_move_aside_as(path, bad[i], NULL, 0, err, sizeof err));
        assert_non_null(strstr(err, path));
    }
    assert_file_is(path, "still here");

    /* A new name that moved_to cannot hold whole: refused before anything moves. */
    char small[16];
    err[0] = '\0';
    assert_false(userfile_move_aside_as(path, "unused", small, sizeof small, err, sizeof err));
    assert_non_null(strstr(err, "would not fit"));
    assert_false(userfile_move_aside(path, small, sizeof small, err, sizeof err));
    assert_file_is(path, "still here");
}

static void moving_aside_a_missing_file_fails_with_its_name(void **state)
{
    const char *path = in_dir(state, "gone.json");
    char err[512] = "", moved[600] = "untouched";
    assert_false(userfile_move_aside(path, moved, sizeof moved, err, sizeof err));
    assert_non_null(strstr(err, path));
    assert_string_equal(moved, "untouched");
}

static void an_unwritable_place_fails_with_the_path_and_keeps_the_old_file(void **state)
{
    char err[512] = "";
    /* A regular file where a folder should be: fails for every user, root included. */
    const char *blocker = in_dir(state, "not_a_folder");
    assert_true(write_text(blocker, "x", err, sizeof err));
    char inside[600];
    snprintf(inside, sizeof inside, "%s/highscores.json", blocker);
    err[0] = '\0';
    assert_false(write_text(inside, "data", err, sizeof err));
    assert_non_null(strstr(err, inside));
    assert_null(strchr(err, '\n'));

    /* The temporary file cannot be made (a folder is in its way): fails for root too. */
    const char *path = in_dir(state, "highscores.json");
    assert_true(write_text(path, "the old table", err, sizeof err));
    assert_int_equal(mkdir(in_dir(state, "highscores.json.tmp"), 0700), 0);
    err[0] = '\0';
    assert_false(write_text(path, "the new table", err, sizeof err));
    assert_non_null(strstr(err, path));
    assert_non_null(strstr(err, "Is a directory"));
    assert_file_is(path, "the old table");
    assert_false(exists(in_dir(state, "highscores.json.bak")));
    assert_int_equal(rmdir(in_dir(state, "highscores.json.tmp")), 0);

    /* A read-only folder. */
    const char *dir = ((Dir *)*state)->path;
    assert_int_equal(chmod(dir, 0500), 0);
    const char *probe = in_dir(state, "probe");
    FILE *f = fopen(probe, "w");
    if (f) { /* privileged (root): read-only folders do not stop us, so there is no test */
        fclose(f);
        remove(probe);
        chmod(dir, 0700);
        return;
    }
    err[0] = '\0';
    bool ok = write_text(path, "the new table", err, sizeof err);
    chmod(dir, 0700);
    assert_false(ok);
    assert_non_null(strstr(err, path));
    assert_non_null(strstr(err, "ermission denied"));
    assert_file_is(path, "the old table");
    assert_false(exists(in_dir(state, "highscores.json.tmp")));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(a_write_reads_back_and_the_previous_version_is_kept,
                                        make_dir, remove_dir),
        cmocka_unit_test_setup_teardown(made_text_is_written_and_no_text_is_out_of_memory, make_dir,
                                        remove_dir),
        cmocka_unit_test_setup_teardown(a_missing_file_is_told_apart_from_an_error, make_dir,
                                        remove_dir),
        cmocka_unit_test_setup_teardown(a_file_over_the_limit_is_refused_with_its_size, make_dir,
                                        remove_dir),
        cmocka_unit_test_setup_teardown(a_crash_before_the_rename_leaves_the_old_file_whole,
                                        make_dir, remove_dir),
        cmocka_unit_test_setup_teardown(a_link_at_the_temp_or_backup_file_is_not_written_through,
                                        make_dir, remove_dir),
        cmocka_unit_test_setup_teardown(a_link_at_a_user_file_is_refused_when_reading, make_dir,
                                        remove_dir),
        cmocka_unit_test_setup_teardown(a_fifo_is_refused_at_once, make_dir, remove_dir),
        cmocka_unit_test_setup_teardown(a_file_that_cannot_be_linked_or_copied_becomes_the_backup,
                                        make_dir, remove_dir),
        cmocka_unit_test_setup_teardown(without_links_the_backup_is_a_copy_made_new, make_dir,
                                        remove_dir),
        cmocka_unit_test_setup_teardown(another_users_unreadable_file_does_not_block_saves,
                                        make_dir, remove_dir),
        cmocka_unit_test_setup_teardown(a_file_is_put_aside_under_its_label, make_dir, remove_dir),
        cmocka_unit_test_setup_teardown(
            damaged_files_are_put_aside_under_dated_names_never_overwritten, make_dir, remove_dir),
        cmocka_unit_test_setup_teardown(moving_aside_a_missing_file_fails_with_its_name, make_dir,
                                        remove_dir),
        cmocka_unit_test_setup_teardown(
            an_unwritable_place_fails_with_the_path_and_keeps_the_old_file, make_dir, remove_dir),
    };
    return RUN_TESTS(tests);
}
