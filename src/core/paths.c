#define _POSIX_C_SOURCE 200809L /* lstat, rmdir, fstatat, renameat, fdopendir, readlink */
#include "core/paths.h"

#include "core/gamefiles.h"
#include "core/userfile.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static bool has_index(const char *dir)
{
    char probe[1100];
    int n = snprintf(probe, sizeof probe, "%s/" MOUSEKING_ASSETS_INDEX, dir);
    if (n < 0 || (size_t)n >= sizeof probe)
        return false;
    FILE *f = fopen(probe, "rb");
    if (f)
        fclose(f);
    return f != NULL;
}

/* Appends dir + tail to the list unless it is cut short (a cut path names another folder);
 * returns the new count. */
static int add_candidate(char list[][1024], int n, const char *dir, const char *tail)
{
    int len = snprintf(list[n], sizeof list[n], "%s%s", dir, tail);
    return len >= 0 && (size_t)len < sizeof list[n] ? n + 1 : n;
}

/* The folder of the running executable, ending with a separator (as SDL_GetBasePath gave it):
 * false when /proc/self/exe cannot be read or the path does not fit. */
static bool exe_dir(char *out, size_t size)
{
    ssize_t n = readlink("/proc/self/exe", out, size - 1);
    if (n <= 0 || (size_t)n >= size - 1)
        return false;
    out[n] = '\0';
    char *slash = strrchr(out, '/');
    if (!slash)
        return false;
    slash[1] = '\0';
    return true;
}

bool paths_find_assets(char *out, size_t size, char *err, size_t err_size)
{
    const char *env = getenv("MOUSEKING_DATA");
    if (env && *env) {
        if (strlen(env) >= size) {
            snprintf(err, err_size, "MOUSEKING_DATA is %zu bytes long, more than the %zu allowed",
                     strlen(env), size - 1);
            return false;
        }
        if (has_index(env)) {
            snprintf(out, size, "%s", env);
            return true;
        }
        snprintf(err, err_size, "MOUSEKING_DATA=%s has no " MOUSEKING_ASSETS_INDEX, env);
        return false;
    }
    char candidates[3][1024];
    int n = 0;
    char base[1024];
    if (exe_dir(base, sizeof base)) {
        n = add_candidate(candidates, n, base, "assets");
        n = add_candidate(candidates, n, base, MOUSEKING_SHARE_FROM_BIN);
    }
    n = add_candidate(candidates, n, MOUSEKING_SHARE_DIR, "");
    for (int i = 0; i < n; i++) {
        if (strlen(candidates[i]) < size && has_index(candidates[i])) {
            snprintf(out, size, "%s", candidates[i]);
            return true;
        }
    }
    size_t used =
        (size_t)snprintf(err, err_size, "game assets not found: no " MOUSEKING_ASSETS_INDEX " in");
    for (int i = 0; i < n && used < err_size; i++)
        used += (size_t)snprintf(err + used, err_size - used, "%s %s", i ? "," : "", candidates[i]);
    return false;
}

/* `dir` as the user folder, into out: refused when it does not fit (a cut path names another
 * folder) or is not a folder. `name` says where it came from, for the one-line message. */
static bool use_user_dir(const char *name, const char *dir, char *out, size_t size, char *err,
                         size_t err_size)
{
    size_t len = strlen(dir);
    if (len >= size) {
        snprintf(err, err_size, "%s is %zu bytes long, more than the %zu allowed", name, len,
                 size - 1);
        return false;
    }
    struct stat st;
    if (stat(dir, &st) != 0) {
        snprintf(err, err_size, "%s=%s: %s", name, dir, strerror(errno));
        return false;
    }
    if (!S_ISDIR(st.st_mode)) {
        snprintf(err, err_size, "%s=%s: not a folder", name, dir);
        return false;
    }
    memcpy(out, dir, len + 1);
    return true;
}

/* The base of an XDG folder: $var when it is an absolute path (the specification ignores a
 * relative one), else $HOME/fallback. */
static bool xdg_base(const char *var, const char *fallback, char *out, size_t size, char *err,
                     size_t err_size)
{
    const char *v = getenv(var), *home = getenv("HOME");
    int n;
    if (v && v[0] == '/') {
        n = snprintf(out, size, "%s", v);
    } else if (home && home[0] == '/') {
        n = snprintf(out, size, "%s/%s", home, fallback);
    } else {
        snprintf(err, err_size, "no user folder: neither %s nor HOME is an absolute path", var);
        return false;
    }
    if (n < 0 || (size_t)n >= size) {
        snprintf(err, err_size, "no user folder: $%s or $HOME is too long", var);
        return false;
    }
    return true;
}

/* Makes dir and the folders above it that are missing, private as XDG asks. */
static bool make_dirs(char *dir)
{
    for (char *p = dir + 1; *p; p++) {
        if (*p != '/')
            continue;
        *p = '\0';
        bool ok = mkdir(dir, 0700) == 0 || errno == EEXIST;
        *p = '/';
        if (!ok)
            return false;
    }
    return mkdir(dir, 0700) == 0 || errno == EEXIST;
}

/* BASE/mouseking for the XDG variable `var`, made if missing. */
static bool xdg_dir(const char *var, const char *fallback, char *out, size_t size, char *err,
                    size_t err_size)
{
    char base[1024], dir[1100];
    if (!xdg_base(var, fallback, base, sizeof base, err, err_size))
        return false;
    snprintf(dir, sizeof dir, "%s/mouseking", base);
    if (!make_dirs(dir)) {
        snprintf(err, err_size, "%s: %s", dir, strerror(errno));
        return false;
    }
    return use_user_dir("the user folder", dir, out, size, err, err_size);
}

/* True when $MOUSEKING_HOME is set: it is then every user folder, and *ok says whether it can
 * be used (out) or not (err). */
static bool home_override(char *out, size_t size, char *err, size_t err_size, bool *ok)
{
    const char *env = getenv("MOUSEKING_HOME");
    if (!env || !*env)
        return false;
    /* The length first: mkdir would make the whole path, then a cut copy be used. */
    if (strlen(env) < size && mkdir(env, 0755) != 0 && errno != EEXIST) {
        snprintf(err, err_size, "MOUSEKING_HOME=%s: %s", env, strerror(errno));
        *ok = false;
        return true;
    }
    *ok = use_user_dir("MOUSEKING_HOME", env, out, size, err, err_size);
    return true;
}

bool paths_user_dir(char *out, size_t size, char *err, size_t err_size)
{
    bool ok;
    if (home_override(out, size, err, err_size, &ok))
        return ok;
    return xdg_dir("XDG_DATA_HOME", ".local/share", out, size, err, err_size);
}

bool paths_config_dir(char *out, size_t size, char *err, size_t err_size)
{
    bool ok;
    if (home_override(out, size, err, err_size, &ok))
        return ok;
    return xdg_dir("XDG_CONFIG_HOME", ".config", out, size, err, err_size);
}

/* What the move did, for its one line. */
typedef struct Move {
    int dir;        /* the old folder, open (never through a link) */
    int moved;      /* files moved */
    bool to_config; /* ... some of them to the config folder */
    int kept;       /* files of the game's left where they were (name taken, or failed) */
    char first[300];
} Move;

static void keep(Move *m, const char *name)
{
    if (!m->kept++)
        snprintf(m->first, sizeof m->first, "%s", name);
}

/* Moves the regular file `name` of the folder `from` (open) to DEST/name, never over a file
 * already there, so nothing is lost: it stays where it was. */
static void move_file(Move *m, int from, const char *name, const char *dest, const char *shown)
{
    char to[1500];
    struct stat st;
    int n = snprintf(to, sizeof to, "%s/%s", dest, name);
    if (fstatat(from, name, &st, AT_SYMLINK_NOFOLLOW) != 0 || !S_ISREG(st.st_mode))
        return; /* a link, a folder, a FIFO: not a file the game wrote */
    if (n > 0 && (size_t)n < sizeof to && lstat(to, &st) != 0 && errno == ENOENT &&
        renameat(from, name, AT_FDCWD, to) == 0)
        m->moved++;
    else
        keep(m, shown);
}

/* The recordings and morgue files of OLD/recordings into DATA/recordings; a link there, a
 * sub-folder or a file of another name stays, and so does the folder unless it is emptied. */
static void move_recordings(Move *m, const char *data_dir)
{
    struct stat st;
    char dest[1200], err[1400];
    if (fstatat(m->dir, GAMEFILES_RECORDINGS, &st, AT_SYMLINK_NOFOLLOW) != 0 ||
        !S_ISDIR(st.st_mode))
        return;
    int fd = openat(m->dir, GAMEFILES_RECORDINGS, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    DIR *d = fd >= 0 ? fdopendir(fd) : NULL;
    if (!d) {
        if (fd >= 0)
            close(fd);
        keep(m, GAMEFILES_RECORDINGS);
        return;
    }
    int n = snprintf(dest, sizeof dest, "%s/%s", data_dir, GAMEFILES_RECORDINGS);
    bool ok = n > 0 && (size_t)n < sizeof dest && userfile_make_dir(dest, err, sizeof err);
    for (struct dirent *e = readdir(d); e; e = readdir(d)) {
        char shown[300];
        snprintf(shown, sizeof shown, "%s/%s", GAMEFILES_RECORDINGS, e->d_name);
        if (!gamefile_is_recording(e->d_name))
            continue;
        if (ok)
            move_file(m, fd, e->d_name, dest, shown);
        else
            keep(m, shown);
    }
    closedir(d);
    unlinkat(m->dir, GAMEFILES_RECORDINGS, AT_REMOVEDIR); /* only when emptied */
}

/* The one line: what was moved, and what was left of the game's. */
static void say_moved(const Move *m, const char *old, const char *data_dir, const char *config_dir,
                      char *msg, size_t size)
{
    int used = 0;
    if (m->moved > 0)
        used = snprintf(msg, size, "Moved %d file%s from %s to %s%s%s.", m->moved,
                        m->moved == 1 ? "" : "s", old, data_dir, m->to_config ? " and " : "",
                        m->to_config ? config_dir : "");
    if (m->kept > 0 && used >= 0 && (size_t)used < size)
        snprintf(msg + used, size - (size_t)used,
                 "%swarning: %d file%s (%s%s) left in %s: a file of that name is already in the "
                 "new folder, or it could not be moved",
                 used ? " " : "", m->kept, m->kept == 1 ? "" : "s", m->first,
                 m->kept > 1 ? ", ..." : "", old);
}

/* Opens the old folder OLD (never through a link) into m->dir, and returns it to read; NULL
 * when there is nothing to move (*ok true) or it cannot be (*ok false, msg says why). */
static DIR *open_old(Move *m, const char *old, char *msg, size_t msg_size, bool *ok)
{
    struct stat st;
    *ok = true;
    if (lstat(old, &st) != 0 || S_ISREG(st.st_mode))
        return NULL; /* nothing left to move */
    *ok = false;
    if (!S_ISDIR(st.st_mode)) { /* what a link names is not the game's to move */
        snprintf(msg, msg_size,
                 "warning: %s is %s, not the game's old folder: nothing moved from it", old,
                 S_ISLNK(st.st_mode) ? "a symbolic link" : "not a folder");
        return NULL;
    }
    m->dir = open(old, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    DIR *d = m->dir >= 0 ? fdopendir(m->dir) : NULL;
    if (!d) {
        snprintf(msg, msg_size, "warning: %s: %s; nothing moved from it", old, strerror(errno));
        if (m->dir >= 0)
            close(m->dir);
    }
    return d;
}

/* The game's own files at the top of the old folder: the config files to config_dir, the
 * others to data_dir. */
static void move_top_files(Move *m, DIR *d, const char *data_dir, const char *config_dir)
{
    for (struct dirent *e = readdir(d); e; e = readdir(d)) {
        GameFile kind = gamefile_of(e->d_name);
        int before = m->moved;
        if (kind == GAMEFILE_DATA || kind == GAMEFILE_CONFIG)
            move_file(m, m->dir, e->d_name, kind == GAMEFILE_CONFIG ? config_dir : data_dir,
                      e->d_name);
        m->to_config = m->to_config || (kind == GAMEFILE_CONFIG && m->moved > before);
    }
}

bool paths_move_old_user_files(const char *data_dir, const char *config_dir, char *msg,
                               size_t msg_size)
{
    if (msg_size > 0)
        msg[0] = '\0';
    const char *env = getenv("MOUSEKING_HOME");
    if (env && *env)
        return true; /* one folder for everything, as asked */
    char old[1200];
    int n = snprintf(old, sizeof old, "%s/%s", data_dir, PATHS_OLD_USER_DIR);
    if (n < 0 || (size_t)n >= sizeof old)
        return true; /* no such folder can be there */
    Move m = {.dir = -1};
    bool ok;
    DIR *d = open_old(&m, old, msg, msg_size, &ok);
    if (!d)
        return ok;
    move_top_files(&m, d, data_dir, config_dir);
    move_recordings(&m, data_dir);
    closedir(d);
    rmdir(old); /* only when emptied: another's files stay, and their folder with them */
    say_moved(&m, old, data_dir, config_dir, msg, msg_size);
    return m.kept == 0;
}
