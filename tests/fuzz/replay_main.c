/* Replays fuzz inputs without libFuzzer, so a normal (gcc) build can run a corpus as a
 * regression test: every argument is a file or a folder of files, each file is given once to
 * LLVMFuzzerTestOneInput in a buffer of exactly its size (so a sanitizer build sees any read
 * past the end). Fails when no file was found, so a wrong path cannot pass silently. */
#define _POSIX_C_SOURCE 200809L /* opendir, readdir */
#include <dirent.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static bool replay_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "replay: %s: cannot open\n", path);
        return false;
    }
    size_t size = 0, cap = 4096;
    uint8_t *buf = malloc(cap);
    size_t got;
    while (buf && (got = fread(buf + size, 1, cap - size, f)) > 0) {
        size += got;
        if (size == cap) {
            uint8_t *grown = realloc(buf, cap *= 2);
            if (!grown)
                free(buf);
            buf = grown;
        }
    }
    bool ok = buf && !ferror(f);
    fclose(f);
    if (!ok) {
        fprintf(stderr, "replay: %s: cannot read\n", path);
        free(buf);
        return false;
    }
    uint8_t *exact = malloc(size ? size : 1); /* no slack after the input's last byte */
    if (exact) {
        if (size)
            memcpy(exact, buf, size);
        LLVMFuzzerTestOneInput(exact, size);
    }
    free(exact);
    free(buf);
    return exact != NULL;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Every regular file directly in `dir`, in name order; the count, or -1 on an error. */
static int replay_folder(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d) {
        fprintf(stderr, "replay: %s: cannot open the folder\n", dir);
        return -1;
    }
    char **names = NULL;
    size_t n = 0, cap = 0;
    bool ok = true;
    for (struct dirent *e; ok && (e = readdir(d)) != NULL;) {
        if (e->d_name[0] == '.')
            continue;
        size_t len = strlen(dir) + strlen(e->d_name) + 2;
        char *path = malloc(len);
        if (n == cap) {
            char **grown = realloc(names, (cap = cap * 2 + 16) * sizeof *names);
            names = grown ? grown : names;
            ok = grown != NULL;
        }
        ok = ok && path;
        if (!ok) {
            free(path);
            break;
        }
        snprintf(path, len, "%s/%s", dir, e->d_name);
        struct stat st;
        if (stat(path, &st) == 0 && S_ISREG(st.st_mode))
            names[n++] = path;
        else
            free(path);
    }
    closedir(d);
    if (n)
        qsort(names, n, sizeof *names, by_name);
    int count = 0;
    for (size_t i = 0; i < n; i++) {
        ok = replay_file(names[i]) && ok;
        count++;
        free(names[i]);
    }
    free(names);
    return ok ? count : -1;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s CORPUS_FOLDER_OR_FILE...\n", argv[0]);
        return 2;
    }
    int total = 0;
    for (int i = 1; i < argc; i++) {
        struct stat st;
        int count = stat(argv[i], &st) == 0 && S_ISDIR(st.st_mode) ? replay_folder(argv[i])
                    : replay_file(argv[i])                         ? 1
                                                                   : -1;
        if (count < 0)
            return 1;
        printf("replay: %s: %d input%s\n", argv[i], count, count == 1 ? "" : "s");
        total += count;
    }
    if (total == 0) {
        fprintf(stderr, "replay: no inputs found\n");
        return 1;
    }
    return 0;
}
