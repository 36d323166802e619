/* The user folders (src/core/paths.c): options under XDG_CONFIG_HOME, the rest under
 * XDG_DATA_HOME, MOUSEKING_HOME holding everything, and the files of the folder used before
 * (DATA/mouseking/Mouse King) moved over once with nothing lost. Each test gets its own HOME
 * in a fresh temporary folder. */
#define _POSIX_C_SOURCE 200809L /* mkdtemp, setenv, symlink, mkfifo */
#include "test_dir.h"
#include "test_support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/paths.h"

typedef struct Home {
    char path[256];
} Home;

static int make_home(void **state)
{
    Home *h = calloc(1, sizeof *h);
    if (!h || !test_dir_create(h->path, sizeof h->path, "mk_paths")) {
        free(h);
        return -1;
    }
    setenv("HOME", h->path, 1);
    unsetenv("XDG_DATA_HOME");
    unsetenv("XDG_CONFIG_HOME");
    unsetenv("MOUSEKING_HOME");
    *state = h;
    return 0;
}

static int remove_home(void **state)
{
    Home *h = *state;
    char cmd[400];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", h->path); /* a tree of folders, made here */
    int rc = system(cmd);
    free(h);
    return rc == 0 ? 0 : -1;
}

static void write_text(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    assert_int_equal(fclose(f), 0);
}

/* The file's whole text, or "" when there is none. */
static const char *read_text(const char *path)
{
    static char buf[256];
    buf[0] = '\0';
    FILE *f = fopen(path, "r");
    if (f) {
        size_t n = fread(buf, 1, sizeof buf - 1, f);
        buf[n] = '\0';
        fclose(f);
    }
    return buf;
}

static bool is_dir(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

static void the_folders_follow_xdg(void **state)
{
    Home *h = *state;
    char data[1024], config[1024], err[1400], want[600];
    assert_true(paths_user_dir(data, sizeof data, err, sizeof err));
    assert_true(paths_config_dir(config, sizeof config, err, sizeof err));
    snprintf(want, sizeof want, "%s/.local/share/mouseking", h->path);
    assert_string_equal(data, want);
    snprintf(want, sizeof want, "%s/.config/mouseking", h->path);
    assert_string_equal(config, want);
    assert_true(is_dir(data) && is_dir(config));
    struct stat st;
    assert_int_equal(stat(config, &st), 0);
    assert_int_equal(st.st_mode & 0777, 0700); /* private, as XDG asks */

    /* Absolute XDG variables are used; a relative one is ignored, as the specification says. */
    snprintf(want, sizeof want, "%s/data", h->path);
    setenv("XDG_DATA_HOME", want, 1);
    setenv("XDG_CONFIG_HOME", "relative/config", 1);
    assert_true(paths_user_dir(data, sizeof data, err, sizeof err));
    assert_true(paths_config_dir(config, sizeof config, err, sizeof err));
    strcat(want, "/mouseking");
    assert_string_equal(data, want);
    snprintf(want, sizeof want, "%s/.config/mouseking", h->path);
    assert_string_equal(config, want);
}

static void mouseking_home_holds_everything(void **state)
{
    Home *h = *state;
    char data[1024], config[1024], err[1400], home[600];
    snprintf(home, sizeof home, "%s/one", h->path);
    setenv("MOUSEKING_HOME", home, 1);
    assert_true(paths_user_dir(data, sizeof data, err, sizeof err));
    assert_true(paths_config_dir(config, sizeof config, err, sizeof err));
    assert_string_equal(data, home);
    assert_string_equal(config, home);
    /* An old folder inside it is no business of the game's there. */
    char old[700];
    snprintf(old, sizeof old, "%s/%s", home, PATHS_OLD_USER_DIR);
    assert_int_equal(mkdir(old, 0700), 0);
    assert_true(paths_move_old_user_files(data, config, err, sizeof err));
    assert_true(is_dir(old));
}

/* Makes the folder the game used before, with a file of each kind. */
static void make_old_folder(const char *data, char *old, size_t size)
{
    char p[1200];
    snprintf(old, size, "%s/%s", data, PATHS_OLD_USER_DIR);
    assert_int_equal(mkdir(old, 0700), 0);
    const char *files[][2] = {
        {"options.json", "old options"},
        {"options.json.bak", "older options"},
        {"gamecontrollerdb.txt", "mappings"},
        {"highscores.json", "old scores"},
        {"save.json", "old save"},
        {"game.mkrec", "old recording"},
        {"screenshot-1.png", "old picture"},
    };
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        snprintf(p, sizeof p, "%s/%s", old, files[i][0]);
        write_text(p, files[i][1]);
    }
    snprintf(p, sizeof p, "%s/recordings", old);
    assert_int_equal(mkdir(p, 0700), 0);
    snprintf(p, sizeof p, "%s/recordings/2026-11-20-seed7.mkrec", old);
    write_text(p, "old game");
}

static void the_old_folder_is_moved_over_once(void **state)
{
    (void)state;
    char data[1024], config[1024], err[1400], old[1100], p[1300];
    assert_true(paths_user_dir(data, sizeof data, err, sizeof err));
    assert_true(paths_config_dir(config, sizeof config, err, sizeof err));
    make_old_folder(data, old, sizeof old);
    assert_true(paths_move_old_user_files(data, config, err, sizeof err));
    const char *in_config[][2] = {{"options.json", "old options"},
                                  {"options.json.bak", "older options"},
                                  {"gamecontrollerdb.txt", "mappings"}};
    for (size_t i = 0; i < 3; i++) {
        snprintf(p, sizeof p, "%s/%s", config, in_config[i][0]);
        assert_string_equal(read_text(p), in_config[i][1]);
    }
    const char *in_data[][2] = {{"highscores.json", "old scores"},
                                {"save.json", "old save"},
                                {"game.mkrec", "old recording"},
                                {"screenshot-1.png", "old picture"},
                                {"recordings/2026-11-20-seed7.mkrec", "old game"}};
    for (size_t i = 0; i < 5; i++) {
        snprintf(p, sizeof p, "%s/%s", data, in_data[i][0]);
        assert_string_equal(read_text(p), in_data[i][1]);
    }
    assert_false(is_dir(old)); /* emptied and removed: the move happens once */
    assert_true(paths_move_old_user_files(data, config, err, sizeof err));
}

static void a_taken_name_keeps_the_old_file_where_it_was(void **state)
{
    (void)state;
    char data[1024], config[1024], err[1400] = "", old[1100], p[1300];
    assert_true(paths_user_dir(data, sizeof data, err, sizeof err));
    assert_true(paths_config_dir(config, sizeof config, err, sizeof err));
    snprintf(p, sizeof p, "%s/save.json", data);
    write_text(p, "new save");
    make_old_folder(data, old, sizeof old);
    assert_false(paths_move_old_user_files(data, config, err, sizeof err));
    assert_non_null(strstr(err, "1 file (save.json) left in"));
    assert_non_null(strstr(err, old));
    assert_string_equal(read_text(p), "new save"); /* the new one untouched */
    snprintf(p, sizeof p, "%s/save.json", old);
    assert_string_equal(read_text(p), "old save"); /* the old one kept */
    snprintf(p, sizeof p, "%s/highscores.json", data);
    assert_string_equal(read_text(p), "old scores"); /* the others moved */
    /* Every start says it again, and loses nothing. */
    assert_false(paths_move_old_user_files(data, config, err, sizeof err));
    snprintf(p, sizeof p, "%s/save.json", old);
    assert_string_equal(read_text(p), "old save");
}

static bool exists(const char *path)
{
    struct stat st;
    return lstat(path, &st) == 0;
}

/* A `Mouse King` that is a link to another folder: nothing there is the game's to move, nor
 * followed; one line names the link, and it and its target stay as they were. */
static void a_linked_old_folder_is_not_followed(void **state)
{
    Home *h = *state;
    char data[1024], config[1024], err[1400], old[1100], there[700], p[1300];
    assert_true(paths_user_dir(data, sizeof data, err, sizeof err));
    assert_true(paths_config_dir(config, sizeof config, err, sizeof err));
    snprintf(there, sizeof there, "%s/elsewhere", h->path);
    assert_int_equal(mkdir(there, 0700), 0);
    const char *names[] = {"letter.txt", "save.json", "options.json", "screenshot-1.png"};
    for (size_t i = 0; i < 4; i++) {
        snprintf(p, sizeof p, "%s/%s", there, names[i]);
        write_text(p, "not the game's");
    }
    snprintf(p, sizeof p, "%s/photos", there);
    assert_int_equal(mkdir(p, 0700), 0);
    snprintf(p, sizeof p, "%s/photos/cat.png", there);
    write_text(p, "a cat");
    snprintf(old, sizeof old, "%s/%s", data, PATHS_OLD_USER_DIR);
    assert_int_equal(symlink(there, old), 0);
    assert_false(paths_move_old_user_files(data, config, err, sizeof err));
    assert_non_null(strstr(err, old));
    assert_non_null(strstr(err, "symbolic link"));
    assert_null(strchr(err, '\n'));
    for (size_t i = 0; i < 4; i++) {
        snprintf(p, sizeof p, "%s/%s", there, names[i]);
        assert_string_equal(read_text(p), "not the game's");
        snprintf(p, sizeof p, "%s/%s", data, names[i]);
        assert_false(exists(p));
        snprintf(p, sizeof p, "%s/%s", config, names[i]);
        assert_false(exists(p));
    }
    snprintf(p, sizeof p, "%s/photos/cat.png", there);
    assert_string_equal(read_text(p), "a cat");
    snprintf(p, sizeof p, "%s/photos", data);
    assert_false(exists(p));
    struct stat st;
    assert_int_equal(lstat(old, &st), 0);
    assert_true(S_ISLNK(st.st_mode)); /* the link itself stays */
}

/* A real old folder holding the game's files among another's: only the game's names move,
 * only regular files, and recordings/ only for its recordings and morgue files. */
static void only_the_games_own_files_move(void **state)
{
    Home *h = *state;
    char data[1024], config[1024], err[1400], old[1100], p[1300], outside[700];
    assert_true(paths_user_dir(data, sizeof data, err, sizeof err));
    assert_true(paths_config_dir(config, sizeof config, err, sizeof err));
    make_old_folder(data, old, sizeof old); /* 7 files, and one recording */
    const char *game[] = {"save.json.bak", "save.json.damaged-20261101-120000",
                          "highscores.json.ended-20261101-120000-2", "game.mkrec.tmp",
                          "recordings/2026-11-20-seed7.txt"};
    const char *foreign[] = {"notes.txt",
                             "save.json.mine",
                             "save.jsonx",
                             "screenshot-1.jpg",
                             "recordings/readme.md",
                             "mods/save.json",
                             "recordings/old/1-seed2.mkrec"};
    snprintf(p, sizeof p, "%s/mods", old);
    assert_int_equal(mkdir(p, 0700), 0);
    snprintf(p, sizeof p, "%s/recordings/old", old);
    assert_int_equal(mkdir(p, 0700), 0);
    for (size_t i = 0; i < 5; i++) {
        snprintf(p, sizeof p, "%s/%s", old, game[i]);
        write_text(p, game[i]);
    }
    for (size_t i = 0; i < 7; i++) {
        snprintf(p, sizeof p, "%s/%s", old, foreign[i]);
        write_text(p, foreign[i]);
    }
    /* Links and a FIFO at the game's own names: not files the game wrote. */
    snprintf(outside, sizeof outside, "%s/outside.txt", h->path);
    write_text(outside, "outside");
    snprintf(p, sizeof p, "%s/save.json.tmp", old);
    assert_int_equal(symlink(outside, p), 0);
    snprintf(p, sizeof p, "%s/recordings/9-seed9.mkrec", old);
    assert_int_equal(symlink(outside, p), 0);
    snprintf(p, sizeof p, "%s/options.json.tmp", old);
    assert_int_equal(mkfifo(p, 0600), 0);

    assert_true(paths_move_old_user_files(data, config, err, sizeof err));
    char want[4000];
    snprintf(want, sizeof want, "Moved 13 files from %s to %s and %s.", old, data, config);
    assert_string_equal(err, want);
    for (size_t i = 0; i < 5; i++) {
        snprintf(p, sizeof p, "%s/%s", data, game[i]);
        assert_string_equal(read_text(p), game[i]);
    }
    for (size_t i = 0; i < 7; i++) {
        snprintf(p, sizeof p, "%s/%s", old, foreign[i]);
        assert_string_equal(read_text(p), foreign[i]);
        snprintf(p, sizeof p, "%s/%s", data, foreign[i]);
        assert_false(exists(p));
    }
    const char *stay[] = {"save.json.tmp", "recordings/9-seed9.mkrec", "options.json.tmp"};
    for (size_t i = 0; i < 3; i++) {
        snprintf(p, sizeof p, "%s/%s", old, stay[i]);
        assert_true(exists(p));
        snprintf(p, sizeof p, "%s/%s", data, stay[i]);
        assert_false(exists(p));
        snprintf(p, sizeof p, "%s/%s", config, stay[i]);
        assert_false(exists(p));
    }
    assert_string_equal(read_text(outside), "outside");
    assert_true(is_dir(old)); /* another's files keep their folder */
    /* Started again: nothing of the game's is left, so nothing is said. */
    assert_true(paths_move_old_user_files(data, config, err, sizeof err));
    assert_string_equal(err, "");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(the_folders_follow_xdg, make_home, remove_home),
        cmocka_unit_test_setup_teardown(mouseking_home_holds_everything, make_home, remove_home),
        cmocka_unit_test_setup_teardown(the_old_folder_is_moved_over_once, make_home, remove_home),
        cmocka_unit_test_setup_teardown(a_taken_name_keeps_the_old_file_where_it_was, make_home,
                                        remove_home),
        cmocka_unit_test_setup_teardown(a_linked_old_folder_is_not_followed, make_home,
                                        remove_home),
        cmocka_unit_test_setup_teardown(only_the_games_own_files_move, make_home, remove_home),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
