/* The user folder's files as the window uses them: options, highscores and the save read at
 * start (with what the title offers when the save cannot be continued), the game saved and
 * deleted, the recordings of ended games kept, and F12 screenshots. */
#define _POSIX_C_SOURCE 200809L /* localtime_r, mkstemp */
#include <SDL.h>
#include <SDL_image.h>
#include <dirent.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "core/errline.h"
#include "core/userfile.h"
#include "game/save.h"
#include "ui/app_internal.h"
#include "ui/paths.h"

/* False when the path does not fit (never used cut: it would name another file). */
static bool user_path(const App *app, char *out, size_t size, const char *name)
{
    int n = snprintf(out, size, "%s/%s", app->user_dir, name);
    return n >= 0 && (size_t)n < size;
}

void app_save_options(App *app)
{
    if (!app->user_dir[0] || !app->options_path[0] || app->read_only)
        return;
    char err[1400];
    if (!options_save(&app->options, app->options_path, err, sizeof err))
        app_toast(app, "%s", err);
}

/* The config folder (options.json, gamecontrollerdb.txt) and, the first time, the files of the
 * folder used before moved over; each problem is one line, and the options then last until
 * the game ends. */
static void find_config_dir(App *app)
{
    char dir[1024], err[1400];
    app->options_path[0] = app->pad_mappings[0] = '\0';
    if (!paths_config_dir(dir, sizeof dir, err, sizeof err)) {
        errline_say(stderr, "warning: %s; options will not be saved", err);
        return;
    }
    if (!app->locked) {
        paths_move_old_user_files(app->user_dir, dir, err, sizeof err);
        if (err[0]) /* what was moved, or why not */
            errline_say(stderr, "%s", err);
    }
    int a = snprintf(app->options_path, sizeof app->options_path, "%s/options.json", dir);
    int b = snprintf(app->pad_mappings, sizeof app->pad_mappings, "%s/gamecontrollerdb.txt", dir);
    if (a < 0 || (size_t)a >= sizeof app->options_path || b < 0 ||
        (size_t)b >= sizeof app->pad_mappings) {
        errline_say(stderr, "warning: the path of %s is too long; options will not be saved", dir);
        app->options_path[0] = app->pad_mappings[0] = '\0';
    }
}

/* A new file of a name nobody can have planted (a link there would be followed): only whether
 * the folder takes a file at all. */
static void probe_folder(App *app, char *probe)
{
    int fd = mkstemp(probe);
    if (fd < 0) {
        /* Read what is there, write nothing: one warning instead of one per save. */
        errline_say(stderr, "warning: cannot write in %s (%s); playing without saving",
                    app->user_dir, strerror(errno));
        app->read_only = true;
    } else {
        close(fd);
        unlink(probe);
    }
}

/* Another copy owns the folder: its options and highscores are read as they are, a damaged
 * one left where it is (setting it aside is a write). */
static void load_read_only(App *app, const char *scores)
{
    char err[1400];
    if (app->options_path[0] && !options_load(&app->options, app->options_path, err, sizeof err))
        errline_say(stderr, "%s; defaults used", err);
    if (!highscores_load(&app->scores, scores, err, sizeof err))
        errline_say(stderr, "%s", err);
}

void app_load_user_files(App *app)
{
    options_default(&app->options);
    highscores_init(&app->scores);
    char err[1400], scores[1200], probe[1200];
    if (paths_user_dir(app->user_dir, sizeof app->user_dir, err, sizeof err) &&
        !(user_path(app, scores, sizeof scores, "highscores.json") &&
          user_path(app, app->save_path, sizeof app->save_path, "save.json") &&
          user_path(app, app->journal_path, sizeof app->journal_path, "game.mkrec") &&
          user_path(app, probe, sizeof probe, ".write-test-XXXXXX")))
        snprintf(err, sizeof err, "the path of %s is too long", app->user_dir);
    else if (app->user_dir[0])
        err[0] = '\0';
    if (err[0]) { /* one line, and nothing else about that folder */
        errline_say(stderr, "warning: %s; nothing will be saved", err);
        app->user_dir[0] = app->save_path[0] = app->journal_path[0] = '\0';
        return;
    }
    /* Before anything in the folder is read or written: another copy may own it. */
    if (!app_lock_user_dir(app)) {
        find_config_dir(app);
        load_read_only(app, scores);
        return;
    }
    probe_folder(app, probe);
    find_config_dir(app);
    /* A damaged file is moved aside (kept, never deleted) and named on the title screen. */
    if (app->options_path[0] &&
        !options_load_or_reset(&app->options, app->options_path, err, sizeof err)) {
        errline_say(stderr, "%s", err);
        snprintf(app->notice, sizeof app->notice, "%s", err);
    }
    if (!highscores_load_or_reset(&app->scores, scores, err, sizeof err)) {
        errline_say(stderr, "%s", err);
        snprintf(app->notice, sizeof app->notice, "%s", err);
    }
}

/* The snapshot just loaded, moved on by its recording's tail (what was played after it), and
 * the recording reopened; what that found is said on stderr and on the title. */
static void resume_recording(App *app, const char *snapshot)
{
    SessionResume res;
    session_resume(&app->session, &app->game, &app->rules, snapshot, app->journal_path, &res);
    if (!res.message[0])
        return;
    errline_say(stderr, "%s", res.message);
    size_t used = strlen(app->notice);
    snprintf(app->notice + used, sizeof app->notice - used, "%s%s", used ? " " : "", res.message);
}

enum { RECORDINGS_KEPT = 20 };

static int by_name_newest_first(const void *a, const void *b)
{
    return strcmp((const char *)b, (const char *)a);
}

int app_recordings(const App *app, RecordingName *names, int max)
{
    char dir[1300];
    snprintf(dir, sizeof dir, "%s/recordings", app->user_dir);
    DIR *d = app->user_dir[0] ? opendir(dir) : NULL;
    int n = 0;
    for (struct dirent *e; d && (e = readdir(d)) && n < max;) {
        size_t len = strlen(e->d_name);
        if (len > 6 && len < sizeof names[0].s && strcmp(e->d_name + len - 6, ".mkrec") == 0)
            memcpy(names[n++].s, e->d_name, len + 1);
    }
    if (d)
        closedir(d);
    qsort(names, (size_t)n, sizeof *names, by_name_newest_first);
    return n;
}

static bool named_by_a_highscore(const App *app, const char *name)
{
    for (int i = 0; i < app->scores.count; i++)
        if (strcmp(app->scores.entries[i].recording, name) == 0)
            return true;
    return false;
}

/* Past the newest RECORDINGS_KEPT, a recording goes unless a highscore names it. */
static void prune_recordings(App *app, const char *dir)
{
    enum { MAX = 1000 };
    RecordingName *names = malloc(MAX * sizeof *names);
    int n = names ? app_recordings(app, names, MAX) : 0;
    for (int i = RECORDINGS_KEPT; i < n; i++) {
        if (!named_by_a_highscore(app, names[i].s)) {
            char path[1600];
            snprintf(path, sizeof path, "%s/%s", dir, names[i].s);
            remove(path);
        }
    }
    free(names);
}

/* The game saved last time, if there is one: Continue on the title. What cannot be continued
 * is named on the title screen, and a save on offer is described there (save_start). */
void app_load_saved_game(App *app)
{
    if (!app->save_path[0])
        return;
    SaveStart *start = malloc(sizeof *start);
    if (!start)
        return;
    save_start(&app->game, app->save_path, &app->rules, !app->read_only, start);
    app->game_ready = start->continue_main;
    app->has_recovery = start->has_recovery;
    app->recovery = start->recovery;
    snprintf(app->recovery_line, sizeof app->recovery_line, "%s", start->offer);
    snprintf(app->notice, sizeof app->notice, "%s", start->notice);
    if (start->notice[0])
        errline_say(stderr, "%s", start->notice);
    if (start->offer[0])
        errline_say(stderr, "%s (%s)", start->offer, start->recovery.path);
    free(start);
    if (app->game_ready && !app->read_only)
        resume_recording(app, app->save_path);
}

/* The offered save was not chosen: it is kept aside under its own name, never written over. */
void app_forgo_recovery(App *app)
{
    if (!app->has_recovery)
        return;
    app->has_recovery = false;
    app->recovery_line[0] = '\0';
    char moved[1300], err[1400];
    if (app->read_only)
        return;
    if (userfile_move_aside_as(app->recovery.path, "unused", moved, sizeof moved, err, sizeof err))
        app_toast(app, "The save not chosen is kept as %s", moved);
    else
        app_toast(app, "%s", err);
}

bool app_recover(App *app)
{
    Game *g = malloc(sizeof *g);
    char err[1400];
    if (!g || save_load(g, app->recovery.path, &app->rules, err, sizeof err) != SAVE_LOAD_OK) {
        app_toast(app, "Cannot continue: %s", g ? err : "out of memory");
        free(g);
        return false;
    }
    if (app->game_ready)
        game_free(&app->game);
    app->game = *g;
    free(g);
    app->game_ready = app->first_game_done = true;
    resume_recording(app, app->recovery.path);
    app->has_recovery = false; /* chosen: it becomes save.json now */
    app->recovery_line[0] = app->notice[0] = '\0';
    app_save_game(app);
    return true;
}

void app_save_game(App *app)
{
    /* While a save is on offer the player has not chosen: writing now would replace it. */
    if (!app->save_path[0] || app->read_only || !app_game_in_progress(app) || app->has_recovery)
        return;
    char err[1400];
    session_sync(&app->session,
                 SDL_GetTicks64()); /* the recording first: it must hold the snapshot */
    if (save_write(&app->game, app->save_path, err, sizeof err)) {
        app->save_failed = false;
        return;
    }
    if (!app->save_failed) /* once, not on every floor */
        app_toast(app, "Not saved: %s", err);
    app->save_failed = true;
}

void app_delete_save(App *app)
{
    char err[1400];
    if (app->save_path[0] && !app->read_only && !save_delete(app->save_path, err, sizeof err))
        app_toast(app, "%s", err);
}

/* F12: the frame as it is on screen, to a PNG in the user's folder. */
void app_save_screenshot(App *app)
{
    int w, h;
    SDL_Surface *shot = NULL;
    if (!app->user_dir[0]) {
        app_toast(app, "No screenshot: there is no user folder to put it in");
    } else if (SDL_GetRendererOutputSize(app->renderer, &w, &h) != 0 ||
               !(shot = SDL_CreateRGBSurfaceWithFormat(0, w, h, 24, SDL_PIXELFORMAT_RGB24)) ||
               SDL_RenderReadPixels(app->renderer, NULL, SDL_PIXELFORMAT_RGB24, shot->pixels,
                                    shot->pitch) != 0) {
        app_toast(app, "No screenshot: %s", SDL_GetError());
    } else {
        time_t now = time(NULL);
        struct tm tm;
        localtime_r(&now, &tm);
        char stamp[32], path[1300], tmp[1400];
        strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tm);
        snprintf(path, sizeof path, "%s/screenshot-%s-%03u.png", app->user_dir, stamp,
                 (unsigned)(SDL_GetTicks() % 1000));
        snprintf(tmp, sizeof tmp, "%s.tmp", path); /* whole or not at all */
        /* Made new, never through a link someone planted at that (guessable) name. */
        int fd = userfile_create_new(tmp);
        FILE *f = fd >= 0 ? fdopen(fd, "wb") : NULL;
        if (fd >= 0 && !f)
            close(fd);
        SDL_RWops *out = f ? SDL_RWFromFP(f, SDL_TRUE) : NULL; /* closes f when done */
        if (f && !out)
            fclose(f);
        if (!out)
            SDL_SetError("%s", strerror(errno));
        if (out && IMG_SavePNG_RW(shot, out, 1) == 0 && rename(tmp, path) == 0) {
            app_toast(app, "Screenshot saved: %s", path);
        } else {
            app_toast(app, "No screenshot: %s: %s", path, IMG_GetError());
            if (fd >= 0)
                remove(tmp); /* ours */
        }
    }
    SDL_FreeSurface(shot);
}

/* The ended game's recording goes to recordings/ under the date and seed; the newest
 * RECORDINGS_KEPT are kept, and every one a highscore names. */
void app_keep_recording(App *app, const char *stamp)
{
    session_close(&app->session);
    app->last_recording[0] = '\0';
    /* Only a recording of the whole game: after a refused one, game.mkrec may be another's. */
    if (!app->session.whole || !app->journal_path[0] || app->read_only ||
        !save_exists(app->journal_path))
        return;
    char dir[1300], name[96], path[1600], err[1400];
    snprintf(dir, sizeof dir, "%s/recordings", app->user_dir);
    if (!userfile_make_dir(dir, err, sizeof err)) {
        app_toast(app, "The recording stays as %s: %s", app->journal_path, err);
        return;
    }
    snprintf(name, sizeof name, "%s-seed%" PRIu64 ".mkrec", stamp, app->game.seeds.game);
    snprintf(path, sizeof path, "%s/%s", dir, name);
    if (rename(app->journal_path, path) != 0) {
        snprintf(err, sizeof err, "%s", strerror(errno));
        app_toast(app, "The recording stays as %s: %s", app->journal_path, err);
        return;
    }
    snprintf(app->last_recording, sizeof app->last_recording, "%s", name);
    prune_recordings(app, dir);
}
