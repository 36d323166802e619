/* Recordings (journal.h): command lines, cutting a torn tail, and replay. The reader is
 * journal_read.c (the header journal_header.c), the writer journal_write.c, the state and
 * rules hashes journal_hash.c. */
#define _POSIX_C_SOURCE 200809L
#include "store/journal.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/errline.h"

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
    case CMD_CLOSE: snprintf(out, JOURNAL_LINE_MAX, "cl %d %d", cmd->dx, cmd->dy); return;
    case CMD_THROW:
        snprintf(out, JOURNAL_LINE_MAX, "th %d %d %d", cmd->item, cmd->x, cmd->y);
        return;
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
    if (len >= 2 && line[0] == 't' && line[1] == 'h') {
        int t[3];
        if (!parse_fields(line + 2, end, t, 3))
            return false;
        *out = command_throw(t[0], t[1], t[2]);
        return true;
    }
    if (len >= 2 && line[0] == 'c' && line[1] == 'l') {
        if (!parse_fields(line + 2, end, v, 2))
            return false;
        *out = command_close(v[0], v[1]);
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

/* Whether the writer puts a checksum after this command (journal_write.c, journal_add). */
static bool check_due(const Game *g, size_t commands)
{
    return commands % JOURNAL_CHECK_EVERY == 0 || (g->events & GAME_EVENT_FLOOR_CHANGED) ||
           (g->outcome != GAME_PLAYING && (g->events & (GAME_EVENT_DIED | GAME_EVENT_WON)));
}

/* The checksum k against the replayed game; false with err naming its line. */
static bool check_matches(const Journal *j, size_t k, const Game *g, char *err, size_t err_size)
{
    const JournalCheck *c = &j->checks[k];
    uint64_t h = game_state_hash(g);
    if (h == c->hash && g->turn == c->turn)
        return true;
    size_t line = journal_check_line(j, k);
    if (g->turn != c->turn)
        return errline_fail(err, err_size,
                            "line %zu: out of step at command %" PRIu64 ", turn %" PRIu32
                            ": the replay is at turn %" PRIu32 " (state %016" PRIx64
                            " recorded, %016" PRIx64 " replayed)",
                            line, c->commands, c->turn, g->turn, c->hash, h);
    return errline_fail(err, err_size,
                        "line %zu: out of step at command %" PRIu64 ", turn %" PRIu32
                        ": state %016" PRIx64 " recorded, %016" PRIx64 " replayed",
                        line, c->commands, c->turn, c->hash, h);
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
        /* Command i stands on line 2 + i + k: the header, i commands, k checksums. */
        if (g->outcome != GAME_PLAYING)
            return errline_fail(err, err_size, "line %zu: a command after the end of the game",
                                2 + i + k);
        game_apply(g, &j->cmds[i]);
        bool checked = k < j->check_count && j->checks[k].commands == i + 1;
        if (checked && !check_matches(j, k++, g, err, err_size))
            return false;
        if (!checked && i + 1 < j->count && check_due(g, i + 1))
            return errline_fail(err, err_size,
                                "line %zu: a command where the checksum of command %zu must be "
                                "(one follows every %dth command, a floor change and the end)",
                                2 + i + 1 + k, i + 1, JOURNAL_CHECK_EVERY);
    }
    return true;
}
