#include "ui/options.h"

#include <cjson/cJSON.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/errline.h"
#include "core/jread.h"
#include "core/userfile.h"

/* The options beside the keys, in the file's order: each one line, read and written from
 * here. FIELD_OF checks at compile time that the member has the type the row says. */
typedef enum FieldType { FIELD_WHOLE, FIELD_FLAG } FieldType;

typedef struct OptionField {
    const char *key; /* the member's name in the file, as in the struct */
    FieldType type;
    size_t offset;
    int lo, hi;   /* FIELD_WHOLE: the values a file may hold */
    int fallback; /* the default, also for a file that leaves the field out */
} OptionField;

/* clang-format off */
#define FIELD_OF(name, type) \
    (offsetof(Options, name) + 0 * sizeof(_Generic(((Options *)0)->name, type: 1)))
#define WHOLE(name, lo, hi, fallback) {#name, FIELD_WHOLE, FIELD_OF(name, int), lo, hi, fallback}
#define FLAG(name, fallback) {#name, FIELD_FLAG, FIELD_OF(name, bool), 0, 1, fallback}
/* clang-format on */

static const OptionField FIELDS[] = {
    WHOLE(sound_volume, 0, OPTIONS_VOLUME_MAX, 80),
    WHOLE(music_volume, 0, OPTIONS_VOLUME_MAX, 60),
    FLAG(fullscreen, false),
    FLAG(high_contrast, false),
    FLAG(confirm, true),
    WHOLE(zoom, 0, 2, 1), /* the close view, following the player */
    WHOLE(close_zoom, 1, 2, 1),
    /* The window as it was left; 0 x 0 (the default) lets the game choose. */
    WHOLE(window_x, -OPTIONS_WINDOW_MAX, OPTIONS_WINDOW_MAX, 0),
    WHOLE(window_y, -OPTIONS_WINDOW_MAX, OPTIONS_WINDOW_MAX, 0),
    WHOLE(window_w, 0, OPTIONS_WINDOW_MAX, 0),
    WHOLE(window_h, 0, OPTIONS_WINDOW_MAX, 0),
    FLAG(window_maximized, false),
};
enum { FIELD_COUNT = sizeof FIELDS / sizeof FIELDS[0] };

static void *member(Options *o, const OptionField *f)
{
    return (char *)o + f->offset;
}

static const void *member_of(const Options *o, const OptionField *f)
{
    return (const char *)o + f->offset;
}

void options_default(Options *options)
{
    memset(options, 0, sizeof *options);
    for (int i = 0; i < FIELD_COUNT; i++) {
        const OptionField *f = &FIELDS[i];
        if (f->type == FIELD_FLAG)
            *(bool *)member(options, f) = f->fallback != 0;
        else
            *(int *)member(options, f) = f->fallback;
    }
    keymap_default(&options->keys);
}

static bool write_field(cJSON *root, const OptionField *f, const Options *o)
{
    if (f->type == FIELD_FLAG)
        return cJSON_AddBoolToObject(root, f->key, *(const bool *)member_of(o, f)) != NULL;
    return cJSON_AddNumberToObject(root, f->key, *(const int *)member_of(o, f)) != NULL;
}

/* Every action, an unbound one as []; a key without a name is left out (it could not be read
 * back). */
static bool write_keys(cJSON *root, const Keymap *map)
{
    cJSON *keys = cJSON_AddObjectToObject(root, "keys");
    bool ok = keys != NULL;
    for (int a = ACTION_NONE + 1; ok && a < ACTION_COUNT; a++) {
        cJSON *list = cJSON_AddArrayToObject(keys, action_name((Action)a));
        SDL_Keycode k[KEYMAP_KEYS_PER_ACTION];
        int n = keymap_keys(map, (Action)a, k);
        ok = list != NULL;
        for (int i = 0; ok && i < n; i++)
            if (*key_name(k[i]))
                ok = cJSON_AddItemToArray(list, cJSON_CreateString(key_name(k[i])));
    }
    return ok;
}

char *options_to_json(const Options *o)
{
    cJSON *root = cJSON_CreateObject();
    bool ok = root && cJSON_AddNumberToObject(root, "version", OPTIONS_VERSION);
    for (int i = 0; ok && i < FIELD_COUNT; i++)
        ok = write_field(root, &FIELDS[i], o);
    ok = ok && write_keys(root, &o->keys);
    char *text = ok ? cJSON_Print(root) : NULL;
    cJSON_Delete(root);
    return text;
}

/* Parsing state (core/jread.h): the first error wins and later reads are no-ops. */
typedef JRead Reader;

/* The field's value from the file, checked, into *out; left alone when the file has none. */
static void read_field(Reader *r, const cJSON *root, const OptionField *f, Options *out)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(root, f->key);
    if (!v || r->failed)
        return;
    if (f->type == FIELD_FLAG) {
        if (!cJSON_IsBool(v))
            jread_fail(r, "%s: not true or false", f->key);
        else
            *(bool *)member(out, f) = cJSON_IsTrue(v);
        return;
    }
    double d = v->valuedouble;
    if (!cJSON_IsNumber(v))
        jread_fail(r, "%s: not a number", f->key);
    else if (!(d >= f->lo && d <= f->hi) || d != (double)(int)d)
        jread_fail(r, "%s: %.15g is not a whole number in %d..%d", f->key, d, f->lo, f->hi);
    else
        *(int *)member(out, f) = (int)d;
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

/* Each action the object lists, into the map; listed[a] says which were there. */
static void read_listed_actions(Reader *r, const cJSON *keys, Keymap *map, int version,
                                bool listed[ACTION_COUNT])
{
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
}

/* Actions the file does not know (it is older than they are) get their default keys, those
 * no listed action took. */
static void bind_unlisted_defaults(Keymap *map, const bool listed[ACTION_COUNT])
{
    Keymap defaults;
    keymap_default(&defaults);
    for (int i = 0; i < defaults.count; i++) {
        KeyBinding b = defaults.bindings[i];
        if (!listed[b.action] && keymap_action(map, b.key) == ACTION_NONE)
            keymap_bind(map, b.action, b.key);
    }
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
    read_listed_actions(r, keys, map, version, listed);
    if (r->failed)
        return;
    if (version < 2)
        swap_old_stairs_keys(map);
    bind_unlisted_defaults(map, listed);
    SDL_Keycode quit[KEYMAP_KEYS_PER_ACTION];
    if (keymap_keys(map, ACTION_QUIT, quit) == 0)
        jread_fail(r, "keys.quit: needs at least one key");
}

/* The file's version, 1 or OPTIONS_VERSION, which says how to read its keys. */
static int read_version(Reader *r, const cJSON *root)
{
    const cJSON *version = cJSON_GetObjectItemCaseSensitive(root, "version");
    /* Compared as a double and only then taken as an int: converting a double outside int's
     * range is undefined ("version": 21474836481). */
    if (!cJSON_IsObject(root))
        jread_fail(r, "not a JSON object");
    else if (!cJSON_IsNumber(version))
        jread_fail(r, "version: %s", version ? "not a number" : "missing");
    else if (version->valuedouble != 1 && version->valuedouble != OPTIONS_VERSION)
        jread_fail(r, "version: %.15g is not supported (this game reads versions 1 and %d)",
                   version->valuedouble, OPTIONS_VERSION);
    else if (version->valuedouble == 1)
        return 1;
    return OPTIONS_VERSION;
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
    int keys_version = read_version(&r, root);
    for (int i = 0; i < FIELD_COUNT; i++)
        read_field(&r, root, &FIELDS[i], &read);
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
