/* Recordings (journal.h): the header line read and checked. A header is read only when it
 * is exactly the line journal_write.c writes for the values it holds, so a changed byte, a
 * member added, moved or spaced out is damage, not a new header. */
#define _POSIX_C_SOURCE 200809L
#include <cjson/cJSON.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/errline.h"
#include "gen/gen.h"
#include "store/journal.h"

/* The value after the ':' that follows a key ending just before q, or NULL. */
static const char *value_after(const char *q, const char *end)
{
    while (q < end && (*q == ' ' || *q == '\t'))
        q++;
    if (q >= end || *q != ':')
        return NULL;
    for (q++; q < end && (*q == ' ' || *q == '\t'); q++) {
    }
    return q;
}

/* The closing quote of a string whose text begins at p (past end if there is none). */
static const char *string_end(const char *p, const char *end)
{
    for (; p < end && *p != '"'; p++)
        if (*p == '\\')
            p++;
    return p;
}

/* Where the value of the top-level member `key` begins in a JSON object's text, or NULL. */
static const char *raw_member(const char *s, const char *end, const char *key)
{
    int depth = 0;
    size_t key_len = strlen(key);
    for (const char *p = s; p < end; p++) {
        if (*p == '"') {
            const char *start = p + 1;
            p = string_end(start, end);
            if (p >= end)
                return NULL;
            bool is_key =
                depth == 1 && (size_t)(p - start) == key_len && !memcmp(start, key, key_len);
            const char *value = is_key ? value_after(p + 1, end) : NULL;
            if (value)
                return value;
        } else if (*p == '{' || *p == '[') {
            depth++;
        } else if (*p == '}' || *p == ']') {
            depth--;
        }
    }
    return NULL;
}

/* The header's members, as cJSON found them. */
typedef struct HeaderMembers {
    const cJSON *format, *game, *dungeon, *rules, *seed, *date;
} HeaderMembers;

static HeaderMembers members_of(const cJSON *root)
{
    return (HeaderMembers){cJSON_GetObjectItemCaseSensitive(root, "mouseking_recording"),
                           cJSON_GetObjectItemCaseSensitive(root, "game"),
                           cJSON_GetObjectItemCaseSensitive(root, "dungeon"),
                           cJSON_GetObjectItemCaseSensitive(root, "rules"),
                           cJSON_GetObjectItemCaseSensitive(root, "seed"),
                           cJSON_GetObjectItemCaseSensitive(root, "date")};
}

/* Each member of its type, the strings of a size the header holds. */
static bool members_fit(const HeaderMembers *m, const JournalHeader *h)
{
    return cJSON_IsString(m->game) && strlen(m->game->valuestring) < sizeof h->game_version &&
           cJSON_IsNumber(m->dungeon) && cJSON_IsString(m->rules) &&
           strlen(m->rules->valuestring) == 8 &&
           strspn(m->rules->valuestring, "0123456789abcdef") == 8 && cJSON_IsNumber(m->seed) &&
           cJSON_IsString(m->date) && strlen(m->date->valuestring) < sizeof h->date;
}

/* The seed from the text itself: a double would lose the low bits past 2^53. */
static bool seed_of_text(const char *line, size_t len, uint64_t *out)
{
    const char *s = raw_member(line, line + len, "seed");
    char digits[24];
    size_t n = 0;
    while (s && s + n < line + len && s[n] >= '0' && s[n] <= '9' && n < sizeof digits - 1) {
        digits[n] = s[n];
        n++;
    }
    digits[n] = '\0';
    errno = 0;
    unsigned long long v = n ? strtoull(digits, NULL, 10) : 0;
    if (!n || n > 20 || errno == ERANGE || (n > 1 && digits[0] == '0'))
        return false;
    *out = (uint64_t)v;
    return true;
}

/* The values of members that fit, into h: the seed, and rules this game has. */
static bool take_values(const char *line, size_t len, const char *name, const Rules *rules,
                        const HeaderMembers *m, JournalHeader *h, char *err, size_t err_size)
{
    h->format = JOURNAL_FORMAT;
    h->dungeon_version = DUNGEON_VERSION;
    snprintf(h->game_version, sizeof h->game_version, "%s", m->game->valuestring);
    snprintf(h->date, sizeof h->date, "%s", m->date->valuestring);
    h->rules_hash = (uint32_t)strtoul(m->rules->valuestring, NULL, 16);
    uint64_t seed = 0;
    uint32_t ours = rules ? rules_hash(rules) : h->rules_hash;
    if (!seed_of_text(line, len, &seed))
        return errline_fail(err, err_size,
                            "%s: line 1: the recording's seed is not a whole number in 0..2^64-1",
                            name);
    if (h->rules_hash != ours)
        return errline_fail(err, err_size,
                            "%s: made with rules %08" PRIx32 ", this game has %08" PRIx32
                            " (data/rules.json differs)",
                            name, h->rules_hash, ours);
    h->seed = seed;
    return true;
}

static bool parse_members(const char *line, size_t len, const char *name, const Rules *rules,
                          JournalHeader *h, char *err, size_t err_size)
{
    memset(h, 0, sizeof *h);
    cJSON *root = cJSON_ParseWithLength(line, len);
    HeaderMembers m = members_of(root);
    bool ok = false;
    if (!cJSON_IsObject(root) || !cJSON_IsNumber(m.format))
        errline_fail(err, err_size, "%s: not a Mouse King recording", name);
    else if (m.format->valuedouble != JOURNAL_FORMAT)
        errline_fail(err, err_size, "%s: made with recording format %.15g, this game reads %d",
                     name, m.format->valuedouble, JOURNAL_FORMAT);
    else if (!members_fit(&m, h))
        errline_fail(err, err_size,
                     "%s: line 1: a damaged recording header (game, dungeon, rules, seed or date)",
                     name);
    else if (m.dungeon->valuedouble != DUNGEON_VERSION)
        errline_fail(err, err_size, "%s: made with dungeon version %.15g, this game has %d", name,
                     m.dungeon->valuedouble, DUNGEON_VERSION);
    else
        ok = take_values(line, len, name, rules, &m, h, err, err_size);
    cJSON_Delete(root);
    return ok;
}

/* "YYYY-MM-DDTHH:MM:SSZ", each field in its range: what journal_header_for writes. */
static bool date_ok(const char *d)
{
    static const char shape[] = "dddd-dd-ddTdd:dd:ddZ";
    if (strlen(d) != sizeof shape - 1)
        return false;
    for (size_t i = 0; shape[i]; i++)
        if (shape[i] == 'd' ? d[i] < '0' || d[i] > '9' : d[i] != shape[i])
            return false;
    int month = atoi(d + 5), day = atoi(d + 8), hour = atoi(d + 11), min = atoi(d + 14),
        sec = atoi(d + 17);
    return month >= 1 && month <= 12 && day >= 1 && day <= 31 && hour <= 23 && min <= 59 &&
           sec <= 60;
}

char *journal_header_line(const JournalHeader *h)
{
    cJSON *v = cJSON_CreateString(h->game_version), *d = cJSON_CreateString(h->date);
    char *vs = v ? cJSON_PrintUnformatted(v) : NULL, *ds = d ? cJSON_PrintUnformatted(d) : NULL;
    cJSON_Delete(v);
    cJSON_Delete(d);
    char *line = NULL;
    if (vs && ds) {
        size_t size = strlen(vs) + strlen(ds) + 200;
        line = malloc(size);
        if (line)
            snprintf(line, size,
                     "{\"mouseking_recording\":%d,\"game\":%s,\"dungeon\":%d,\"rules\":\"%08" PRIx32
                     "\",\"seed\":%" PRIu64 ",\"date\":%s}",
                     h->format, vs, h->dungeon_version, h->rules_hash, h->seed, ds);
    }
    cJSON_free(vs);
    cJSON_free(ds);
    return line;
}

bool journal_parse_header(const char *line, size_t len, const char *name, const Rules *rules,
                          JournalHeader *h, char *err, size_t err_size)
{
    if (!parse_members(line, len, name, rules, h, err, err_size))
        return false;
    if (!date_ok(h->date))
        return errline_fail(err, err_size, "%s: line 1: the header's date is not a UTC time", name);
    char *want = journal_header_line(h);
    if (!want)
        return errline_fail(err, err_size, "%s: out of memory", name);
    bool same = strlen(want) == len && memcmp(want, line, len) == 0;
    free(want);
    if (!same)
        return errline_fail(err, err_size,
                            "%s: line 1: the header is not as the game writes it (a byte of it "
                            "changed, or a member was added, moved or spaced)",
                            name);
    return true;
}
