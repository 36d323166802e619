#include "store/highscores.h"

#include <cjson/cJSON.h>
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/jread.h"
#include "core/userfile.h"
#include "entities/entities.h"
#include "gen/gen.h"

void highscores_init(Highscores *table)
{
    memset(table, 0, sizeof *table);
}

HighscoreEntry highscore_entry_of(const Game *game)
{
    HighscoreEntry e = {.score = game_score(game),
                        .won = game->outcome == GAME_WON,
                        .deepest = game->deepest,
                        .level = game->player->stats.level,
                        .kills = game->counters.kills,
                        .turns = (int)game->turn,
                        .seed = game->seeds.game};
    if (game->outcome == GAME_DIED)
        snprintf(e.killed_by, sizeof e.killed_by, "%s", game->killed_by);
    return e;
}

int highscores_insert(Highscores *table, const HighscoreEntry *entry)
{
    int rank = 0;
    while (rank < table->count && table->entries[rank].score >= entry->score)
        rank++;
    if (rank >= HIGHSCORES_MAX)
        return -1;
    int keep = table->count < HIGHSCORES_MAX ? table->count : HIGHSCORES_MAX - 1;
    memmove(&table->entries[rank + 1], &table->entries[rank],
            (size_t)(keep - rank) * sizeof *table->entries);
    table->entries[rank] = *entry;
    if (table->count < HIGHSCORES_MAX)
        table->count++;
    return rank;
}

/* ---- the file ---- */

typedef enum LoadStatus { LOAD_OK, LOAD_MISSING, LOAD_UNREADABLE, LOAD_DAMAGED } LoadStatus;

/* The numbers and the flag of an entry, in the file's order: the writer and the reader walk
 * this one table. */
typedef struct EntryField {
    const char *key;
    size_t offset, size;
    long long lo, hi;
    bool boolean; /* true or false, not a number */
} EntryField;

#define NUMBER(m, l, h)                                                                            \
    {                                                                                              \
#m, offsetof(HighscoreEntry, m), sizeof(((HighscoreEntry *)0)->m), l, h, false             \
    }

static const EntryField ENTRY_FIELDS[] = {
    NUMBER(score, 0, GAME_SCORE_MAX),
    {"won", offsetof(HighscoreEntry, won), sizeof(bool), 0, 1, true},
    NUMBER(deepest, 0, MAX_FLOORS),
    NUMBER(level, 1, RULES_MAX_LEVELS + 1),
    NUMBER(kills, 0, GAME_COUNT_MAX),
    NUMBER(turns, 0, GAME_TURN_MAX),
};
enum { ENTRY_FIELD_COUNT = sizeof ENTRY_FIELDS / sizeof *ENTRY_FIELDS };

static long long field_value(const HighscoreEntry *e, const EntryField *f)
{
    const char *p = (const char *)e + f->offset;
    if (f->size == sizeof(int64_t)) {
        int64_t v;
        memcpy(&v, p, sizeof v);
        return v;
    }
    if (f->size == sizeof(int)) {
        int v;
        memcpy(&v, p, sizeof v);
        return v;
    }
    return *(const bool *)p;
}

static void field_store(HighscoreEntry *e, const EntryField *f, long long v)
{
    char *p = (char *)e + f->offset;
    if (f->size == sizeof(int64_t)) {
        int64_t w = v;
        memcpy(p, &w, sizeof w);
    } else if (f->size == sizeof(int)) {
        int w = (int)v;
        memcpy(p, &w, sizeof w);
    } else {
        *(bool *)p = v != 0;
    }
}

static bool write_entry(cJSON *entries, const HighscoreEntry *e)
{
    cJSON *o = cJSON_CreateObject();
    if (!o || !cJSON_AddItemToArray(entries, o)) {
        cJSON_Delete(o);
        return false;
    }
    bool ok = true;
    for (int i = 0; ok && i < ENTRY_FIELD_COUNT; i++) {
        const EntryField *f = &ENTRY_FIELDS[i];
        long long v = field_value(e, f);
        ok = f->boolean ? cJSON_AddBoolToObject(o, f->key, v != 0) != NULL
                        : cJSON_AddNumberToObject(o, f->key, (double)v) != NULL;
    }
    char seed[24];
    snprintf(seed, sizeof seed, "%llu", (unsigned long long)e->seed);
    return ok && cJSON_AddStringToObject(o, "seed", seed) &&
           cJSON_AddStringToObject(o, "killed_by", e->killed_by) &&
           (!e->recording[0] || cJSON_AddStringToObject(o, "recording", e->recording)) &&
           (!e->date[0] || cJSON_AddStringToObject(o, "date", e->date));
}

char *highscores_to_json(const Highscores *table)
{
    cJSON *root = cJSON_CreateObject();
    bool ok = root && cJSON_AddNumberToObject(root, "version", 1);
    cJSON *entries = ok ? cJSON_AddArrayToObject(root, "entries") : NULL;
    ok = ok && entries;
    for (int i = 0; ok && i < table->count; i++)
        ok = write_entry(entries, &table->entries[i]);
    char *text = ok ? cJSON_Print(root) : NULL;
    cJSON_Delete(root);
    return text;
}

/* Parsing state (core/jread.h): the first error wins and later reads are no-ops. */
typedef JRead Reader;

static long long whole_number(Reader *r, const cJSON *o, const char *key, const char *where,
                              long long lo, long long hi)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    if (r->failed)
        return 0;
    if (!cJSON_IsNumber(v)) {
        jread_fail(r, "%s.%s: %s", where, key, v ? "not a number" : "missing");
        return 0;
    }
    double d = v->valuedouble;
    if (!(d >= (double)lo && d <= (double)hi) || d != (double)(long long)d) {
        /* As short as it can be while still saying exactly the number read. */
        char text[32];
        snprintf(text, sizeof text, "%.15g", d);
        if (strtod(text, NULL) != d)
            snprintf(text, sizeof text, "%.17g", d);
        jread_fail(r, "%s.%s: %s is not a whole number in %lld..%lld", where, key, text, lo, hi);
        return 0;
    }
    return (long long)d;
}

static bool boolean(Reader *r, const cJSON *o, const char *key, const char *where)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    if (!r->failed && !cJSON_IsBool(v))
        jread_fail(r, "%s.%s: %s", where, key, v ? "not true or false" : "missing");
    return cJSON_IsTrue(v);
}

static const char *string(Reader *r, const cJSON *o, const char *key, const char *where)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    if (!r->failed && !cJSON_IsString(v))
        jread_fail(r, "%s.%s: %s", where, key, v ? "not a string" : "missing");
    return !r->failed && cJSON_IsString(v) ? v->valuestring : "";
}

static uint64_t seed_of(Reader *r, const char *s, const char *where)
{
    size_t n = strlen(s);
    bool digits = n >= 1 && n <= 20;
    for (size_t i = 0; digits && i < n; i++)
        digits = s[i] >= '0' && s[i] <= '9';
    errno = 0;
    unsigned long long v = digits ? strtoull(s, NULL, 10) : 0;
    if (!digits || errno == ERANGE) {
        jread_fail(r, "%s.seed: \"%.24s\" is not a whole number in 0..18446744073709551615", where,
                   s);
        return 0;
    }
    return (uint64_t)v;
}

/* "YYYY-MM-DD" of a day that exists (1..9999). */
static bool is_date(const char *s)
{
    static const int days[] = {31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    for (int i = 0; i < 10; i++)
        if (i == 4 || i == 7 ? s[i] != '-' : !(s[i] >= '0' && s[i] <= '9'))
            return false;
    if (s[10])
        return false;
    int y = atoi(s), m = atoi(s + 5), d = atoi(s + 8);
    bool leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    return y >= 1 && m >= 1 && m <= 12 && d >= 1 && d <= (m == 2 && !leap ? 28 : days[m - 1]);
}

/* The killer's name: short, no control character, and a kind of mouse if the code knows it
 * (a name it does not know may be a kind of mouse the data added). */
static void read_killer(Reader *r, const cJSON *o, const char *where, HighscoreEntry *e)
{
    const char *killer = string(r, o, "killed_by", where);
    if (r->failed)
        return;
    size_t len = strlen(killer);
    if (len >= sizeof e->killed_by) {
        jread_fail(r, "%s.killed_by: %zu bytes, at most %zu", where, len, sizeof e->killed_by - 1);
        return;
    }
    for (size_t i = 0; i < len; i++)
        if ((unsigned char)killer[i] < 0x20 || killer[i] == 0x7f) {
            jread_fail(r, "%s.killed_by: a control character at byte %zu", where, i);
            return;
        }
    KindId kind = len ? kind_find(kinds_builtin(), killer) : KIND_NONE;
    if (kind != KIND_NONE && !kind_is_mouse(kinds_builtin(), kind) && kind != KIND_ID_ACID) {
        jread_fail(r, "%s.killed_by: '%s' is no kind of mouse", where, killer);
        return;
    }
    memcpy(e->killed_by, killer, len + 1);
}

/* Files made before dates have none: shown as "-". */
static void read_date(Reader *r, const cJSON *o, const char *where, HighscoreEntry *e)
{
    const cJSON *date = cJSON_GetObjectItemCaseSensitive(o, "date");
    if (!date || r->failed)
        return;
    if (!cJSON_IsString(date))
        jread_fail(r, "%s.date: not a string", where);
    else if (!is_date(date->valuestring))
        jread_fail(r, "%s.date: \"%.16s\" is not a day written YYYY-MM-DD", where,
                   date->valuestring);
    else
        memcpy(e->date, date->valuestring, sizeof e->date);
}

/* Optional (files from before recordings have none): a plain file name in recordings/, never a
 * path that could lead elsewhere. */
static void read_recording(Reader *r, const cJSON *o, const char *where, HighscoreEntry *e)
{
    const cJSON *rec = cJSON_GetObjectItemCaseSensitive(o, "recording");
    if (!rec || r->failed)
        return;
    size_t n = cJSON_IsString(rec) ? strlen(rec->valuestring) : 0;
    if (!cJSON_IsString(rec))
        jread_fail(r, "%s.recording: not a string", where);
    else if (n < 7 || n >= sizeof e->recording || strcmp(rec->valuestring + n - 6, ".mkrec") != 0)
        jread_fail(r, "%s.recording: not the name of a recording (NAME.mkrec, under %zu bytes)",
                   where, sizeof e->recording);
    else if (strchr(rec->valuestring, '/') || rec->valuestring[0] == '.')
        jread_fail(r, "%s.recording: a file name, not a path", where);
    else
        memcpy(e->recording, rec->valuestring, n + 1);
    for (size_t i = 0; !r->failed && i < n; i++)
        if ((unsigned char)e->recording[i] < 0x20 || e->recording[i] == 0x7f)
            jread_fail(r, "%s.recording: a control character at byte %zu", where, i);
}

static void read_entry(Reader *r, const cJSON *o, int index, HighscoreEntry *e)
{
    char where[32];
    snprintf(where, sizeof where, "entries[%d]", index);
    if (!cJSON_IsObject(o)) {
        jread_fail(r, "%s: not an object", where);
        return;
    }
    for (int i = 0; i < ENTRY_FIELD_COUNT; i++) {
        const EntryField *f = &ENTRY_FIELDS[i];
        field_store(e, f,
                    f->boolean ? boolean(r, o, f->key, where)
                               : whole_number(r, o, f->key, where, f->lo, f->hi));
    }
    const char *seed = string(r, o, "seed", where);
    if (!r->failed)
        e->seed = seed_of(r, seed, where);
    read_killer(r, o, where, e);
    read_date(r, o, where, e);
    read_recording(r, o, where, e);
}

/* The version and the list of entries. */
static void check_top(Reader *r, const cJSON *root)
{
    const cJSON *version = cJSON_GetObjectItemCaseSensitive(root, "version");
    const cJSON *entries = cJSON_GetObjectItemCaseSensitive(root, "entries");
    int count = cJSON_GetArraySize(entries);
    if (!cJSON_IsObject(root))
        jread_fail(r, "not a JSON object");
    else if (!cJSON_IsNumber(version))
        jread_fail(r, "version: %s", version ? "not a number" : "missing");
    else if (version->valuedouble != 1)
        jread_fail(r, "version: %.15g is not supported (this game reads version 1)",
                   version->valuedouble);
    else if (!cJSON_IsArray(entries))
        jread_fail(r, "entries: %s", entries ? "not an array" : "missing");
    else if (count > HIGHSCORES_MAX)
        jread_fail(r, "entries: %d of them, at most %d", count, HIGHSCORES_MAX);
}

bool highscores_parse(Highscores *table, const char *text, size_t len, char *err, size_t err_size)
{
    highscores_init(table);
    Reader r = {.err = err, .err_size = err_size};
    cJSON *root = len ? cJSON_ParseWithLength(text, len) : NULL;
    if (!len) {
        jread_fail(&r, "empty file");
        return false;
    }
    if (!root) {
        const char *at = cJSON_GetErrorPtr();
        long byte = at && at >= text && at <= text + len ? (long)(at - text) : 0;
        jread_fail(&r, "not valid JSON (broken near byte %ld)", byte);
        return false;
    }
    check_top(&r, root);
    const cJSON *entries = cJSON_GetObjectItemCaseSensitive(root, "entries");
    Highscores read;
    highscores_init(&read);
    int i = 0;
    for (const cJSON *o = r.failed ? NULL : entries->child; o && !r.failed; o = o->next, i++) {
        HighscoreEntry e = {0};
        read_entry(&r, o, i, &e);
        if (!r.failed)
            highscores_insert(&read, &e);
    }
    cJSON_Delete(root);
    if (r.failed)
        return false;
    *table = read;
    return true;
}

bool highscores_save(const Highscores *table, const char *path, char *err, size_t err_size)
{
    return userfile_write_text(path, highscores_to_json(table), err, err_size);
}

static LoadStatus load(Highscores *table, const char *path, char *err, size_t err_size)
{
    highscores_init(table);
    size_t len;
    UserfileRead status;
    char *text = userfile_read(path, HIGHSCORES_FILE_MAX, &len, &status, err, err_size);
    if (!text) {
        if (status == USERFILE_MISSING && err_size > 0)
            err[0] = '\0';
        return status == USERFILE_MISSING     ? LOAD_MISSING
               : status == USERFILE_TOO_LARGE ? LOAD_DAMAGED
                                              : LOAD_UNREADABLE;
    }
    char why[256];
    bool ok = highscores_parse(table, text, len, why, sizeof why);
    free(text);
    if (!ok) {
        snprintf(err, err_size, "%s: %s", path, why);
        return LOAD_DAMAGED;
    }
    return LOAD_OK;
}

bool highscores_load(Highscores *table, const char *path, char *err, size_t err_size)
{
    LoadStatus s = load(table, path, err, err_size);
    return s == LOAD_OK || s == LOAD_MISSING;
}

bool highscores_load_or_reset(Highscores *table, const char *path, char *msg, size_t msg_size)
{
    char err[512];
    LoadStatus s = load(table, path, err, sizeof err);
    if (msg_size > 0)
        msg[0] = '\0';
    if (s == LOAD_OK || s == LOAD_MISSING)
        return true;
    if (s == LOAD_UNREADABLE) {
        snprintf(msg, msg_size, "%s", err);
        return false;
    }
    userfile_set_aside(path, err, "a new table starts", msg, msg_size);
    return false;
}
