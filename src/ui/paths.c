#define _POSIX_C_SOURCE 200809L /* lstat, rmdir */
#include "ui/paths.h"

#include "game/rules.h"

#include <SDL.h>
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static bool has_index(const char *dir)
{
    char probe[1100];
    int n = snprintf(probe, sizeof probe, "%s/data/atlas.json", dir);
    if (n < 0 || (size_t)n >= sizeof probe)
        return false;
    FILE *f = fopen(probe, "rb");
    if (f)
        fclose(f);
    return f != NULL;
}

/* Appends dir + tail to the list unless it is cut short (a cut path names another folder);
 * returns the new count. */
static int add_candidate(char list[][1024], int n, const char *dir, const char *tail)
{
    int len = snprintf(list[n], sizeof list[n], "%s%s", dir, tail);
    return len >= 0 && (size_t)len < sizeof list[n] ? n + 1 : n;
}

bool paths_find_assets(char *out, size_t size, char *err, size_t err_size)
{
    const char *env = getenv("MOUSEKING_DATA");
    if (env && *env) {
        if (strlen(env) >= size) {
            snprintf(err, err_size, "MOUSEKING_DATA is %zu bytes long, more than the %zu allowed",
                     strlen(env), size - 1);
            return false;
        }
        if (has_index(env)) {
            snprintf(out, size, "%s", env);
            return true;
        }
        snprintf(err, err_size, "MOUSEKING_DATA=%s has no data/atlas.json", env);
        return false;
    }
    char candidates[3][1024];
    int n = 0;
    char *base = SDL_GetBasePath(); /* ends with a separator */
    if (base) {
        n = add_candidate(candidates, n, base, "assets");
        n = add_candidate(candidates, n, base, MOUSEKING_SHARE_FROM_BIN);
        SDL_free(base);
    }
    n = add_candidate(candidates, n, MOUSEKING_SHARE_DIR, "");
    for (int i = 0; i < n; i++) {
        if (strlen(candidates[i]) < size && has_index(candidates[i])) {
            snprintf(out, size, "%s", candidates[i]);
            return true;
        }
    }
    size_t used = (size_t)snprintf(err, err_size, "game assets not found: no data/atlas.json in");
    for (int i = 0; i < n && used < err_size; i++)
        used += (size_t)snprintf(err + used, err_size - used, "%s %s", i ? "," : "", candidates[i]);
    return false;
}

/* `dir` as the user folder, into out: refused when it does not fit (a cut path names another
 * folder) or is not a folder. `name` says where it came from, for the one-line message. */
static bool use_user_dir(const char *name, const char *dir, char *out, size_t size, char *err,
                         size_t err_size)
{
    size_t len = strlen(dir);
    if (len >= size) {
        snprintf(err, err_size, "%s is %zu bytes long, more than the %zu allowed", name, len,
                 size - 1);
        return false;
    }
    struct stat st;
    if (stat(dir, &st) != 0) {
        snprintf(err, err_size, "%s=%s: %s", name, dir, strerror(errno));
        return false;
    }
    if (!S_ISDIR(st.st_mode)) {
        snprintf(err, err_size, "%s=%s: not a folder", name, dir);
        return false;
    }
    memcpy(out, dir, len + 1);
    return true;
}

/* The base of an XDG folder: $var when it is an absolute path (the specification ignores a
 * relative one), else $HOME/fallback. */
static bool xdg_base(const char *var, const char *fallback, char *out, size_t size, char *err,
                     size_t err_size)
{
    const char *v = getenv(var), *home = getenv("HOME");
    int n;
    if (v && v[0] == '/') {
        n = snprintf(out, size, "%s", v);
    } else if (home && home[0] == '/') {
        n = snprintf(out, size, "%s/%s", home, fallback);
    } else {
        snprintf(err, err_size, "no user folder: neither %s nor HOME is an absolute path", var);
        return false;
    }
    if (n < 0 || (size_t)n >= size) {
        snprintf(err, err_size, "no user folder: $%s or $HOME is too long", var);
        return false;
    }
    return true;
}

/* Makes dir and the folders above it that are missing, private as XDG asks. */
static bool make_dirs(char *dir)
{
    for (char *p = dir + 1; *p; p++) {
        if (*p != '/')
            continue;
        *p = '\0';
        bool ok = mkdir(dir, 0700) == 0 || errno == EEXIST;
        *p = '/';
        if (!ok)
            return false;
    }
    return mkdir(dir, 0700) == 0 || errno == EEXIST;
}

/* BASE/mouseking for the XDG variable `var`, made if missing. */
static bool xdg_dir(const char *var, const char *fallback, char *out, size_t size, char *err,
                    size_t err_size)
{
    char base[1024], dir[1100];
    if (!xdg_base(var, fallback, base, sizeof base, err, err_size))
        return false;
    snprintf(dir, sizeof dir, "%s/mouseking", base);
    if (!make_dirs(dir)) {
        snprintf(err, err_size, "%s: %s", dir, strerror(errno));
        return false;
    }
    return use_user_dir("the user folder", dir, out, size, err, err_size);
}

/* True when $MOUSEKING_HOME is set: it is then every user folder, and *ok says whether it can
 * be used (out) or not (err). */
static bool home_override(char *out, size_t size, char *err, size_t err_size, bool *ok)
{
    const char *env = getenv("MOUSEKING_HOME");
    if (!env || !*env)
        return false;
    /* The length first: mkdir would make the whole path, then a cut copy be used. */
    if (strlen(env) < size && mkdir(env, 0755) != 0 && errno != EEXIST) {
        snprintf(err, err_size, "MOUSEKING_HOME=%s: %s", env, strerror(errno));
        *ok = false;
        return true;
    }
    *ok = use_user_dir("MOUSEKING_HOME", env, out, size, err, err_size);
    return true;
}

bool paths_user_dir(char *out, size_t size, char *err, size_t err_size)
{
    bool ok;
    if (home_override(out, size, err, err_size, &ok))
        return ok;
    return xdg_dir("XDG_DATA_HOME", ".local/share", out, size, err, err_size);
}

bool paths_config_dir(char *out, size_t size, char *err, size_t err_size)
{
    bool ok;
    if (home_override(out, size, err, err_size, &ok))
        return ok;
    return xdg_dir("XDG_CONFIG_HOME", ".config", out, size, err, err_size);
}

/* options.json and its .bak, .tmp and damaged copies belong to the config folder. */
static bool is_config_file(const char *name)
{
    return strncmp(name, "options.json", 12) == 0 || strcmp(name, "gamecontrollerdb.txt") == 0;
}

bool paths_move_old_user_files(const char *data_dir, const char *config_dir, char *err,
                               size_t err_size)
{
    const char *env = getenv("MOUSEKING_HOME");
    if (env && *env)
        return true; /* one folder for everything, as asked */
    char old[1200];
    int n = snprintf(old, sizeof old, "%s/%s", data_dir, PATHS_OLD_USER_DIR);
    if (n < 0 || (size_t)n >= sizeof old)
        return true;
    DIR *d = opendir(old);
    if (!d)
        return true; /* nothing left to move */
    int kept = 0;
    char first[300] = "";
    for (struct dirent *e = readdir(d); e; e = readdir(d)) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
            continue;
        char from[1500], to[1500];
        const char *dest = is_config_file(e->d_name) ? config_dir : data_dir;
        int a = snprintf(from, sizeof from, "%s/%s", old, e->d_name);
        int b = snprintf(to, sizeof to, "%s/%s", dest, e->d_name);
        struct stat st;
        /* Never over a file already there, so nothing is lost: it stays where it was. */
        bool moved = a > 0 && (size_t)a < sizeof from && b > 0 && (size_t)b < sizeof to &&
                     lstat(to, &st) != 0 && errno == ENOENT && rename(from, to) == 0;
        if (!moved && !kept++)
            snprintf(first, sizeof first, "%s", e->d_name);
    }
    closedir(d);
    if (kept == 0) {
        rmdir(old);
        return true;
    }
    snprintf(err, err_size,
             "warning: %d file%s (%s%s) left in %s: a file of that name is already in the new "
             "folder, or it could not be moved",
             kept, kept == 1 ? "" : "s", first, kept > 1 ? ", ..." : "", old);
    return false;
}

bool paths_load_rules(Rules *rules, char *err, size_t err_size)
{
    char assets[1024], path[1100];
    if (!paths_find_assets(assets, sizeof assets, err, err_size))
        return false;
    snprintf(path, sizeof path, "%s/data/rules.json", assets);
    return rules_load(rules, path, err, err_size);
}
