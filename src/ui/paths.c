#include "ui/paths.h"

#include "game/rules.h"

#include <SDL.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

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

bool paths_user_dir(char *out, size_t size, char *err, size_t err_size)
{
    const char *env = getenv("MOUSEKING_HOME");
    if (env && *env) {
        /* The length first: mkdir would make the whole path, then a cut copy be used. */
        if (strlen(env) < size && mkdir(env, 0755) != 0 && errno != EEXIST) {
            snprintf(err, err_size, "MOUSEKING_HOME=%s: %s", env, strerror(errno));
            return false;
        }
        return use_user_dir("MOUSEKING_HOME", env, out, size, err, err_size);
    }
    char *pref = SDL_GetPrefPath("mouseking", "Mouse King"); /* made by SDL; ends with '/' */
    if (!pref) {
        snprintf(err, err_size, "no user folder: %s", SDL_GetError());
        return false;
    }
    size_t n = strlen(pref);
    if (n && pref[n - 1] == '/')
        pref[n - 1] = '\0';
    bool ok = use_user_dir("the user folder", pref, out, size, err, err_size);
    SDL_free(pref);
    return ok;
}

bool paths_load_rules(Rules *rules, char *err, size_t err_size)
{
    char assets[1024], path[1100];
    if (!paths_find_assets(assets, sizeof assets, err, err_size))
        return false;
    snprintf(path, sizeof path, "%s/data/rules.json", assets);
    return rules_load(rules, path, err, err_size);
}
