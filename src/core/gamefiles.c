/* The user folder's names the game writes (gamefiles.h). */
#include "core/gamefiles.h"

#include <stddef.h>
#include <string.h>

static const struct {
    const char *name;
    GameFile kind;
} OWN[] = {
    {"save.json", GAMEFILE_DATA},
    {"game.mkrec", GAMEFILE_DATA},
    {"highscores.json", GAMEFILE_DATA},
    {"options.json", GAMEFILE_CONFIG},
    {"gamecontrollerdb.txt", GAMEFILE_CONFIG},
};

/* The labels of userfile_move_aside_as, as the game uses them. */
static const char *const ASIDE[] = {"damaged", "ended", "unused"};

static bool starts(const char *s, const char *prefix)
{
    return strncmp(s, prefix, strlen(prefix)) == 0;
}

static bool ends(const char *s, const char *suffix)
{
    size_t n = strlen(s), m = strlen(suffix);
    return n >= m && strcmp(s + n - m, suffix) == 0;
}

/* "-DATE-TIME" or "-DATE-TIME-N": digits and dashes after a dash, at least one digit. */
static bool stamp(const char *s)
{
    if (*s++ != '-' || !*s)
        return false;
    for (; *s; s++)
        if (!(*s == '-' || (*s >= '0' && *s <= '9')))
            return false;
    return true;
}

/* What may follow a file's name in its copies: nothing, .bak or .tmp, then perhaps a label. */
static bool copy_tail(const char *s)
{
    if (starts(s, ".bak") || starts(s, ".tmp"))
        s += 4;
    if (!*s)
        return true;
    for (size_t i = 0; i < sizeof ASIDE / sizeof *ASIDE; i++) {
        size_t n = strlen(ASIDE[i]);
        if (s[0] == '.' && strncmp(s + 1, ASIDE[i], n) == 0 && stamp(s + 1 + n))
            return true;
    }
    return false;
}

GameFile gamefile_of(const char *name)
{
    for (size_t i = 0; i < sizeof OWN / sizeof *OWN; i++)
        if (starts(name, OWN[i].name) && copy_tail(name + strlen(OWN[i].name)))
            return OWN[i].kind;
    if (strcmp(name, GAMEFILES_RECORDINGS) == 0)
        return GAMEFILE_RECORDINGS;
    if (starts(name, "screenshot-") && ends(name, ".png") && strlen(name) > 15)
        return GAMEFILE_DATA;
    return GAMEFILE_FOREIGN;
}

bool gamefile_is_recording(const char *name)
{
    size_t n = strlen(name);
    return name[0] != '.' && ((ends(name, ".mkrec") && n > 6) || (ends(name, ".txt") && n > 4));
}
