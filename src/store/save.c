/* The save's files (written and read through core/userfile) and what the writer and the reader
 * share; save_write.c makes the text, save_read*.c read it. */
#define _POSIX_C_SOURCE 200809L /* unlink, access */
#include "store/save.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/userfile.h"
#include "game/invariants.h"
#include "store/save_format.h"

const char *const SAVE_OUTCOME_NAMES[] = {"playing", "died", "won", NULL};
const char *const SAVE_ACTIVITY_NAMES[] = {"none", "travel", "explore", "rest", "search", NULL};
const char *const SAVE_MIND_NAMES[] = {"dormant", "hunting",   "searching", "wandering",
                                       "fleeing", "answering", NULL};
const char *const SAVE_SLOT_NAMES[] = {"none", "weapon", "armour", "chip", NULL};
const char *const SAVE_DOOR_NAMES[] = {"none", "closed", "open", "locked", "hidden", NULL};

const char SAVE_CELL_CHARS[2][5] = {{'#', 'R', 'C', 'P', 'A'}, {',', '.', '=', '-', 'a'}};

static uint64_t fnv1a(const char *data, size_t len, uint64_t h)
{
    for (size_t i = 0; i < len; i++) {
        h ^= (unsigned char)data[i];
        h *= 0x100000001b3ULL;
    }
    return h;
}

uint64_t save_checksum(const char *text, size_t cut)
{
    return fnv1a("}", 1, fnv1a(text, cut, 0xcbf29ce484222325ULL));
}

bool save_write(const Game *game, const char *path, char *err, size_t err_size)
{
    /* A state the loader would refuse must not replace the last good save. */
    char why[SAVE_ERROR_MAX];
    if (!game_check_invariants(game, why, sizeof why)) {
        snprintf(err, err_size, "%s: kept as it was; the game broke a rule: %s", path, why);
        return false;
    }
    return userfile_write_text(path, save_to_json(game), err, err_size);
}

SaveLoad save_load(Game *out, const char *path, const Rules *rules, char *err, size_t err_size)
{
    memset(out, 0, sizeof *out);
    size_t len;
    UserfileRead status;
    char *text = userfile_read(path, SAVE_FILE_MAX, &len, &status, err, err_size);
    if (!text) {
        if (status == USERFILE_MISSING && err_size > 0)
            err[0] = '\0';
        return status == USERFILE_MISSING     ? SAVE_LOAD_MISSING
               : status == USERFILE_TOO_LARGE ? SAVE_LOAD_DAMAGED
                                              : SAVE_LOAD_UNREADABLE;
    }
    char why[SAVE_ERROR_MAX];
    bool ok = save_from_json(out, text, len, rules, why, sizeof why);
    free(text);
    if (!ok) {
        snprintf(err, err_size, "%s: %s", path, why);
        return SAVE_LOAD_DAMAGED;
    }
    return SAVE_LOAD_OK;
}

SaveLoad save_load_or_set_aside(Game *out, const char *path, const Rules *rules, char *msg,
                                size_t msg_size)
{
    char err[SAVE_ERROR_MAX + 1024];
    SaveLoad s = save_load(out, path, rules, err, sizeof err);
    if (msg_size > 0)
        msg[0] = '\0';
    if (s == SAVE_LOAD_OK || s == SAVE_LOAD_MISSING)
        return s;
    if (s == SAVE_LOAD_UNREADABLE) {
        snprintf(msg, msg_size, "%s", err);
        return s;
    }
    userfile_set_aside(path, err, "a new game starts", msg, msg_size);
    return s;
}

bool save_exists(const char *path)
{
    return access(path, F_OK) == 0;
}

bool save_delete(const char *path, char *err, size_t err_size)
{
    /* save.json last: until it goes, a crash leaves the game's save where it was, never a
     * backup alone that the title would offer to continue. */
    static const char *const suffixes[] = {".tmp", ".bak", ""};
    if (err_size > 0)
        err[0] = '\0';
    bool ok = true;
    for (int i = 0; i < 3; i++) {
        char name[4096];
        if (snprintf(name, sizeof name, "%s%s", path, suffixes[i]) >= (int)sizeof name) {
            snprintf(err, err_size, "%s: path too long", path);
            return false;
        }
        if (unlink(name) != 0 && errno != ENOENT && ok) {
            snprintf(err, err_size, "%s: cannot remove: %s", name, strerror(errno));
            ok = false;
        }
    }
    return ok;
}
