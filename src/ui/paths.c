#include "ui/paths.h"

#include "game/rules.h"

#include <SDL.h>
#include <errno.h>
#include <sys/stat.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

bool paths_find_assets(char *out, size_t size, char *err, size_t err_size)
{
    const char *env = getenv("MOUSEKING_DATA");
    if (env && *env) {
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
        snprintf(candidates[n++], sizeof candidates[0], "%sassets", base);
        snprintf(candidates[n++], sizeof candidates[0], "%s../share/mouseking", base);
        SDL_free(base);
    }
    snprintf(candidates[n++], sizeof candidates[0], "%s", MOUSEKING_SHARE_DIR);
    for (int i = 0; i < n; i++) {
        if (has_index(candidates[i])) {
            snprintf(out, size, "%s", candidates[i]);
            return true;
        }
    }
    size_t used = (size_t)snprintf(err, err_size, "game assets not found: no data/atlas.json in");
    for (int i = 0; i < n && used < err_size; i++)
        used += (size_t)snprintf(err + used, err_size - used, "%s %s", i ? "," : "", candidates[i]);
    return false;
}

bool paths_user_dir(char *out, size_t size, char *err, size_t err_size)
{
    const char *env = getenv("MOUSEKING_HOME");
    if (env && *env) {
        if (mkdir(env, 0755) != 0 && errno != EEXIST) {
            snprintf(err, err_size, "MOUSEKING_HOME=%s: %s", env, strerror(errno));
            return false;
        }
        snprintf(out, size, "%s", env);
        return true;
    }
    char *pref = SDL_GetPrefPath("mouseking", "Mouse King"); /* made by SDL; ends with '/' */
    if (!pref) {
        snprintf(err, err_size, "no user folder: %s", SDL_GetError());
        return false;
    }
    size_t n = strlen(pref);
    if (n && pref[n - 1] == '/')
        pref[n - 1] = '\0';
    snprintf(out, size, "%s", pref);
    SDL_free(pref);
    return true;
}

bool paths_load_rules(Rules *rules, char *err, size_t err_size)
{
    char assets[1024], path[1100];
    if (!paths_find_assets(assets, sizeof assets, err, err_size))
        return false;
    snprintf(path, sizeof path, "%s/data/rules.json", assets);
    return rules_load(rules, path, err, err_size);
}
