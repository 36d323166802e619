/* The atlas at every tile size (ui/atlas.c) and the glyph cache at every UI scale (ui/text.c),
 * from the built assets, off-screen on SDL's software renderer: the builder's 12 and 8 pixel
 * tiles exist, show something, keep apart the sprites a player must tell apart and keep the
 * doors' lamps; the index refuses a bad mini-tile rectangle in one line; a sprite drawn at
 * render scale s and size n comes 1:1 from the sheet of n*s pixels; text at render scale 2 is
 * made of whole 2x2 blocks copied from the 2x cache. */
#define _POSIX_C_SOURCE 200809L
#include "test_support.h"

#include <SDL.h>
#include <SDL_image.h>
#include <SDL_ttf.h>
#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "ui/atlas.h"
#include "ui/text.h"

enum { CANVAS = 256 };

static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    static char text[1 << 18];
    *len = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[*len] = '\0';
    return text;
}

/* The built image of one palette as RGBA32, and the index's rectangles. */
typedef struct Built {
    SDL_Surface *image;
    SDL_Rect rects[ATLAS_SOURCES][SPRITE_COUNT];
} Built;

static void built_load(Built *b, bool contrast)
{
    size_t len;
    char *text = slurp(ASSETS_DIR "/data/atlas.json", &len);
    char image[256], err[256], path[512];
    if (!atlas_index_parse(text, len, contrast, b->rects, image, sizeof image, err, sizeof err))
        fail_msg("%s", err);
    snprintf(path, sizeof path, "%s/data/%s", ASSETS_DIR, image);
    SDL_Surface *s = IMG_Load(path);
    assert_non_null(s);
    b->image = SDL_ConvertSurfaceFormat(s, SDL_PIXELFORMAT_RGBA32, 0);
    SDL_FreeSurface(s);
    assert_non_null(b->image);
}

static Uint32 image_pixel(const SDL_Surface *s, int x, int y)
{
    return ((const Uint32 *)((const Uint8 *)s->pixels + (size_t)y * (size_t)s->pitch))[x];
}

static SDL_Color rgba(const SDL_Surface *s, Uint32 p)
{
    SDL_Color c;
    SDL_GetRGBA(p, s->format, &c.r, &c.g, &c.b, &c.a);
    return c;
}

/* Source s of sprite id, pixel (x, y). */
static Uint32 drawing(const Built *b, int s, SpriteId id, int x, int y)
{
    const SDL_Rect *r = &b->rects[s][id];
    return image_pixel(b->image, r->x + x, r->y + y);
}

static bool same_drawing(const Built *b, int s, SpriteId a, SpriteId c)
{
    int n = atlas_source_sizes[s];
    for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++)
            if (drawing(b, s, a, x, y) != drawing(b, s, c, x, y))
                return false;
    return true;
}

/* Pixels of the drawing whose channel `ch` (0 red, 1 green) is bright and at least half as
 * large again as each of the other two. */
static int dominant(const Built *b, int s, SpriteId id, int ch)
{
    int n = atlas_source_sizes[s], found = 0;
    for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++) {
            SDL_Color c = rgba(b->image, drawing(b, s, id, x, y));
            int v[3] = {c.r, c.g, c.b};
            bool dom = c.a == 255 && v[ch] >= 128;
            for (int o = 0; o < 3; o++)
                dom = dom && (o == ch || 2 * v[ch] >= 3 * v[o]);
            found += dom;
        }
    return found;
}

static void mini_tiles_exist_and_keep_sprites_apart(void **state)
{
    (void)state;
    static const SpriteId apart[][2] = {
        {SPRITE_DOOR_LOCKED, SPRITE_DOOR_CLOSED},  {SPRITE_DOOR_CLOSED, SPRITE_DOOR_OPEN},
        {SPRITE_DOOR_LOCKED, SPRITE_DOOR_OPEN},    {SPRITE_STAIRS_UP, SPRITE_STAIRS_DOWN},
        {SPRITE_FLOOR, SPRITE_WALL_TOP_15},        {SPRITE_WALL_TOP_0, SPRITE_WALL_TOP_15},
        {SPRITE_WALL_FACE_0, SPRITE_WALL_FACE_10}, {SPRITE_KEY, SPRITE_HEALTH_PACK},
        {SPRITE_CROWBAR, SPRITE_STUN_BATON},       {SPRITE_BIKER_JACKET, SPRITE_BULLETPROOF_VEST},
        {SPRITE_PLAYER_LEFT, SPRITE_PLAYER_RIGHT}, {SPRITE_CURSOR, SPRITE_PATH_DOT},
        {SPRITE_FX_HIT, SPRITE_FX_HIT_2},          {SPRITE_FX_HIT, SPRITE_FX_MISS},
    };
    static const SpriteId mice[] = {SPRITE_MICRO_MOUSE, SPRITE_NEO_MOUSE,  SPRITE_TOUGH_MOUSE,
                                    SPRITE_RABID_MOUSE, SPRITE_META_MOUSE, SPRITE_MOUSE_KING,
                                    SPRITE_PLAYER_RIGHT};
    for (int contrast = 0; contrast < 2; contrast++) {
        Built b;
        built_load(&b, contrast);
        for (int s = 1; s < ATLAS_SOURCES; s++) {
            int n = atlas_source_sizes[s];
            for (int id = 0; id < SPRITE_COUNT; id++) {
                int solid = 0;
                for (int y = 0; y < n; y++)
                    for (int x = 0; x < n; x++)
                        solid += rgba(b.image, drawing(&b, s, (SpriteId)id, x, y)).a == 255;
                if (solid == 0)
                    fail_msg("%d px %s is empty", n, sprite_name((SpriteId)id));
            }
            for (size_t i = 0; i < sizeof apart / sizeof apart[0]; i++)
                if (same_drawing(&b, s, apart[i][0], apart[i][1]))
                    fail_msg("%d px: %s looks like %s", n, sprite_name(apart[i][0]),
                             sprite_name(apart[i][1]));
            for (size_t i = 0; i < sizeof mice / sizeof mice[0]; i++)
                for (size_t j = i + 1; j < sizeof mice / sizeof mice[0]; j++)
                    if (same_drawing(&b, s, mice[i], mice[j]))
                        fail_msg("%d px: %s looks like %s", n, sprite_name(mice[i]),
                                 sprite_name(mice[j]));
            /* The lamps: red over a locked door, green over one that opens. */
            if (dominant(&b, s, SPRITE_DOOR_LOCKED, 0) == 0)
                fail_msg("%d px door_locked has no red lamp", n);
            if (dominant(&b, s, SPRITE_DOOR_CLOSED, 1) == 0)
                fail_msg("%d px door_closed has no green lamp", n);
            assert_int_equal(dominant(&b, s, SPRITE_DOOR_LOCKED, 1), 0);
            assert_int_equal(dominant(&b, s, SPRITE_DOOR_CLOSED, 0), 0);
        }
        SDL_FreeSurface(b.image);
    }
}

/* The shipped index with one change, parsed: the error, or "" when it is accepted. */
static const char *parse_edited(void (*edit)(cJSON *root))
{
    size_t len;
    const char *text = slurp(ASSETS_DIR "/data/atlas.json", &len);
    cJSON *root = cJSON_ParseWithLength(text, len);
    assert_non_null(root);
    edit(root);
    char *edited = cJSON_PrintUnformatted(root);
    cJSON_Delete(root);
    static char err[256];
    static SDL_Rect rects[ATLAS_SOURCES][SPRITE_COUNT];
    char image[256];
    bool ok = atlas_index_parse(edited, strlen(edited), false, rects, image, sizeof image, err,
                                sizeof err);
    cJSON_free(edited);
    if (ok)
        err[0] = '\0';
    assert_null(strchr(err, '\n'));
    return err;
}

static void edit_nothing(cJSON *root)
{
    (void)root;
}

static void edit_drop_8(cJSON *root)
{
    cJSON_DeleteItemFromObjectCaseSensitive(root, "sprites_8");
}

static void edit_drop_one_12(cJSON *root)
{
    cJSON_DeleteItemFromObjectCaseSensitive(cJSON_GetObjectItem(root, "sprites_12"), "door_locked");
}

static void edit_wrong_size_12(cJSON *root)
{
    cJSON *group = cJSON_GetObjectItem(root, "sprites_12");
    int rect[4] = {0, 0, 16, 16};
    cJSON_ReplaceItemInObjectCaseSensitive(group, "key", cJSON_CreateIntArray(rect, 4));
}

static void edit_negative_8(cJSON *root)
{
    cJSON *group = cJSON_GetObjectItem(root, "sprites_8");
    int rect[4] = {-8, 0, 8, 8};
    cJSON_ReplaceItemInObjectCaseSensitive(group, "corpse", cJSON_CreateIntArray(rect, 4));
}

static void edit_string_12(cJSON *root)
{
    cJSON_ReplaceItemInObjectCaseSensitive(root, "sprites_12", cJSON_CreateString("none"));
}

static void the_index_refuses_bad_mini_tiles(void **state)
{
    (void)state;
    assert_string_equal(parse_edited(edit_nothing), "");
    assert_string_equal(parse_edited(edit_drop_8), "\"sprites_8\" is missing or not an object");
    assert_string_equal(parse_edited(edit_string_12), "\"sprites_12\" is missing or not an object");
    assert_string_equal(parse_edited(edit_drop_one_12),
                        "\"sprites_12\": sprite 'door_locked' is missing or not [x, y, 12, 12]");
    assert_string_equal(parse_edited(edit_wrong_size_12),
                        "\"sprites_12\": sprite 'key' is missing or not [x, y, 12, 12]");
    assert_string_equal(parse_edited(edit_negative_8),
                        "\"sprites_8\": sprite 'corpse' is missing or not [x, y, 8, 8]");
}

typedef struct Canvas {
    SDL_Surface *surface;
    SDL_Renderer *renderer;
} Canvas;

static Canvas canvas_open(void)
{
    Canvas c;
    c.surface = SDL_CreateRGBSurfaceWithFormat(0, CANVAS, CANVAS, 32, SDL_PIXELFORMAT_RGBA32);
    assert_non_null(c.surface);
    c.renderer = SDL_CreateSoftwareRenderer(c.surface);
    assert_non_null(c.renderer);
    return c;
}

static void canvas_close(Canvas *c)
{
    SDL_DestroyRenderer(c->renderer);
    SDL_FreeSurface(c->surface);
}

static void canvas_clear(Canvas *c)
{
    SDL_RenderSetScale(c->renderer, 1, 1);
    SDL_SetRenderDrawColor(c->renderer, 40, 30, 50, 255);
    SDL_RenderClear(c->renderer);
}

/* Sprite id drawn at (x, y) size n under render scale `scale`, unblended: the physical pixels
 * must be the drawing of source s, each of its pixels a k x k block. */
static void check_draw(Canvas *c, const Atlas *atlas, const Built *b, SpriteId id, float scale,
                       int x, int y, int n, int s, int k)
{
    canvas_clear(c);
    SDL_RenderSetScale(c->renderer, scale, scale);
    atlas_draw(atlas, c->renderer, id, x, y, n);
    SDL_RenderPresent(c->renderer);
    int px = (int)(x * scale), py = (int)(y * scale), tile = atlas_source_sizes[s] * k;
    assert_true(atlas_tile_sharp(tile));
    for (int dy = 0; dy < tile; dy++)
        for (int dx = 0; dx < tile; dx++) {
            Uint32 got = image_pixel(c->surface, px + dx, py + dy);
            Uint32 want = drawing(b, s, id, dx / k, dy / k);
            if (got != want)
                fail_msg("%s at size %d, scale %g: pixel (%d, %d) is %08x, the %d px drawing "
                         "has %08x",
                         sprite_name(id), n, (double)scale, dx, dy, (unsigned)got,
                         atlas_source_sizes[s], (unsigned)want);
        }
}

static void sprites_are_copied_one_to_one(void **state)
{
    (void)state;
    for (int contrast = 0; contrast < 2; contrast++) {
        Canvas c = canvas_open();
        Atlas atlas;
        char err[512];
        if (!atlas_load_variant(&atlas, c.renderer, ASSETS_DIR, contrast, err, sizeof err))
            fail_msg("%s", err);
        Built b;
        built_load(&b, contrast);
        atlas_set_blend_mode(&atlas, SDL_BLENDMODE_NONE);
        static const SpriteId ids[] = {SPRITE_DOOR_LOCKED, SPRITE_MICRO_MOUSE, SPRITE_WALL_TOP_5,
                                       SPRITE_KEY};
        for (size_t i = 0; i < sizeof ids / sizeof ids[0]; i++) {
            SpriteId id = ids[i];
            /* The 16 px sheet darkened: a copy scaled from it would show. */
            SDL_SetTextureColorMod(atlas.texture, 0, 0, 0);
            check_draw(&c, &atlas, &b, id, 2, 5, 7, 16, 0, 2);  /* the 32 px sheet */
            check_draw(&c, &atlas, &b, id, 4, 3, 1, 16, 0, 4);  /* 64 */
            check_draw(&c, &atlas, &b, id, 3, 2, 2, 16, 0, 3);  /* 48 */
            check_draw(&c, &atlas, &b, id, 1, 9, 3, 12, 1, 1);  /* 12 */
            check_draw(&c, &atlas, &b, id, 2, 4, 4, 6, 1, 1);   /* 12 at scale 2 */
            check_draw(&c, &atlas, &b, id, 2, 4, 4, 12, 1, 2);  /* 24 */
            check_draw(&c, &atlas, &b, id, 3, 4, 4, 12, 1, 3);  /* 36 */
            check_draw(&c, &atlas, &b, id, 1, 11, 13, 8, 2, 1); /* 8 */
            check_draw(&c, &atlas, &b, id, 2, 6, 2, 4, 2, 1);   /* 8 at scale 2 */
            atlas_set_color_mod(&atlas, 255, 255, 255);
            check_draw(&c, &atlas, &b, id, 1, 3, 5, 16, 0, 1); /* 16 */
        }
        /* Sizes without a sheet are scaled from the 16 px one, and still drawn. */
        assert_false(atlas_tile_sharp(20));
        assert_false(atlas_tile_sharp(40));
        canvas_clear(&c);
        atlas_draw(&atlas, c.renderer, SPRITE_FLOOR, 0, 0, 20);
        SDL_RenderPresent(c.renderer);
        SDL_Color corner = rgba(c.surface, image_pixel(c.surface, 19, 19));
        assert_false(corner.r == 40 && corner.g == 30 && corner.b == 50);

        /* Opaque means opaque in every sheet. */
        for (int id = 0; id < SPRITE_COUNT; id++) {
            bool all = true;
            for (int i = 0; i < ATLAS_SHEETS; i++)
                all = all && atlas.sheets[i].opaque[id];
            assert_int_equal(atlas.opaque[id], all);
        }
        SDL_FreeSurface(b.image);
        atlas_free(&atlas);
        canvas_close(&c);
    }
}

/* Draws s at (4, 8) under render scale `render`, glyphs `scale` times as large; returns a
 * copy of the canvas. */
static Uint32 *draw_text(Canvas *c, const Text *text, float render, int scale, const char *s)
{
    canvas_clear(c);
    SDL_RenderSetScale(c->renderer, render, render);
    SDL_Color yellow = {250, 220, 40, 255};
    int w = text_draw_scaled(text, c->renderer, 4, 8, s, yellow, scale);
    assert_int_equal(w, scale * text_width(text, s)); /* widths stay logical */
    SDL_RenderPresent(c->renderer);
    Uint32 *pixels = malloc((size_t)CANVAS * CANVAS * 4);
    assert_non_null(pixels);
    for (int y = 0; y < CANVAS; y++)
        for (int x = 0; x < CANVAS; x++)
            pixels[y * CANVAS + x] = image_pixel(c->surface, x, y);
    return pixels;
}

static void text_at_scale_two_is_made_of_whole_blocks(void **state)
{
    (void)state;
    Canvas c = canvas_open();
    Text text;
    char err[512];
    if (!text_load(&text, c.renderer, FONT_FILE, 16, err, sizeof err))
        fail_msg("%s", err);
    for (int f = 0; f < TEXT_LEVELS; f++)
        assert_non_null(text.levels[f].texture);
    for (int scale = 1; scale <= 2; scale++) {
        const char *s = scale == 1 ? "Mouse King #13 @ floor" : "MK";
        Uint32 *one = draw_text(&c, &text, 1, scale, s);
        SDL_SetTextureColorMod(text.levels[0].texture, 1, 2, 3); /* the 1x cache, unused */
        Uint32 *two = draw_text(&c, &text, 2, scale, s);
        Uint8 r, g, b;
        SDL_GetTextureColorMod(text.levels[0].texture, &r, &g, &b);
        assert_true(r == 1 && g == 2 && b == 3);
        /* Every pixel of the text at 1x is a whole 2x2 block at render scale 2. */
        int lit = 0;
        for (int y = 0; y < CANVAS; y++)
            for (int x = 0; x < CANVAS; x++) {
                if (two[y * CANVAS + x] != one[(y / 2) * CANVAS + x / 2])
                    fail_msg("'%s' at scale 2: pixel (%d, %d) is not the 1x pixel (%d, %d)", s, x,
                             y, x / 2, y / 2);
                lit += rgba(c.surface, two[y * CANVAS + x]).r > 200;
            }
        assert_true(lit > 80);
        free(one);
        free(two);
    }
    text_free(&text);
    canvas_close(&c);
}

/* An image whose 8 px floor has a hole: the floor is opaque in the 16 px sheet, not in the
 * atlas, whose opaque[] holds for every sheet. A missing image is one line naming it. */
static void opaque_holds_for_every_sheet(void **state)
{
    (void)state;
    char dir[] = "/tmp/mk_atlas_XXXXXX", path[256], cmd[512];
    assert_non_null(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/data", dir);
    assert_int_equal(mkdir(path, 0700), 0);
    snprintf(cmd, sizeof cmd, "cp %s/data/atlas.json %s/data/", ASSETS_DIR, dir);
    assert_int_equal(system(cmd), 0);
    Canvas c = canvas_open();
    Atlas atlas;
    char err[512];
    assert_false(atlas_load(&atlas, c.renderer, dir, err, sizeof err));
    assert_non_null(strstr(err, "/data/atlas.png"));
    assert_null(strchr(err, '\n'));
    Built b;
    built_load(&b, false);
    const SDL_Rect *r = &b.rects[2][SPRITE_FLOOR];
    ((Uint32 *)((Uint8 *)b.image->pixels + (size_t)(r->y + 3) * (size_t)b.image->pitch))[r->x + 4] =
        0;
    snprintf(path, sizeof path, "%s/data/atlas.png", dir);
    assert_int_equal(IMG_SavePNG(b.image, path), 0);
    if (!atlas_load(&atlas, c.renderer, dir, err, sizeof err))
        fail_msg("%s", err);
    assert_true(atlas.sheets[2].opaque[SPRITE_FLOOR]);  /* 16 */
    assert_false(atlas.sheets[0].opaque[SPRITE_FLOOR]); /* 8 */
    assert_false(atlas.opaque[SPRITE_FLOOR]);
    assert_true(atlas.opaque[SPRITE_FLOOR_ALT]);
    atlas_free(&atlas);
    SDL_FreeSurface(b.image);
    canvas_close(&c);
    snprintf(cmd, sizeof cmd, "rm -r %s", dir);
    assert_int_equal(system(cmd), 0);
}

int main(void)
{
    if (SDL_Init(0) != 0)
        return 1;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(mini_tiles_exist_and_keep_sprites_apart),
        cmocka_unit_test(the_index_refuses_bad_mini_tiles),
        cmocka_unit_test(sprites_are_copied_one_to_one),
        cmocka_unit_test(text_at_scale_two_is_made_of_whole_blocks),
        cmocka_unit_test(opaque_holds_for_every_sheet),
    };
    int failed = RUN_TESTS(tests);
    TTF_Quit();
    SDL_Quit();
    return failed;
}
