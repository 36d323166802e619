/* The user folder's files as the window uses them: options, highscores and the save read at
 * start (with what the title offers when the save cannot be continued), the game saved and
 * deleted, the recordings of ended games kept, and F12 screenshots. */
#define _POSIX_C_SOURCE 200809L /* mkstemp, clock_gettime */
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
#include "core/notice.h"
#include "core/paths.h"
#include "core/userfile.h"
#include "store/save.h"
#include "ui/app_internal.h"
#include "ui/shot_name.h"

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

/* What Continue's recording gave, said on stderr and on the title, where it stays until that
 * game is over (app->notice_game_at). */
static void say_resumed(App *app, const char *message)
{
    if (!message[0])
        return;
    errline_say(stderr, "%s", message);
    notice_add_game(app->notice, sizeof app->notice, &app->notice_game_at, message);
}

/* The snapshot just loaded, moved on by its recording's tail (what was played after it), and
 * the recording reopened. */
static void resume_recording(App *app, const char *snapshot)
{
    SessionResume res;
    session_close(&app->session); /* the one game_start opened on the other snapshot */
    session_resume(&app->session, &app->game, &app->rules, snapshot, app->journal_path,
                   !app->read_only, &res);
    say_resumed(app, res.message);
}

int app_recordings(const App *app, RecordingName *names, int max)
{
    char dir[1300];
    snprintf(dir, sizeof dir, "%s/recordings", app->user_dir);
    return app->user_dir[0] ? game_end_recordings(dir, names, max) : 0;
}

void app_game_files(const App *app, GameFiles *f)
{
    memset(f, 0, sizeof *f);
    f->may_write = !app->read_only && app->user_dir[0];
    if (!app->user_dir[0])
        return;
    snprintf(f->dir, sizeof f->dir, "%s", app->user_dir);
    snprintf(f->save, sizeof f->save, "%s", app->save_path);
    snprintf(f->journal, sizeof f->journal, "%s", app->journal_path);
    if (!user_path(app, f->scores, sizeof f->scores, "highscores.json"))
        f->scores[0] = '\0';
}

/* The game saved last time, if there is one: Continue on the title. What cannot be continued
 * is named on the title screen, and a save on offer is described there (save_start); a game
 * found over has its end written (game_start). */
void app_load_saved_game(App *app)
{
    app->notice_game_at = -1;
    if (!app->save_path[0])
        return;
    GameStart *start = malloc(sizeof *start);
    GameFiles files;
    app_game_files(app, &files);
    if (!start)
        return;
    game_start(&app->game, &app->session, &app->rules, &files, &app->scores, start);
    app->game_ready = start->playable;
    app->has_recovery = start->save.has_recovery;
    app->recovery = start->save.recovery;
    snprintf(app->recovery_line, sizeof app->recovery_line, "%s", start->save.offer);
    if (start->notice[0]) {
        errline_say(stderr, "%s", start->notice);
        notice_add(app->notice, sizeof app->notice, start->notice);
    }
    if (start->save.offer[0])
        errline_say(stderr, "%s (%s)", start->save.offer, start->save.recovery.path);
    if (start->playable)
        say_resumed(app, start->resume.message);
    free(start);
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

/* The frame as it is on screen, as an RGB24 surface; NULL when it cannot be read (SDL_GetError
 * says why). */
static SDL_Surface *read_frame(SDL_Renderer *renderer)
{
    int w, h;
    if (SDL_GetRendererOutputSize(renderer, &w, &h) != 0)
        return NULL;
    SDL_Surface *shot = SDL_CreateRGBSurfaceWithFormat(0, w, h, 24, SDL_PIXELFORMAT_RGB24);
    if (shot && SDL_RenderReadPixels(renderer, NULL, SDL_PIXELFORMAT_RGB24, shot->pixels,
                                     shot->pitch) != 0) {
        SDL_FreeSurface(shot);
        return NULL;
    }
    return shot;
}

/* The PNG, whole or not at all: written to path.tmp, made new (never through a link someone
 * planted at that guessable name), then renamed. False with IMG_GetError saying why. */
static bool write_png(SDL_Surface *shot, const char *path)
{
    char tmp[1400];
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    int fd = userfile_create_new(tmp);
    FILE *f = fd >= 0 ? fdopen(fd, "wb") : NULL;
    if (fd >= 0 && !f)
        close(fd);
    SDL_RWops *out = f ? SDL_RWFromFP(f, SDL_TRUE) : NULL; /* closes f when done */
    if (f && !out)
        fclose(f);
    if (!out)
        SDL_SetError("%s", strerror(errno));
    if (out && IMG_SavePNG_RW(shot, out, 1) == 0 && rename(tmp, path) == 0)
        return true;
    if (fd >= 0)
        remove(tmp); /* ours */
    return false;
}

/* F12: the frame as it is on screen, to a PNG in the user's folder. */
void app_save_screenshot(App *app)
{
    /* One reading of the clock for the seconds and the milliseconds: the names sort in the
     * order the shots were taken. */
    struct timespec now;
    clock_gettime(CLOCK_REALTIME, &now);
    char path[1300];
    if (!app->user_dir[0]) {
        app_toast(app, "No screenshot: there is no user folder to put it in");
        return;
    }
    if (!shot_name(app->user_dir, now, path, sizeof path)) {
        app_toast(app, "No screenshot: no free name in %s", app->user_dir);
        return;
    }
    SDL_Surface *shot = read_frame(app->renderer);
    if (!shot)
        app_toast(app, "No screenshot: %s", SDL_GetError());
    else if (write_png(shot, path))
        app_toast(app, "Screenshot saved: %s", path);
    else
        app_toast(app, "No screenshot: %s: %s", path, IMG_GetError());
    SDL_FreeSurface(shot);
}
