/* A fresh folder per test under $TMPDIR (else /tmp), emptied and removed afterwards, for
 * the tests of files in the user folder. Include after test_support.h; needs
 * _POSIX_C_SOURCE 200809L for mkdtemp. */
#ifndef MK_TEST_DIR_H
#define MK_TEST_DIR_H

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

typedef struct TestDir {
    char path[256];
    char file[320]; /* path/<the file the test is about> */
} TestDir;

/* Makes `out` (room for 256) a new folder named prefix_XXXXXX; false when it cannot. */
static inline int test_dir_create(char *out, size_t size, const char *prefix)
{
    const char *base = getenv("TMPDIR") && *getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
    snprintf(out, size, "%s/%s_XXXXXX", base, prefix);
    return mkdtemp(out) != NULL;
}

/* Removes the folder and the files in it (tests make no subfolders). */
static inline void test_dir_delete(const char *path)
{
    chmod(path, 0700); /* a test may have made it read-only */
    DIR *dir = opendir(path);
    for (struct dirent *e; dir && (e = readdir(dir));) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
            continue;
        char p[600];
        snprintf(p, sizeof p, "%s/%s", path, e->d_name);
        remove(p);
    }
    if (dir)
        closedir(dir);
    rmdir(path);
}

/* cmocka setup and teardown: *state becomes a TestDir whose file is `name` in it. */
static inline int test_dir_setup(void **state, const char *prefix, const char *name)
{
    TestDir *d = calloc(1, sizeof *d);
    if (!d || !test_dir_create(d->path, sizeof d->path, prefix)) {
        free(d);
        return -1;
    }
    snprintf(d->file, sizeof d->file, "%s/%s", d->path, name);
    *state = d;
    return 0;
}

static inline int test_dir_teardown(void **state)
{
    TestDir *d = *state;
    test_dir_delete(d->path);
    free(d);
    return 0;
}

#endif
