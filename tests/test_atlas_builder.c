/* The sprite atlas builder: accepts the project's gfx/ and draws it with both palettes into
 * images of one layout, rejects broken sources with a message naming the file and line; and the
 * choice of wall tiles (core/sprite_ids.c) on hand-made maps. */
#define _POSIX_C_SOURCE 200809L
#include "test_dir.h"
#include "test_support.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "core/sprite_ids.h"

static char dir[64];

static void write_text(const char *name, const char *text)
{
    char path[128];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

/* Runs the builder on dir's palette and sprite file; returns its exit status and stderr. */
static int build(const char *palette, const char *sprites, char *err, size_t err_size)
{
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "%s %s/%s %s/out.png %s/out.json %s/%s 2>%s/err.txt", ATLAS_BUILDER,
             dir, palette, dir, dir, dir, sprites, dir);
    int status = system(cmd);
    char path[128];
    snprintf(path, sizeof path, "%s/err.txt", dir);
    FILE *f = fopen(path, "r");
    size_t n = f ? fread(err, 1, err_size - 1, f) : 0;
    err[n] = '\0';
    if (f)
        fclose(f);
    return WEXITSTATUS(status);
}

static int setup(void **state)
{
    (void)state;
    return test_dir_create(dir, sizeof dir, "mk_atlas") ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    test_dir_delete(dir); /* no folder left behind in /tmp */
    return 0;
}

/* Width and height from a PNG's header. */
static void png_size(const char *path, unsigned *w, unsigned *h)
{
    unsigned char head[24];
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    assert_int_equal(fread(head, 1, sizeof head, f), sizeof head);
    fclose(f);
    assert_memory_equal(head + 1, "PNG", 3);
    *w = (unsigned)head[16] << 24 | (unsigned)head[17] << 16 | (unsigned)head[18] << 8 | head[19];
    *h = (unsigned)head[20] << 24 | (unsigned)head[21] << 16 | (unsigned)head[22] << 8 | head[23];
}

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    static char text[1 << 17];
    size_t n = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[n] = '\0';
    return text;
}

static bool files_differ(const char *a, const char *b)
{
    char cmd[512];
    snprintf(cmd, sizeof cmd, "cmp -s %s %s", a, b);
    return system(cmd) != 0;
}

/* The shipped sources build with both palettes: one index names both images and every sprite
 * the game draws, and the two images have the same size, so each rectangle means the same
 * sprite in either. */
static void the_project_gfx_builds_both_atlases(void **state)
{
    (void)state;
    char cmd[2048], png[128], contrast[128], json[128];
    snprintf(png, sizeof png, "%s/a.png", dir);
    snprintf(contrast, sizeof contrast, "%s/a_contrast.png", dir);
    snprintf(json, sizeof json, "%s/a.json", dir);
    snprintf(cmd, sizeof cmd,
             "%s --contrast %s/palette_contrast.txt %s %s/palette.txt %s %s %s/sprites/*.txt",
             ATLAS_BUILDER, GFX_DIR, contrast, GFX_DIR, png, json, GFX_DIR);
    assert_int_equal(system(cmd), 0);
    unsigned w1, h1, w2, h2;
    png_size(png, &w1, &h1);
    png_size(contrast, &w2, &h2);
    assert_int_equal(w1, w2);
    assert_int_equal(h1, h2);
    assert_true(files_differ(png, contrast));
    const char *index = slurp(json);
    assert_non_null(strstr(index, "\"image\":\t\"a.png\""));
    assert_non_null(strstr(index, "\"image_contrast\":\t\"a_contrast.png\""));
    for (int id = 0; id < SPRITE_COUNT; id++) {
        char key[96];
        snprintf(key, sizeof key, "\"%s\":", sprite_name((SpriteId)id));
        if (!strstr(index, key))
            fail_msg("the index lacks %s", key);
    }
}

static const char *row16 = "aaaaaaaaaaaaaaaa\n";

static char *sprite_text(const char *name, int rows, const char *bad_row)
{
    static char buf[2048];
    int n = snprintf(buf, sizeof buf, "# test sprite\nsprite %s\n", name);
    for (int i = 0; i < rows; i++)
        n += snprintf(buf + n, sizeof buf - (size_t)n, "%s", i == 3 && bad_row ? bad_row : row16);
    return buf;
}

static void broken_sources_are_named(void **state)
{
    (void)state;
    char err[1024];
    write_text("pal.txt", "# palette\na #102030 dark\n");

    write_text("short.txt", sprite_text("floor", 15, NULL));
    assert_int_equal(build("pal.txt", "short.txt", err, sizeof err), 1);
    assert_non_null(strstr(err, "short.txt:"));
    assert_non_null(strstr(err, "ends after 15 of 16 rows"));

    write_text("colour.txt", sprite_text("floor", 16, "aaaaZaaaaaaaaaaa\n"));
    assert_int_equal(build("pal.txt", "colour.txt", err, sizeof err), 1);
    assert_non_null(strstr(err, "colour.txt:6:"));
    assert_non_null(strstr(err, "'Z'"));

    write_text("wide.txt", sprite_text("floor", 16, "aaaaaaaaaaaaaaaaa\n"));
    assert_int_equal(build("pal.txt", "wide.txt", err, sizeof err), 1);
    assert_non_null(strstr(err, "17 characters"));

    write_text("bad_pal.txt", "a 102030 no hash\n");
    assert_int_equal(build("bad_pal.txt", "wide.txt", err, sizeof err), 1);
    assert_non_null(strstr(err, "bad_pal.txt:1:"));

    /* Well formed, but the game's sprites are missing. */
    write_text("lonely.txt", sprite_text("floor", 16, NULL));
    assert_int_equal(build("pal.txt", "lonely.txt", err, sizeof err), 1);
    assert_non_null(strstr(err, "the game needs sprite"));
}

static void broken_directives_are_named(void **state)
{
    (void)state;
    char err[1024];
    static char text[8192];
    write_text("pal.txt", "# palette\na #102030 dark\n");

    write_text("few.txt", "# comment\nautotile wall_top 2\n");
    assert_int_equal(build("pal.txt", "few.txt", err, sizeof err), 1);
    assert_non_null(strstr(err, "few.txt:2:"));
    assert_non_null(strstr(err, "autotile <prefix> <rim> <sides>"));

    write_text("sides.txt", "autotile wall_top 2 NEXW\n");
    assert_int_equal(build("pal.txt", "sides.txt", err, sizeof err), 1);
    assert_non_null(strstr(err, "sides.txt:1:"));
    assert_non_null(strstr(err, "'NEXW'"));

    write_text("twice.txt", "autotile wall_top 2 NN\n");
    assert_int_equal(build("pal.txt", "twice.txt", err, sizeof err), 1);
    assert_non_null(strstr(err, "twice.txt:1:"));

    snprintf(text, sizeof text, "%s\nautotile wall_top 9 NESW\n",
             sprite_text("wall_top_0", 16, NULL));
    write_text("rim.txt", text);
    assert_int_equal(build("pal.txt", "rim.txt", err, sizeof err), 1);
    assert_non_null(strstr(err, "rim.txt:20:"));
    assert_non_null(strstr(err, "rim must be"));

    /* The two hand-drawn variants must come first. */
    write_text("no_base.txt", "\n\nautotile wall_top 2 NESW\n");
    assert_int_equal(build("pal.txt", "no_base.txt", err, sizeof err), 1);
    assert_non_null(strstr(err, "no_base.txt:3:"));
    assert_non_null(strstr(err, "needs sprite 'wall_top_0'"));

    snprintf(text, sizeof text, "%s\nautotile wall_top 2 NESW\n",
             sprite_text("wall_top_0", 16, NULL));
    write_text("no_full.txt", text);
    assert_int_equal(build("pal.txt", "no_full.txt", err, sizeof err), 1);
    assert_non_null(strstr(err, "no_full.txt:20:"));
    assert_non_null(strstr(err, "needs sprite 'wall_top_15'"));

    /* Only the sides named vary: EW needs _0 and _10, not _15. */
    snprintf(text, sizeof text, "%s\nautotile wall_face 2 EW\n",
             sprite_text("wall_face_0", 16, NULL));
    write_text("face.txt", text);
    assert_int_equal(build("pal.txt", "face.txt", err, sizeof err), 1);
    assert_non_null(strstr(err, "needs sprite 'wall_face_10'"));

    write_text("picture.txt", "picture title 2 1\n"
                              "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\n"
                              "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\n");
    assert_int_equal(build("pal.txt", "picture.txt", err, sizeof err), 1);
    assert_non_null(strstr(err, "picture.txt:3:"));
    assert_non_null(strstr(err, "31 characters, needs 32"));

    write_text("picture0.txt", "picture title 0 3\n");
    assert_int_equal(build("pal.txt", "picture0.txt", err, sizeof err), 1);
    assert_non_null(strstr(err, "picture0.txt:1:"));

    write_text("unknown.txt", "\nstamp wall_top\n");
    assert_int_equal(build("pal.txt", "unknown.txt", err, sizeof err), 1);
    assert_non_null(strstr(err, "unknown.txt:2:"));
}

/* Appends a sprite of one colour to `text`. */
static void append_sprite(char *text, size_t size, const char *name, char colour)
{
    size_t n = strlen(text);
    n += (size_t)snprintf(text + n, size - n, "sprite %s\n", name);
    for (int y = 0; y < 16; y++)
        n += (size_t)snprintf(text + n, size - n, "%.16s\n",
                              colour == 'k' ? "kkkkkkkkkkkkkkkk" : "GGGGGGGGGGGGGGGG");
}

/* The variants the directives make, by name, beside the project's sprites; and a contrast
 * palette that lacks a colour. */
static void directives_make_their_sprites(void **state)
{
    (void)state;
    static char text[16384];
    text[0] = '\0';
    append_sprite(text, sizeof text, "test_face_0", 'k');
    append_sprite(text, sizeof text, "test_face_10", 'G');
    strcat(text, "autotile test_face 1 EW\n");
    append_sprite(text, sizeof text, "test_top_0", 'k');
    append_sprite(text, sizeof text, "test_top_15", 'G');
    strcat(text, "autotile test_top 1 NESW\npicture test_picture 2 2\n");
    for (int y = 0; y < 32; y++)
        strcat(text, "GGGGGGGGGGGGGGGGkkkkkkkkkkkkkkkk\n");
    write_text("extra.txt", text);
    char cmd[2048];
    snprintf(cmd, sizeof cmd, "%s %s/palette.txt %s/b.png %s/b.json %s/sprites/*.txt %s/extra.txt",
             ATLAS_BUILDER, GFX_DIR, dir, dir, GFX_DIR, dir);
    assert_int_equal(system(cmd), 0);
    char json[128];
    snprintf(json, sizeof json, "%s/b.json", dir);
    const char *index = slurp(json);
    for (int bits = 0; bits < 16; bits++) {
        char key[64];
        snprintf(key, sizeof key, "\"test_top_%d\":", bits);
        assert_non_null(strstr(index, key));
        snprintf(key, sizeof key, "\"test_face_%d\":", bits);
        bool face = bits == 0 || bits == 2 || bits == 8 || bits == 10;
        assert_int_equal(strstr(index, key) != NULL, face);
    }
    for (int i = 0; i < 4; i++) {
        char key[64];
        snprintf(key, sizeof key, "\"test_picture_%d\":", i);
        assert_non_null(strstr(index, key));
    }
    assert_null(strstr(index, "\"test_picture_4\":"));

    /* A contrast palette must recolour every colour of the first. */
    write_text("short_pal.txt", "k #000000 ink\n");
    snprintf(cmd, sizeof cmd,
             "%s --contrast %s/short_pal.txt %s/c.png %s/palette.txt %s/b.png %s/b.json "
             "%s/sprites/*.txt 2>%s/err.txt",
             ATLAS_BUILDER, dir, dir, GFX_DIR, dir, dir, GFX_DIR, dir);
    int status = system(cmd);
    assert_int_equal(WEXITSTATUS(status), 1);
    char path[128];
    snprintf(path, sizeof path, "%s/err.txt", dir);
    const char *err = slurp(path);
    assert_non_null(strstr(err, "short_pal.txt"));
    assert_non_null(strstr(err, "palette.txt is missing"));
}

/* Hand-made maps for sprite_wall_tiles, rows separated by '/': '#' wall, '.' open, '+' a door
 * that shows. (A hidden door is wall: the map drawing passes it as LOOK_WALL.) */
typedef struct Grid {
    int w, h;
    unsigned char looks[64];
} Grid;

static Grid grid(const char *rows)
{
    Grid g = {0, 1, {0}};
    int x = 0;
    for (const char *c = rows; *c; c++) {
        if (*c == '/') {
            g.h++;
            x = 0;
            continue;
        }
        if (g.h == 1)
            g.w++;
        assert_true(x < g.w && g.h * g.w <= (int)sizeof g.looks);
        g.looks[(g.h - 1) * g.w + x++] = *c == '#' ? LOOK_WALL : *c == '+' ? LOOK_DOOR : LOOK_OPEN;
    }
    return g;
}

/* The sprites of cell (x, y) as "name name ...", for messages that say what was drawn. */
static const char *tiles(const Grid *g, int x, int y)
{
    static char text[256];
    SpriteId out[WALL_TILES_MAX];
    int n = sprite_wall_tiles(g->looks, g->w, g->h, x, y, out);
    text[0] = '\0';
    for (int i = 0; i < n; i++)
        snprintf(text + strlen(text), sizeof text - strlen(text), "%s%s", i ? " " : "",
                 sprite_name(out[i]));
    return text;
}

static void walls_join_their_neighbours(void **state)
{
    (void)state;
    Grid room = grid("#######/"
                     "#######/"
                     "##...##/"
                     "##...##/"
                     "#######/"
                     "#######");
    assert_string_equal(tiles(&room, 3, 2), ""); /* open */
    assert_string_equal(tiles(&room, 0, 0), ""); /* deep rock stays black */
    assert_string_equal(tiles(&room, 6, 5), "");
    assert_string_equal(tiles(&room, 3, 1), "wall_face_10"); /* north wall: faces, joined */
    assert_string_equal(tiles(&room, 1, 3), "wall_top_5");   /* west wall: joined N and S */
    assert_string_equal(tiles(&room, 5, 3), "wall_top_5");   /* east wall */
    assert_string_equal(tiles(&room, 3, 4), "wall_top_10");  /* south wall: joined E and W */
    /* The corners join the wall below or above and the one beside, and close the inner corner
     * toward the floor with a notch; the rock around stays outlined. */
    assert_string_equal(tiles(&room, 1, 1), "wall_top_6 wall_notch_se");
    assert_string_equal(tiles(&room, 5, 1), "wall_top_12 wall_notch_sw");
    assert_string_equal(tiles(&room, 1, 4), "wall_top_3 wall_notch_ne");
    assert_string_equal(tiles(&room, 5, 4), "wall_top_9 wall_notch_nw");

    /* A passage through the south wall ends the top beside it; a door there does not. */
    Grid gap = grid("#######/"
                    "#.....#/"
                    "###.###/"
                    "###.###/"
                    "#.....#");
    assert_string_equal(tiles(&gap, 2, 2), "wall_top_12");
    Grid door = grid("#######/"
                     "#.....#/"
                     "###+###/"
                     "###.###/"
                     "#.....#");
    assert_string_equal(tiles(&door, 2, 2), "wall_top_14 wall_notch_se");

    /* A face ends where open ground is beside it. */
    Grid stub = grid("#####/"
                     "#.#.#/"
                     "#...#");
    assert_string_equal(tiles(&stub, 2, 1), "wall_face_0");
    Grid lane = grid("######/"
                     "##....");
    assert_string_equal(tiles(&lane, 2, 0), "wall_face_10");
    assert_string_equal(tiles(&lane, 1, 0), "wall_top_6 wall_notch_se");

    /* A door in a wall running north-south: the top above it runs on into its frame, the top
     * below ends at its sill. */
    Grid side = grid(".#./"
                     ".#./"
                     ".+./"
                     ".#./"
                     ".#.");
    assert_string_equal(tiles(&side, 1, 1), "wall_top_5");
    assert_string_equal(tiles(&side, 1, 3), "wall_top_4");
    assert_string_equal(tiles(&side, 1, 2), ""); /* the door draws itself */

    /* Outside the grid is rock: a wall on the bottom edge is a top, outlined below. */
    Grid edge = grid("...../"
                     "#####");
    assert_string_equal(tiles(&edge, 2, 1), "wall_top_10");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_project_gfx_builds_both_atlases),
        cmocka_unit_test(broken_sources_are_named),
        cmocka_unit_test(broken_directives_are_named),
        cmocka_unit_test(directives_make_their_sprites),
        cmocka_unit_test(walls_join_their_neighbours),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
