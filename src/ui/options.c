#include "ui/options.h"

#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/errline.h"
#include "core/jread.h"
#include "core/userfile.h"

void options_default(Options *options)
{
    memset(options, 0, sizeof *options);
    options->sound_volume = 80;
    options->music_volume = 60;
    options->fullscreen = false;
    options->high_contrast = false;
    options->confirm = true;
    options->zoom = 1; /* the close view, following the player */
    options->close_zoom = 1;
    options->window_x = options->window_y = options->window_w = options->window_h = 0;
    options->window_maximized = false;
    keymap_default(&options->keys);
}

char *options_to_json(const Options *o)
{
    cJSON *root = cJSON_CreateObject();
    bool ok = root && cJSON_AddNumberToObject(root, "version", OPTIONS_VERSION) &&
              cJSON_AddNumberToObject(root, "sound_volume", o->sound_volume) &&
              cJSON_AddNumberToObject(root, "music_volume", o->music_volume) &&
              cJSON_AddBoolToObject(root, "fullscreen", o->fullscreen) &&
              cJSON_AddBoolToObject(root, "high_contrast", o->high_contrast) &&
              cJSON_AddBoolToObject(root, "confirm", o->confirm) &&
              cJSON_AddNumberToObject(root, "zoom", o->zoom) &&
              cJSON_AddNumberToObject(root, "close_zoom", o->close_zoom) &&
              cJSON_AddNumberToObject(root, "window_x", o->window_x) &&
              cJSON_AddNumberToObject(root, "window_y", o->window_y) &&
              cJSON_AddNumberToObject(root, "window_w", o->window_w) &&
              cJSON_AddNumberToObject(root, "window_h", o->window_h) &&
              cJSON_AddBoolToObject(root, "window_maximized", o->window_maximized);
    cJSON *keys = ok ? cJSON_AddObjectToObject(root, "keys") : NULL;
    ok = ok && keys;
    for (int a = ACTION_NONE + 1; ok && a < ACTION_COUNT; a++) {
        cJSON *list = cJSON_AddArrayToObject(keys, action_name((Action)a));
        SDL_Keycode k[KEYMAP_KEYS_PER_ACTION];
        int n = keymap_keys(&o->keys, (Action)a, k);
        ok = list != NULL;
        for (int i = 0; ok && i < n; i++) {
            const char *name = key_name(k[i]);
            if (*name) /* a key without a name could not be read back */
                ok = cJSON_AddItemToArray(list, cJSON_CreateString(name));
        }
    }
    char *text = ok ? cJSON_Print(root) : NULL;
    cJSON_Delete(root);
    return text;
}

/* Parsing state (core/jread.h): the first error wins and later reads are no-ops. */
typedef JRead Reader;

static void whole(Reader *r, const cJSON *root, const char *key, int lo, int hi, int *out)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(root, key);
    if (!v || r->failed)
        return;
    double d = cJSON_IsNumber(v) ? v->valuedouble : -1;
    if (!cJSON_IsNumber(v))
        jread_fail(r, "%s: not a number", key);
    else if (!(d >= lo && d <= hi) || d != (double)(int)d)
        jread_fail(r, "%s: %.15g is not a whole number in %d..%d", key, d, lo, hi);
    else
        *out = (int)d;
}

static void volume(Reader *r, const cJSON *root, const char *key, int *out)
{
    whole(r, root, key, 0, OPTIONS_VOLUME_MAX, out);
}

static void flag(Reader *r, const cJSON *root, const char *key, bool *out)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(root, key);
    if (!v || r->failed)
        return;
    if (!cJSON_IsBool(v))
        jread_fail(r, "%s: not true or false", key);
    else
        *out = cJSON_IsTrue(v);
}

/* One action's list of key names into the map. */
static void read_action_keys(Reader *r, const cJSON *list, Action action, Keymap *map, int version)
{
    const char *name = action_name(action);
    if (!cJSON_IsArray(list)) {
        jread_fail(r, "keys.%s: not a list of key names", name);
        return;
    }
    int n = cJSON_GetArraySize(list);
    if (n > KEYMAP_KEYS_PER_ACTION) {
        jread_fail(r, "keys.%s: %d keys, at most %d", name, n, KEYMAP_KEYS_PER_ACTION);
        return;
    }
    int i = 0;
    for (const cJSON *k = list->child; k && !r->failed; k = k->next, i++) {
        if (!cJSON_IsString(k)) {
            jread_fail(r, "keys.%s[%d]: not a string", name, i);
            return;
        }
        SDL_Keycode key = key_from_name(k->valuestring);
        if (version < 2) /* letters were written in either case, Shift had no keys */
            key = key_unshifted(key);
        if (key == SDLK_UNKNOWN || !key_is_bindable(key)) {
            jread_fail(r, "keys.%s[%d]: \"%.40s\" is not a key name", name, i, k->valuestring);
            return;
        }
        Action taken = keymap_action(map, key);
        if (taken == action) {
            jread_fail(r, "keys.%s[%d]: \"%.40s\" is listed twice", name, i, k->valuestring);
            return;
        }
        if (taken != ACTION_NONE) {
            jread_fail(r, "keys.%s[%d]: \"%.40s\" is already bound to %s", name, i, k->valuestring,
                       action_name(taken));
            return;
        }
        KeymapResult res = keymap_bind(map, action, key);
        if (res != KEYMAP_OK)
            jread_fail(r, "keys.%s[%d]: \"%.40s\": %s", name, i, k->valuestring,
                       keymap_result_text(res));
    }
}

/* Version 1 had '>' walk to the Stairs (Up) and '<' to the Stairs (Down), the other way
 * round from the map's glyphs. A file that kept exactly those gets today's; one that chose
 * other keys keeps them. */
static void swap_old_stairs_keys(Keymap *map)
{
    SDL_Keycode up[KEYMAP_KEYS_PER_ACTION], down[KEYMAP_KEYS_PER_ACTION];
    if (keymap_keys(map, ACTION_TRAVEL_UP, up) != 1 || up[0] != SDLK_GREATER ||
        keymap_keys(map, ACTION_TRAVEL_DOWN, down) != 1 || down[0] != SDLK_LESS)
        return;
    keymap_bind(map, ACTION_TRAVEL_UP, SDLK_LESS); /* moves '<' from down to up */
    keymap_bind(map, ACTION_TRAVEL_DOWN, SDLK_GREATER);
}

static void read_keys(Reader *r, const cJSON *keys, Keymap *map, int version)
{
    if (!keys || r->failed)
        return;
    if (!cJSON_IsObject(keys)) {
        jread_fail(r, "keys: not an object of actions");
        return;
    }
    bool listed[ACTION_COUNT] = {false};
    keymap_clear(map);
    for (const cJSON *it = keys->child; it && !r->failed; it = it->next) {
        Action a = action_from_name(it->string);
        if (a == ACTION_NONE)
            jread_fail(r, "keys.%.40s: not an action of this game", it->string);
        else if (listed[a])
            jread_fail(r, "keys.%s: given twice", it->string);
        else {
            listed[a] = true;
            read_action_keys(r, it, a, map, version);
        }
    }
    if (version < 2 && !r->failed)
        swap_old_stairs_keys(map);
    /* Actions the file does not know (it is older than they are) get their default keys. */
    Keymap defaults;
    keymap_default(&defaults);
    for (int i = 0; i < defaults.count && !r->failed; i++) {
        KeyBinding b = defaults.bindings[i];
        if (!listed[b.action] && keymap_action(map, b.key) == ACTION_NONE)
            keymap_bind(map, b.action, b.key);
    }
    SDL_Keycode quit[KEYMAP_KEYS_PER_ACTION];
    if (!r->failed && keymap_keys(map, ACTION_QUIT, quit) == 0)
        jread_fail(r, "keys.quit: needs at least one key");
}

bool options_parse(Options *options, const char *text, size_t len, char *err, size_t err_size)
{
    options_default(options);
    Reader r = {.err = err, .err_size = err_size};
    if (len == 0) {
        jread_fail(&r, "empty file");
        return false;
    }
    cJSON *root = cJSON_ParseWithLength(text, len);
    if (!root) {
        const char *at = cJSON_GetErrorPtr();
        long byte = at && at >= text && at <= text + len ? (long)(at - text) : 0;
        jread_fail(&r, "not valid JSON (broken near byte %ld)", byte);
        return false;
    }
    Options read;
    options_default(&read);
    const cJSON *version = cJSON_GetObjectItemCaseSensitive(root, "version");
    /* Compared as a double and only then taken as an int: converting a double outside int's
     * range is undefined ("version": 21474836481). */
    int keys_version = OPTIONS_VERSION;
    if (!cJSON_IsObject(root))
        jread_fail(&r, "not a JSON object");
    else if (!cJSON_IsNumber(version))
        jread_fail(&r, "version: %s", version ? "not a number" : "missing");
    else if (version->valuedouble != 1 && version->valuedouble != OPTIONS_VERSION)
        jread_fail(&r, "version: %.15g is not supported (this game reads versions 1 and %d)",
                   version->valuedouble, OPTIONS_VERSION);
    else
        keys_version = version->valuedouble == 1 ? 1 : OPTIONS_VERSION;
    volume(&r, root, "sound_volume", &read.sound_volume);
    volume(&r, root, "music_volume", &read.music_volume);
    flag(&r, root, "fullscreen", &read.fullscreen);
    flag(&r, root, "high_contrast", &read.high_contrast);
    flag(&r, root, "confirm", &read.confirm);
    whole(&r, root, "zoom", 0, 2, &read.zoom);
    whole(&r, root, "close_zoom", 1, 2, &read.close_zoom);
    /* The window as it was left; 0 x 0 (the default) lets the game choose. */
    whole(&r, root, "window_x", -OPTIONS_WINDOW_MAX, OPTIONS_WINDOW_MAX, &read.window_x);
    whole(&r, root, "window_y", -OPTIONS_WINDOW_MAX, OPTIONS_WINDOW_MAX, &read.window_y);
    whole(&r, root, "window_w", 0, OPTIONS_WINDOW_MAX, &read.window_w);
    whole(&r, root, "window_h", 0, OPTIONS_WINDOW_MAX, &read.window_h);
    flag(&r, root, "window_maximized", &read.window_maximized);
    read_keys(&r, cJSON_GetObjectItemCaseSensitive(root, "keys"), &read.keys, keys_version);
    cJSON_Delete(root);
    if (r.failed)
        return false;
    *options = read;
    return true;
}

bool options_save(const Options *options, const char *path, char *err, size_t err_size)
{
    return userfile_write_text(path, options_to_json(options), err, err_size);
}

/* false with `*damaged` when the file is there but not options this game wrote. */
static bool load(Options *options, const char *path, char *err, size_t err_size, bool *damaged)
{
    options_default(options);
    *damaged = false;
    size_t len;
    UserfileRead status;
    char *text = userfile_read(path, OPTIONS_FILE_MAX, &len, &status, err, err_size);
    if (!text) {
        if (status == USERFILE_MISSING && err_size > 0)
            err[0] = '\0';
        *damaged = status == USERFILE_TOO_LARGE;
        return status == USERFILE_MISSING;
    }
    char why[256];
    bool ok = options_parse(options, text, len, why, sizeof why);
    free(text);
    if (!ok) {
        errline_format(err, err_size, "%s: %s", path, why); /* a path need not be UTF-8 */
        *damaged = true;
    }
    return ok;
}

bool options_load(Options *options, const char *path, char *err, size_t err_size)
{
    bool damaged;
    return load(options, path, err, err_size, &damaged);
}

bool options_load_or_reset(Options *options, const char *path, char *msg, size_t msg_size)
{
    char err[512];
    bool damaged;
    if (msg_size > 0)
        msg[0] = '\0';
    if (load(options, path, err, sizeof err, &damaged))
        return true;
    if (!damaged)
        snprintf(msg, msg_size, "%s; defaults used", err);
    else
        userfile_set_aside(path, err, "defaults used", msg, msg_size);
    return false;
}
