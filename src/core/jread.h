/* Reading a parsed cJSON document with every value checked, for files the game wrote itself
 * (the save): a member must be there, be of its type, hold a whole number in its range or a
 * name from a list, and nothing unknown may sit beside it. The first problem stops the reading
 * and becomes one error line naming the value's place in the document,
 * "floors[3].entities[12].x: 91 is outside the map (0..79)".
 *
 * The reader state and jread_fail serve the other loaders too (rules, options, highscores),
 * which check their values in their own words.
 *
 * Every function does nothing once the reader has failed (and returns a harmless value), and
 * takes a NULL object as "already reported": callers read a whole structure and check
 * `failed` once at the end. `at` is the place of the object being read ("" at the top). */
#ifndef MK_JREAD_H
#define MK_JREAD_H

#include <cjson/cJSON.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct JRead {
    char *err; /* the error line, err_size bytes */
    size_t err_size;
    bool failed;
    /* Members are looked for from just after the last one found: the file's own order. */
    const cJSON *hint_object, *hint;
} JRead;

/* A place in the document, "floors[3].rooms[0]". */
typedef struct JPath {
    char s[128];
} JPath;

/* "at.key", or "key" at the top; "at" alone when key is "". */
JPath jpath_join(const char *at, const char *key);
/* "at.key[i]". */
JPath jpath_indexed(const char *at, const char *key, int i);

/* Records the first problem (later ones are dropped) and returns false. */
__attribute__((format(printf, 2, 3))) bool jread_fail(JRead *r, const char *fmt, ...);

/* "a number", "an object"...: for messages. */
const char *jread_type_name(const cJSON *v);

/* The member `key` of o, or NULL; not an error by itself. */
const cJSON *jread_find(JRead *r, const cJSON *o, const char *key);

/* The member `key` of o, which must be there and be an object / an array. */
const cJSON *jread_object(JRead *r, const cJSON *o, const char *at, const char *key);
const cJSON *jread_array(JRead *r, const cJSON *o, const char *at, const char *key);

/* Every member of o must be one of `known` (NULL-terminated). */
void jread_only_keys(JRead *r, const cJSON *o, const char *at, const char *const *known);

/* Whether v (a number) holds a whole number in lo..hi. */
bool jread_whole_in(const cJSON *v, long long lo, long long hi);

/* v must be a whole number in lo..hi; *out is left alone on failure. Its place is at.key. */
bool jread_number(JRead *r, const cJSON *v, const char *at, const char *key, long long lo,
                  long long hi, long long *out);

/* The member `key`: a whole number in lo..hi (lo when anything is wrong). */
long long jread_int(JRead *r, const cJSON *o, const char *at, const char *key, long long lo,
                    long long hi);

/* A map coordinate in 0..size-1; the message says "outside the map". */
int jread_coord(JRead *r, const cJSON *o, const char *at, const char *key, int size);

/* A string member of at most max_len bytes without control characters, or NULL. */
const char *jread_string(JRead *r, const cJSON *o, const char *at, const char *key, size_t max_len);

/* A string member that is one of names[first..] (NULL-terminated); returns its index. */
int jread_enum(JRead *r, const cJSON *o, const char *at, const char *key, const char *const *names,
               int first);

/* A 64-bit unsigned value written as a decimal string (a JSON number cannot hold one):
 * v itself, or the member `key`. */
uint64_t jread_u64_value(JRead *r, const cJSON *v, const char *at, const char *key);
uint64_t jread_u64(JRead *r, const cJSON *o, const char *at, const char *key);

/* v must be an array of exactly n whole numbers in -1,000,000..1,000,000. */
bool jread_ints(JRead *r, const cJSON *v, const char *at, int *out, int n);

/* Tables of fields. An object is read by a table giving each member its key, its type, where
 * its value goes (offsetof in one of the two records of a JDest: say an entry and its kind)
 * and its bounds, so that a new member is one line. The object may hold nothing else. An
 * optional member may be left out; `fallback` is its value then, and the value of every JF_INT
 * of an optional JF_OBJECT left out. A table ends with {0}. */
typedef enum JFieldType {
    JF_END,
    JF_INT,    /* a whole number in lo..hi, into an int */
    JF_RANGE,  /* [min, max] with lo <= min <= max <= hi, into two ints side by side */
    JF_TEXT,   /* a string of 1..hi bytes, into a char array of hi + 1 */
    JF_CHAR,   /* one printable character, into a char */
    JF_INLINE, /* the fields of `sub`, beside this table's own, into the record at offset */
    JF_OBJECT, /* a member object holding the fields of `sub` */
    JF_CUSTOM  /* read by `read` */
} JFieldType;

typedef struct JDest {
    char *record[2]; /* what the offsets are in */
    void *user;      /* for JF_CUSTOM readers */
} JDest;

typedef struct JField JField;
typedef void (*JFieldRead)(JRead *r, const cJSON *o, const char *at, const JField *f,
                           const JDest *d);
struct JField {
    const char *key;
    JFieldType type;
    int record; /* 0 or 1: the JDest record `offset` is in */
    size_t offset;
    int lo, hi; /* a number's bounds; a string's longest length */
    bool optional;
    int fallback;
    const JField *sub;
    JFieldRead read;
    int arg;      /* for `read` */
    bool entries; /* a JF_CUSTOM object of named entries, each read by `sub` */
};

/* Reads object o (at its place `at`) by `table` into d. */
void jread_table(JRead *r, const cJSON *o, const char *at, const JField *table, const JDest *d);
/* The member object f->key of `parent`, read by f->sub into d. */
void jread_table_object(JRead *r, const cJSON *parent, const char *at, const JField *f,
                        const JDest *d);

/* A number a table reads: its place ("monsters.*.hp", `*` for any of a field's `entries`), whether
 * it is a [min, max] pair, its bounds and whether it may be left out. */
typedef struct JNumber {
    const char *path;
    bool pair;
    int lo, hi;
    bool optional;
} JNumber;
typedef void (*JNumberVisit)(const JNumber *n, void *ctx);
/* Calls visit for every number of table and of the tables under it, in their order. */
void jread_table_numbers(const JField *table, const char *at, JNumberVisit visit, void *ctx);

#endif
