#include "core/jread.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "core/errline.h"

bool jread_fail(JRead *r, const char *fmt, ...)
{
    if (r->failed)
        return false;
    r->failed = true;
    va_list args;
    va_start(args, fmt);
    errline_vformat(r->err, r->err_size, fmt, args);
    va_end(args);
    return false;
}

/* The member `key` of object o, or NULL. */
const cJSON *jread_find(JRead *r, const cJSON *o, const char *key)
{
    if (!o)
        return NULL;
    const cJSON *start = r->hint_object == o && r->hint ? r->hint : o->child;
    for (int pass = 0; pass < 2; pass++)
        for (const cJSON *c = pass ? o->child : start; c && (pass == 0 || c != start); c = c->next)
            if (c->string && strcmp(c->string, key) == 0) {
                r->hint_object = o;
                r->hint = c->next;
                return c;
            }
    return NULL;
}

JPath jpath_join(const char *at, const char *key)
{
    JPath p;
    if (snprintf(p.s, sizeof p.s, "%s%s%s", at, at[0] && key[0] ? "." : "", key) >= (int)sizeof p.s)
        memcpy(p.s + sizeof p.s - 4, "...", 4); /* never with the game's own paths */
    return p;
}

JPath jpath_indexed(const char *at, const char *key, int i)
{
    JPath p;
    if (snprintf(p.s, sizeof p.s, "%s%s%s[%d]", at, at[0] && key[0] ? "." : "", key, i) >=
        (int)sizeof p.s)
        memcpy(p.s + sizeof p.s - 4, "...", 4);
    return p;
}

const char *jread_type_name(const cJSON *v)
{
    return cJSON_IsNumber(v)   ? "a number"
           : cJSON_IsString(v) ? "a string"
           : cJSON_IsBool(v)   ? "a boolean"
           : cJSON_IsNull(v)   ? "null"
           : cJSON_IsArray(v)  ? "an array"
           : cJSON_IsObject(v) ? "an object"
                               : "something else";
}

/* The member `key` of `o`, which must be there and be of the type `is` checks. */
static const cJSON *member(JRead *r, const cJSON *o, const char *at, const char *key,
                           cJSON_bool (*is)(const cJSON *), const char *what)
{
    if (r->failed || !o)
        return NULL;
    const cJSON *v = jread_find(r, o, key);
    if (!v) {
        jread_fail(r, "%s: missing", jpath_join(at, key).s);
        return NULL;
    }
    if (!is(v)) {
        jread_fail(r, "%s: should be %s, not %s", jpath_join(at, key).s, what, jread_type_name(v));
        return NULL;
    }
    return v;
}

const cJSON *jread_object(JRead *r, const cJSON *o, const char *at, const char *key)
{
    return member(r, o, at, key, cJSON_IsObject, "an object");
}

const cJSON *jread_array(JRead *r, const cJSON *o, const char *at, const char *key)
{
    return member(r, o, at, key, cJSON_IsArray, "an array");
}

/* Every member of o must be one of `known`: the file is the game's own, so anything else is
 * damage. */
void jread_only_keys(JRead *r, const cJSON *o, const char *at, const char *const *known)
{
    int count = 0, next = 0; /* the members usually come in the order of `known` */
    while (known[count])
        count++;
    for (const cJSON *c = o ? o->child : NULL; c && !r->failed; c = c->next) {
        bool ok = false;
        for (int k = 0; k < count && !ok; k++, next = (next + 1) % count)
            ok = c->string && strcmp(c->string, known[next]) == 0;
        if (!ok)
            jread_fail(r, "%s: unknown field", jpath_join(at, c->string ? c->string : "?").s);
    }
}

bool jread_whole_in(const cJSON *v, long long lo, long long hi)
{
    double d = v->valuedouble;
    /* In range before any cast: (double)LLONG_MAX rounds up to 2^63, which long long cannot
     * hold, so a bound near the type's ends does not keep the cast defined by itself. */
    return d >= (double)lo && d <= (double)hi && d >= -0x1p63 && d < 0x1p63 &&
           d == (double)(long long)d;
}

/* A whole number in lo..hi; `out` is left alone on failure. The value's place is at.key (the
 * text is made only for a message: reading a save reads many numbers). */
bool jread_number(JRead *r, const cJSON *v, const char *at, const char *key, long long lo,
                  long long hi, long long *out)
{
    if (r->failed)
        return false;
    if (!cJSON_IsNumber(v))
        return jread_fail(r, "%s: should be a whole number, not %s", jpath_join(at, key).s,
                          jread_type_name(v));
    if (!jread_whole_in(v, lo, hi))
        return jread_fail(r, "%s: %.15g is not a whole number in %lld..%lld", jpath_join(at, key).s,
                          v->valuedouble, lo, hi);
    *out = (long long)v->valuedouble;
    return true;
}

long long jread_int(JRead *r, const cJSON *o, const char *at, const char *key, long long lo,
                    long long hi)
{
    long long v = lo;
    const cJSON *m = r->failed || !o ? NULL : jread_find(r, o, key);
    if (!r->failed && o && !m)
        jread_fail(r, "%s: missing", jpath_join(at, key).s);
    else if (m)
        jread_number(r, m, at, key, lo, hi, &v);
    return v;
}

/* A coordinate: the same as get_int, with a message about the map. */
int jread_coord(JRead *r, const cJSON *o, const char *at, const char *key, int size)
{
    const cJSON *m = r->failed || !o ? NULL : jread_find(r, o, key);
    if (!r->failed && o && !m) {
        jread_fail(r, "%s: missing", jpath_join(at, key).s);
        return 0;
    }
    if (m && cJSON_IsNumber(m) && jread_whole_in(m, INT32_MIN, INT32_MAX) &&
        !jread_whole_in(m, 0, size - 1)) {
        jread_fail(r, "%s: %.15g is outside the map (0..%d)", jpath_join(at, key).s, m->valuedouble,
                   size - 1);
        return 0;
    }
    long long v = 0;
    if (m)
        jread_number(r, m, at, key, 0, size - 1, &v);
    return (int)v;
}

/* A string member of at most max_len bytes without control characters. */
const char *jread_string(JRead *r, const cJSON *o, const char *at, const char *key, size_t max_len)
{
    const cJSON *v = member(r, o, at, key, cJSON_IsString, "a string");
    if (!v)
        return NULL;
    const char *s = v->valuestring;
    size_t n = strlen(s);
    if (n > max_len) {
        jread_fail(r, "%s: longer than %zu bytes", jpath_join(at, key).s, max_len);
        return NULL;
    }
    for (size_t i = 0; i < n; i++)
        if ((unsigned char)s[i] < 0x20 || s[i] == 0x7f) {
            jread_fail(r, "%s: has a control character", jpath_join(at, key).s);
            return NULL;
        }
    return s;
}

/* One of `names` (NULL-terminated); returns its index. */
int jread_enum(JRead *r, const cJSON *o, const char *at, const char *key, const char *const *names,
               int first)
{
    const char *s = jread_string(r, o, at, key, 32);
    if (!s)
        return first;
    for (int i = first; names[i]; i++)
        if (strcmp(s, names[i]) == 0)
            return i;
    jread_fail(r, "%s: '%s' is not one of the names this game knows", jpath_join(at, key).s, s);
    return first;
}

static bool parse_u64_text(const char *s, uint64_t *out)
{
    size_t n = strlen(s);
    if (n == 0 || n > 20 || (s[0] == '0' && n > 1))
        return false;
    uint64_t v = 0;
    for (size_t i = 0; i < n; i++) {
        if (s[i] < '0' || s[i] > '9')
            return false;
        unsigned d = (unsigned)(s[i] - '0');
        if (v > (UINT64_MAX - d) / 10)
            return false;
        v = v * 10 + d;
    }
    *out = v;
    return true;
}

uint64_t jread_u64_value(JRead *r, const cJSON *v, const char *at, const char *key)
{
    uint64_t out = 0;
    if (r->failed)
        return 0;
    if (!cJSON_IsString(v))
        jread_fail(r, "%s: should be a decimal string, not %s", jpath_join(at, key).s,
                   jread_type_name(v));
    else if (!parse_u64_text(v->valuestring, &out))
        jread_fail(r, "%s: '%.40s' is not a whole number in 0..18446744073709551615",
                   jpath_join(at, key).s, v->valuestring);
    return out;
}

uint64_t jread_u64(JRead *r, const cJSON *o, const char *at, const char *key)
{
    const cJSON *v = r->failed || !o ? NULL : jread_find(r, o, key);
    if (!r->failed && o && !v)
        jread_fail(r, "%s: missing", jpath_join(at, key).s);
    return v ? jread_u64_value(r, v, at, key) : 0;
}
bool jread_ints(JRead *r, const cJSON *v, const char *at, int *out, int n)
{
    if (r->failed)
        return false;
    if (!cJSON_IsArray(v) || cJSON_GetArraySize(v) != n)
        return jread_fail(r, "%s: should be an array of %d numbers", at, n);
    int i = 0;
    for (const cJSON *c = v->child; c; c = c->next, i++) {
        long long value = 0;
        if (!jread_number(r, c, at, "", -1000000, 1000000, &value))
            return false;
        out[i] = (int)value;
    }
    return true;
}

/* [min, max] with lo <= min <= max <= hi. */
static void read_range(JRead *r, const cJSON *o, const char *at, const JField *f, int *out)
{
    const cJSON *v = jread_find(r, o, f->key);
    const cJSON *a = cJSON_GetArrayItem(v, 0), *b = cJSON_GetArrayItem(v, 1);
    if (!v) {
        jread_fail(r, "%s: missing", jpath_join(at, f->key).s);
        return;
    }
    if (!cJSON_IsArray(v) || cJSON_GetArraySize(v) != 2 || !cJSON_IsNumber(a) ||
        !cJSON_IsNumber(b)) {
        jread_fail(r, "%s: expected [min, max]", jpath_join(at, f->key).s);
        return;
    }
    if (!jread_whole_in(a, f->lo, f->hi) || !jread_whole_in(b, a->valuedouble, f->hi)) {
        jread_fail(r, "%s: [%g, %g] is not a range within %d..%d", jpath_join(at, f->key).s,
                   a->valuedouble, b->valuedouble, f->lo, f->hi);
        return;
    }
    out[0] = (int)a->valuedouble;
    out[1] = (int)b->valuedouble;
}

/* A string of 1..hi bytes (JF_TEXT), or of one printable character (JF_CHAR). */
static void read_text(JRead *r, const cJSON *o, const char *at, const JField *f, char *out)
{
    const char *s = jread_string(r, o, at, f->key, (size_t)f->hi);
    if (s && !s[0])
        jread_fail(r, "%s: empty", jpath_join(at, f->key).s);
    else if (s && f->type == JF_CHAR && (s[0] <= ' ' || s[0] > '~'))
        jread_fail(r, "%s: expected one printable character", jpath_join(at, f->key).s);
    else if (s && f->type == JF_CHAR)
        *out = s[0];
    else if (s)
        memcpy(out, s, strlen(s) + 1);
}

static void read_fields(JRead *r, const cJSON *o, const char *at, const JField *table,
                        const JDest *d);

static void read_field(JRead *r, const cJSON *o, const char *at, const JField *f, const JDest *d)
{
    char *to = d->record[f->record] + f->offset;
    bool value =
        f->type == JF_INT || f->type == JF_RANGE || f->type == JF_TEXT || f->type == JF_CHAR;
    if (value && f->optional && !jread_find(r, o, f->key)) {
        if (f->type == JF_INT)
            *(int *)to = f->fallback;
        return;
    }
    switch (f->type) {
    case JF_INT: *(int *)to = (int)jread_int(r, o, at, f->key, f->lo, f->hi); break;
    case JF_RANGE: read_range(r, o, at, f, (int *)to); break;
    case JF_INLINE:
        read_fields(r, o, at, f->sub, &(JDest){{d->record[0] + f->offset, d->record[1]}, d->user});
        break;
    case JF_OBJECT: jread_table_object(r, o, at, f, d); break;
    case JF_CUSTOM: f->read(r, o, at, f, d); break;
    default: read_text(r, o, at, f, to);
    }
}

/* The keys of a table, with those of its inlined tables. */
static int table_keys(const JField *table, const char **keys, int n, int cap)
{
    for (const JField *f = table; f->type != JF_END && n < cap; f++)
        if (f->type == JF_INLINE)
            n = table_keys(f->sub, keys, n, cap);
        else
            keys[n++] = f->key;
    return n;
}

static void read_fields(JRead *r, const cJSON *o, const char *at, const JField *table,
                        const JDest *d)
{
    for (const JField *f = table; f->type != JF_END && !r->failed && o; f++)
        read_field(r, o, at, f, d);
}

void jread_table(JRead *r, const cJSON *o, const char *at, const JField *table, const JDest *d)
{
    const char *keys[32];
    keys[table_keys(table, keys, 0, 31)] = NULL;
    jread_only_keys(r, o, at, keys);
    read_fields(r, o, at, table, d);
}

void jread_table_object(JRead *r, const cJSON *parent, const char *at, const JField *f,
                        const JDest *d)
{
    const cJSON *o = r->failed || !parent ? NULL : jread_find(r, parent, f->key);
    if (!r->failed && parent && !o && f->optional) {
        for (const JField *s = f->sub; s->type != JF_END; s++)
            if (s->type == JF_INT)
                *(int *)(d->record[s->record] + s->offset) = s->fallback;
        return;
    }
    o = jread_object(r, parent, at, f->key);
    jread_table(r, o, jpath_join(at, f->key).s, f->sub, d);
}

void jread_table_numbers(const JField *table, const char *at, JNumberVisit visit, void *ctx)
{
    for (const JField *f = table; f->type != JF_END; f++) {
        JPath p = jpath_join(at, f->type == JF_INLINE ? "" : f->key);
        if (f->type == JF_INT || f->type == JF_RANGE)
            visit(&(JNumber){p.s, f->type == JF_RANGE, f->lo, f->hi, f->optional}, ctx);
        else if (f->sub)
            jread_table_numbers(f->sub, f->entries ? jpath_join(p.s, "*").s : p.s, visit, ctx);
    }
}
