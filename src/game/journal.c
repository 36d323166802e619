/* Recordings (journal.h): command lines, the reader and replay. The writer is
 * journal_write.c, the state and rules hashes journal_hash.c. */
#define _POSIX_C_SOURCE 200809L
#include "game/journal.h"

#include <cjson/cJSON.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/errline.h"
#include "core/userfile.h"
#include "gen/gen.h"

/* ---- command lines -------------------------------------------------------------------- */

void journal_format_command(const Command *cmd, char out[JOURNAL_LINE_MAX])
{
    switch (cmd->type) {
    case CMD_MOVE: snprintf(out, JOURNAL_LINE_MAX, "m %d %d", cmd->dx, cmd->dy); return;
    case CMD_WAIT: snprintf(out, JOURNAL_LINE_MAX, "w"); return;
    case CMD_SEARCH: snprintf(out, JOURNAL_LINE_MAX, "s"); return;
    case CMD_REST: snprintf(out, JOURNAL_LINE_MAX, "r"); return;
    case CMD_SEARCH_LONG: snprintf(out, JOURNAL_LINE_MAX, "S"); return;
    case CMD_USE: snprintf(out, JOURNAL_LINE_MAX, "u %d", cmd->item); return;
    case CMD_EQUIP: snprintf(out, JOURNAL_LINE_MAX, "e %d", cmd->item); return;
    case CMD_DROP: snprintf(out, JOURNAL_LINE_MAX, "d %d", cmd->item); return;
    case CMD_TRAVEL: snprintf(out, JOURNAL_LINE_MAX, "t %d %d", cmd->x, cmd->y); return;
    case CMD_TRAVEL_STAIRS: snprintf(out, JOURNAL_LINE_MAX, "ts %d", cmd->dy); return;
    case CMD_EXPLORE: snprintf(out, JOURNAL_LINE_MAX, "x"); return;
    case CMD_CONTINUE: snprintf(out, JOURNAL_LINE_MAX, "c"); return;
    case CMD_STOP: snprintf(out, JOURNAL_LINE_MAX, "p"); return;
    case CMD_NONE: break;
    }
    /* CMD_NONE, and any other value: game_apply does exactly the same with each. */
    snprintf(out, JOURNAL_LINE_MAX, "n");
}

/* One int field: optional '-', 1..10 digits, within int's range. Advances *p. */
static bool parse_int(const char **p, const char *end, int *out)
{
    const char *s = *p;
    bool neg = s < end && *s == '-';
    s += neg;
    long long v = 0;
    int digits = 0;
    while (s < end && *s >= '0' && *s <= '9' && digits < 11) {
        v = v * 10 + (*s - '0');
        s++;
        digits++;
    }
    if (!digits || digits > 10 || (neg ? -v < INT32_MIN : v > INT32_MAX))
        return false;
    *out = (int)(neg ? -v : v);
    *p = s;
    return true;
}

/* " N" fields, n of them, then the end of the line. */
static bool parse_fields(const char *s, const char *end, int *v, int n)
{
    for (int i = 0; i < n; i++) {
        if (s >= end || *s != ' ')
            return false;
        s++;
        if (!parse_int(&s, end, &v[i]))
            return false;
    }
    return s == end;
}

bool journal_parse_command(const char *line, size_t len, Command *out)
{
    const char *end = line + len;
    int v[2];
    if (len == 0)
        return false;
    if (len >= 2 && line[0] == 't' && line[1] == 's') {
        if (!parse_fields(line + 2, end, v, 1))
            return false;
        *out = command_travel_stairs(v[0]);
        return true;
    }
    const char *rest = line + 1;
    switch (line[0]) {
    case 'm':
        if (!parse_fields(rest, end, v, 2))
            return false;
        *out = command_move(v[0], v[1]);
        return true;
    case 't':
        if (!parse_fields(rest, end, v, 2))
            return false;
        *out = command_travel(v[0], v[1]);
        return true;
    case 'u':
    case 'e':
    case 'd':
        if (!parse_fields(rest, end, v, 1))
            return false;
        *out = command_item(line[0] == 'u' ? CMD_USE : line[0] == 'e' ? CMD_EQUIP : CMD_DROP, v[0]);
        return true;
    default: break;
    }
    if (len != 1)
        return false;
    switch (line[0]) {
    case 'w': *out = command_of(CMD_WAIT); return true;
    case 's': *out = command_of(CMD_SEARCH); return true;
    case 'r': *out = command_of(CMD_REST); return true;
    case 'S': *out = command_of(CMD_SEARCH_LONG); return true;
    case 'x': *out = command_of(CMD_EXPLORE); return true;
    case 'c': *out = command_of(CMD_CONTINUE); return true;
    case 'p': *out = command_of(CMD_STOP); return true;
    case 'n': *out = command_of(CMD_NONE); return true;
    default: return false;
    }
}

/* ---- the header (journal_write.c writes it) ---------------------------------------- */

/* Where the value of the top-level member `key` begins in a JSON object's text, or NULL. */
static const char *raw_member(const char *s, const char *end, const char *key)
{
    int depth = 0;
    size_t key_len = strlen(key);
    for (const char *p = s; p < end; p++) {
        if (*p == '"') {
            const char *start = p + 1;
            for (p++; p < end && *p != '"'; p++)
                if (*p == '\\')
                    p++;
            if (p >= end)
                return NULL;
            if (depth == 1 && (size_t)(p - start) == key_len && !memcmp(start, key, key_len)) {
                const char *q = p + 1;
                while (q < end && (*q == ' ' || *q == '\t'))
                    q++;
                if (q < end && *q == ':') {
                    for (q++; q < end && (*q == ' ' || *q == '\t'); q++) {
                    }
                    return q;
                }
            }
        } else if (*p == '{' || *p == '[') {
            depth++;
        } else if (*p == '}' || *p == ']') {
            depth--;
        }
    }
    return NULL;
}

static bool parse_header(const char *line, size_t len, const char *name, const Rules *rules,
                         JournalHeader *h, char *err, size_t err_size)
{
    memset(h, 0, sizeof *h);
    cJSON *root = cJSON_ParseWithLength(line, len);
    const cJSON *format = cJSON_GetObjectItemCaseSensitive(root, "mouseking_recording");
    if (!cJSON_IsObject(root) || !cJSON_IsNumber(format)) {
        cJSON_Delete(root);
        return errline_fail(err, err_size, "%s: not a Mouse King recording", name);
    }
    const cJSON *game = cJSON_GetObjectItemCaseSensitive(root, "game");
    const cJSON *dungeon = cJSON_GetObjectItemCaseSensitive(root, "dungeon");
    const cJSON *rh = cJSON_GetObjectItemCaseSensitive(root, "rules");
    const cJSON *seed = cJSON_GetObjectItemCaseSensitive(root, "seed");
    const cJSON *date = cJSON_GetObjectItemCaseSensitive(root, "date");
    double fv = format->valuedouble;
    bool ok = false;
    if (fv != JOURNAL_FORMAT) {
        errline_fail(err, err_size, "%s: made with recording format %.15g, this game reads %d",
                     name, fv, JOURNAL_FORMAT);
    } else if (!cJSON_IsString(game) || strlen(game->valuestring) >= sizeof h->game_version ||
               !cJSON_IsNumber(dungeon) || !cJSON_IsString(rh) || strlen(rh->valuestring) != 8 ||
               strspn(rh->valuestring, "0123456789abcdef") != 8 || !cJSON_IsNumber(seed) ||
               !cJSON_IsString(date) || strlen(date->valuestring) >= sizeof h->date) {
        errline_fail(err, err_size,
                     "%s: a damaged recording header (game, dungeon, rules, seed or date)", name);
    } else if (dungeon->valuedouble != DUNGEON_VERSION) {
        errline_fail(err, err_size, "%s: made with dungeon version %.15g, this game has %d", name,
                     dungeon->valuedouble, DUNGEON_VERSION);
    } else {
        h->format = JOURNAL_FORMAT;
        h->dungeon_version = DUNGEON_VERSION;
        snprintf(h->game_version, sizeof h->game_version, "%s", game->valuestring);
        snprintf(h->date, sizeof h->date, "%s", date->valuestring);
        h->rules_hash = (uint32_t)strtoul(rh->valuestring, NULL, 16);
        /* The seed from the text itself: a double would lose the low bits past 2^53. */
        const char *s = raw_member(line, line + len, "seed");
        char digits[24];
        size_t n = 0;
        while (s && s + n < line + len && s[n] >= '0' && s[n] <= '9' && n < sizeof digits - 1) {
            digits[n] = s[n];
            n++;
        }
        digits[n] = '\0';
        errno = 0;
        char *end = NULL;
        unsigned long long v = n ? strtoull(digits, &end, 10) : 0;
        uint32_t ours = rules ? rules_hash(rules) : h->rules_hash;
        if (!n || n > 20 || errno == ERANGE || (n > 1 && digits[0] == '0'))
            errline_fail(err, err_size,
                         "%s: the recording's seed is not a whole number in 0..2^64-1", name);
        else if (h->rules_hash != ours)
            errline_fail(err, err_size,
                         "%s: made with rules %08" PRIx32 ", this game has %08" PRIx32
                         " (data/rules.json differs)",
                         name, h->rules_hash, ours);
        else {
            h->seed = (uint64_t)v;
            ok = true;
        }
    }
    cJSON_Delete(root);
    return ok;
}

/* ---- the reader ----------------------------------------------------------------------- */

void journal_free(Journal *j)
{
    free(j->cmds);
    free(j->checks);
    memset(j, 0, sizeof *j);
}

static bool parse_hex16(const char *s, const char *end, uint64_t *out)
{
    if (end - s != 16)
        return false;
    uint64_t v = 0;
    for (; s < end; s++) {
        int d = *s >= '0' && *s <= '9' ? *s - '0' : *s >= 'a' && *s <= 'f' ? *s - 'a' + 10 : -1;
        if (d < 0)
            return false;
        v = v << 4 | (uint64_t)d;
    }
    *out = v;
    return true;
}

/* "# N T HASH": N must be the commands read so far. */
static bool parse_check(const char *line, size_t len, uint64_t count, JournalCheck *out)
{
    const char *p = line + 2, *end = line + len;
    if (len < 2 || line[0] != '#' || line[1] != ' ')
        return false;
    uint64_t v[2];
    for (int i = 0; i < 2; i++) {
        const char *start = p;
        uint64_t n = 0;
        while (p < end && *p >= '0' && *p <= '9' && p - start < 20) {
            uint64_t next = n * 10 + (uint64_t)(*p - '0');
            if (next / 10 != n)
                return false;
            n = next;
            p++;
        }
        if (p == start || (p - start > 1 && *start == '0') || p >= end || *p != ' ')
            return false;
        p++;
        v[i] = n;
    }
    if (v[0] != count || count == 0 || v[1] > UINT32_MAX || !parse_hex16(p, end, &out->hash))
        return false;
    out->commands = v[0];
    out->turn = (uint32_t)v[1];
    return true;
}

static bool grow(void **array, size_t *cap, size_t need, size_t size)
{
    if (need <= *cap)
        return true;
    size_t n = *cap ? *cap * 2 : 1024;
    while (n < need)
        n *= 2;
    void *p = realloc(*array, n * size);
    if (!p)
        return false;
    *array = p;
    *cap = n;
    return true;
}

bool journal_parse(const char *text, size_t len, const char *name, const Rules *rules, Journal *out,
                   char *err, size_t err_size)
{
    memset(out, 0, sizeof *out);
    const char *nl = memchr(text, '\n', len);
    if (!nl)
        return errline_fail(err, err_size, "%s: not a Mouse King recording", name);
    if (!parse_header(text, (size_t)(nl - text), name, rules, &out->header, err, err_size))
        return false;
    size_t pos = (size_t)(nl - text) + 1, cmd_cap = 0, check_cap = 0;
    while (pos < len) {
        const char *line = text + pos;
        const char *end = memchr(line, '\n', len - pos);
        if (!end)
            break;
        size_t n = (size_t)(end - line);
        Command cmd;
        JournalCheck check;
        if (n > 0 && line[0] == '#') {
            if (!parse_check(line, n, out->count, &check))
                break;
            if (!grow((void **)&out->checks, &check_cap, out->check_count + 1, sizeof check))
                goto oom;
            out->checks[out->check_count++] = check;
        } else {
            if (!journal_parse_command(line, n, &cmd))
                break;
            if (!grow((void **)&out->cmds, &cmd_cap, out->count + 1, sizeof cmd))
                goto oom;
            out->cmds[out->count++] = cmd;
        }
        pos += n + 1;
    }
    out->good_bytes = pos;
    out->torn = pos < len;
    return true;
oom:
    journal_free(out);
    return errline_fail(err, err_size, "%s: out of memory", name);
}

bool journal_read(const char *path, const Rules *rules, Journal *out, char *err, size_t err_size)
{
    memset(out, 0, sizeof *out);
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0) {
        int e = errno;
        return errline_fail(err, err_size, "%s: cannot open: %s", path, strerror(e));
    }
    struct stat st;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        close(fd);
        return errline_fail(err, err_size, "%s: not a regular file", path);
    }
    if (st.st_size > JOURNAL_FILE_MAX) {
        close(fd);
        return errline_fail(err, err_size, "%s: %lld bytes; a recording may have at most %d", path,
                            (long long)st.st_size, JOURNAL_FILE_MAX);
    }
    size_t size = (size_t)st.st_size, got = 0;
    char *text = malloc(size + 1);
    if (!text) {
        close(fd);
        return errline_fail(err, err_size, "%s: out of memory", path);
    }
    while (got < size) {
        ssize_t n = read(fd, text + got, size - got);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            break;
        got += (size_t)n;
    }
    int e = errno;
    close(fd);
    if (got < size) {
        free(text);
        return errline_fail(err, err_size, "%s: cannot read: %s", path, strerror(e));
    }
    text[got] = '\0';
    bool ok = journal_parse(text, got, path, rules, out, err, err_size);
    free(text);
    return ok;
}

bool journal_cut(const char *path, size_t good_bytes, char *err, size_t err_size)
{
    int fd = open(path, O_WRONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0) {
        int e = errno;
        return errline_fail(err, err_size, "%s: cannot open to cut: %s", path, strerror(e));
    }
    struct stat st;
    bool ok = fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && (off_t)good_bytes <= st.st_size &&
              ftruncate(fd, (off_t)good_bytes) == 0 && fsync(fd) == 0;
    int e = errno;
    close(fd);
    if (!ok)
        return errline_fail(err, err_size, "%s: cannot cut to %zu bytes: %s", path, good_bytes,
                            strerror(e));
    return true;
}

/* ---- replay --------------------------------------------------------------------------- */

bool journal_start_game(const Journal *j, const Rules *rules, Game *g, char *err, size_t err_size)
{
    if (!game_init(g, j->header.seed, rules))
        return errline_fail(err, err_size, "seed %" PRIu64 ": %s", j->header.seed, g->error);
    return true;
}

bool journal_replay(const Journal *j, Game *g, size_t from, size_t upto, char *err, size_t err_size)
{
    if (from > upto || upto > j->count)
        return errline_fail(err, err_size, "commands %zu..%zu asked of a recording of %zu", from,
                            upto, j->count);
    if (g->commands_known && g->commands != from)
        return errline_fail(err, err_size,
                            "the game holds %" PRIu64 " commands, the replay starts at %zu",
                            g->commands, from);
    size_t k = 0;
    while (k < j->check_count && j->checks[k].commands <= from)
        k++;
    for (size_t i = from; i < upto; i++) {
        game_apply(g, &j->cmds[i]);
        for (; k < j->check_count && j->checks[k].commands == i + 1; k++) {
            const JournalCheck *c = &j->checks[k];
            uint64_t h = game_state_hash(g);
            if (h == c->hash && g->turn == c->turn)
                continue;
            if (g->turn != c->turn)
                return errline_fail(err, err_size,
                                    "out of step at command %" PRIu64 ", turn %" PRIu32
                                    ": the replay is at turn %" PRIu32 " (state %016" PRIx64
                                    " recorded, %016" PRIx64 " replayed)",
                                    c->commands, c->turn, g->turn, c->hash, h);
            return errline_fail(err, err_size,
                                "out of step at command %" PRIu64 ", turn %" PRIu32
                                ": state %016" PRIx64 " recorded, %016" PRIx64 " replayed",
                                c->commands, c->turn, c->hash, h);
        }
    }
    return true;
}
