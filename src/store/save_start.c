/* What the title screen offers from the user folder at start: save.json's game to continue,
 * or why not; and a save to fall back on (the backup, or a newer one a crash left). */
#define _POSIX_C_SOURCE 200809L /* stat */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "core/errline.h"
#include "core/userfile.h"
#include "store/save.h"

SaveInfo save_info_of(const Game *game, const char *path)
{
    SaveInfo info = {.seed = game->seeds.game, .turn = game->turn, .floor = game->current};
    struct stat st;
    if (path && stat(path, &st) == 0)
        info.saved_at = (long long)st.st_mtime;
    return info;
}

/* The info of the game in `path` if it loads whole and is being played. */
static bool playable(const char *path, const Rules *rules, SaveInfo *info)
{
    Game *g = malloc(sizeof *g);
    char err[SAVE_ERROR_MAX + 1024];
    bool ok = g && save_load(g, path, rules, err, sizeof err) == SAVE_LOAD_OK;
    if (ok) {
        ok = g->outcome == GAME_PLAYING;
        *info = save_info_of(g, path);
        game_free(g);
    }
    free(g);
    return ok;
}

/* Whether a is later than b: by turns within one game, else by the files' times. */
static bool later(const SaveInfo *a, const SaveInfo *b)
{
    if (a->seed == b->seed && a->turn != b->turn)
        return a->turn > b->turn;
    return a->saved_at > b->saved_at;
}

bool save_find_recovery(const char *path, const Rules *rules, const SaveInfo *main,
                        SaveRecovery *out)
{
    memset(out, 0, sizeof *out);
    static const char *const suffixes[] = {".tmp", ".bak"};
    for (int i = 0; i < 2; i++) {
        bool crash = i == 0;
        if (main && !crash)
            break; /* the .bak is older than a good save.json: nothing to offer */
        SaveRecovery c = {.from_crash = crash};
        if (snprintf(c.path, sizeof c.path, "%s%s", path, suffixes[i]) >= (int)sizeof c.path ||
            !playable(c.path, rules, &c.info))
            continue;
        if (main && !later(&c.info, main))
            continue;
        if (!out->path[0] || later(&c.info, &out->info))
            *out = c;
    }
    return out->path[0] != '\0';
}

/* "12 minutes", "3 hours": a span of time in words. */
static void describe_age(long long seconds, char *out, size_t size)
{
    static const struct {
        long long unit;
        const char *name;
    } units[] = {{86400, "day"}, {3600, "hour"}, {60, "minute"}, {1, "second"}};
    if (seconds < 1)
        seconds = 1;
    for (size_t i = 0; i < sizeof units / sizeof *units; i++)
        if (seconds >= units[i].unit || units[i].unit == 1) {
            long long n = seconds / units[i].unit;
            snprintf(out, size, "%lld %s%s", n, units[i].name, n == 1 ? "" : "s");
            return;
        }
}

/* What the save on offer is and how far back it goes: before the damaged save when that one's
 * time is known, else before now. */
static void describe_offer(SaveStart *out, const struct stat *main_st, bool main_ok)
{
    const SaveRecovery *r = &out->recovery;
    char age[48];
    const char *than = "ago";
    if (main_st && !main_ok && r->info.saved_at && main_st->st_mtime >= r->info.saved_at) {
        describe_age((long long)main_st->st_mtime - r->info.saved_at, age, sizeof age);
        than = "before the damaged one";
    } else {
        describe_age((long long)time(NULL) - r->info.saved_at, age, sizeof age);
    }
    if (r->from_crash)
        errline_format(out->offer, sizeof out->offer,
                       "A newer save, written just before the game stopped, is whole: turn %u on "
                       "floor %d, %s %s. 'Continue the newer save' plays on from it.",
                       (unsigned)r->info.turn, r->info.floor, age, than);
    else
        errline_format(out->offer, sizeof out->offer,
                       "%s: turn %u on floor %d, saved %s %s. 'Continue from the backup' plays on "
                       "from there.",
                       main_st ? "The save before it is whole"
                               : "There is no save.json, but its backup is whole",
                       (unsigned)r->info.turn, r->info.floor, age, than);
}

/* A save of a game already over, left behind when it could not be deleted at the end: nothing
 * to continue. The game is freed, and the file moved aside when it may be. */
static void set_aside_ended(Game *game, const char *path, bool may_write, SaveStart *out)
{
    char problem[SAVE_PATH_MAX + 100];
    errline_format(problem, sizeof problem, "%s: the game in it is over (%s on floor %d, turn %u)",
                   path, game->outcome == GAME_WON ? "won" : "died", game->current,
                   (unsigned)game->turn);
    game_free(game);
    memset(game, 0, sizeof *game);
    char moved[SAVE_PATH_MAX + 64], why[SAVE_PATH_MAX + 200];
    if (!may_write)
        errline_format(out->notice, sizeof out->notice, "%s", problem);
    else if (userfile_move_aside_as(path, "ended", moved, sizeof moved, why, sizeof why))
        errline_format(out->notice, sizeof out->notice, "%s; kept as %s", problem, moved);
    else
        errline_format(out->notice, sizeof out->notice, "%s; %s", problem, why);
}

void save_start(Game *game, const char *path, const Rules *rules, bool may_write, SaveStart *out)
{
    memset(out, 0, sizeof *out);
    char msg[SAVE_ERROR_MAX + 1200];
    struct stat main_st;
    bool main_there = stat(path, &main_st) == 0;
    SaveLoad result = save_load(game, path, rules, msg, sizeof msg);
    bool main_ok = result == SAVE_LOAD_OK && game->outcome == GAME_PLAYING;
    bool ended = result == SAVE_LOAD_OK && !main_ok;
    out->continue_main = main_ok;
    SaveInfo main_info = main_ok ? save_info_of(game, path) : (SaveInfo){0};
    /* An ended game's backup is the floor before its end: there is no way back from a death. */
    out->has_recovery =
        !ended && save_find_recovery(path, rules, main_ok ? &main_info : NULL, &out->recovery);
    if (out->has_recovery)
        describe_offer(out, main_there ? &main_st : NULL, main_ok);
    const char *then = out->has_recovery ? "its backup is on offer" : "a new game starts";
    if (ended) {
        set_aside_ended(game, path, may_write, out);
    } else if (result == SAVE_LOAD_DAMAGED && may_write) {
        userfile_set_aside(path, msg, then, out->notice, sizeof out->notice);
    } else if (result == SAVE_LOAD_DAMAGED || result == SAVE_LOAD_UNREADABLE) {
        errline_format(out->notice, sizeof out->notice, "%s; %s", msg, then);
    }
}
