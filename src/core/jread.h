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

#endif
