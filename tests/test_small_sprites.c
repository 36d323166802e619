/* The overview's small tiles (the 8 and 12 pixel drawings of the built atlas) keep apart what a
 * player must tell apart at a glance (docs/RULES.md R-MINIMAP-4, R-MINIMAP-5): each pair among
 * the player, every kind of mouse, every kind of item, the door states and the stairs differs
 * in enough pixels (in both atlases), and the player, the mice and the items each have a
 * dominant colour of their own, so the overview reads "mouse" or "item" by colour before
 * shape. */
#include "test_support.h"

#include <SDL.h>
#include <SDL_image.h>
#include <stdio.h>

#include "ui/atlas.h"

typedef enum Group { G_PLAYER, G_MOUSE, G_ITEM, G_DOOR, G_STAIRS } Group;

static const struct {
    SpriteId id;
    Group group;
} SMALL[] = {
    {SPRITE_PLAYER_RIGHT, G_PLAYER},
    {SPRITE_MICRO_MOUSE, G_MOUSE},
    {SPRITE_NEO_MOUSE, G_MOUSE},
    {SPRITE_TOUGH_MOUSE, G_MOUSE},
    {SPRITE_RABID_MOUSE, G_MOUSE},
    {SPRITE_META_MOUSE, G_MOUSE},
    {SPRITE_MOUSE_KING, G_MOUSE},
    {SPRITE_KEY, G_ITEM},
    {SPRITE_HEALTH_PACK, G_ITEM},
    {SPRITE_CROWBAR, G_ITEM},
    {SPRITE_STUN_BATON, G_ITEM},
    {SPRITE_BIKER_JACKET, G_ITEM},
    {SPRITE_BULLETPROOF_VEST, G_ITEM},
    {SPRITE_MICROCHIP, G_ITEM},
    {SPRITE_FLOOR_PLAN, G_ITEM},
    {SPRITE_SCALPEL, G_ITEM},
    {SPRITE_FIRE_EXTINGUISHER, G_ITEM},
    {SPRITE_HAZMAT_SUIT, G_ITEM},
    {SPRITE_LAB_GOGGLES, G_ITEM},
    {SPRITE_JAMMER_CHIP, G_ITEM},
    {SPRITE_DOOR_CLOSED, G_DOOR},
    {SPRITE_DOOR_OPEN, G_DOOR},
    {SPRITE_DOOR_LOCKED, G_DOOR},
    {SPRITE_STAIRS_UP, G_STAIRS},
    {SPRITE_STAIRS_DOWN, G_STAIRS},
    {SPRITE_VIAL_BLUE, G_ITEM},
    {SPRITE_VIAL_GREEN, G_ITEM},
    {SPRITE_VIAL_AMBER, G_ITEM},
    {SPRITE_VIAL_WHITE, G_ITEM},
    {SPRITE_VIAL_VIOLET, G_ITEM},
    {SPRITE_VIAL_GREY, G_ITEM},
    {SPRITE_CHEESE, G_ITEM},
    {SPRITE_SPRING_TRAP, G_ITEM},
    {SPRITE_SPRING_TRAP_SET, G_ITEM},
    {SPRITE_REPELLER, G_ITEM},
    {SPRITE_FLASH_BULB, G_ITEM},
    {SPRITE_DARTS, G_ITEM},
    {SPRITE_SCRAMBLER, G_ITEM},
};
enum { SMALL_COUNT = sizeof SMALL / sizeof SMALL[0] };

/* Two colours are "the same" to the eye below this distance (RGB, Euclidean). */
enum { NEAR = 48, DOMINANT_APART = 60, INK = 48 };

static SDL_Surface *images[2], *image; /* the normal and high-contrast atlases; the one tried */
static SDL_Rect rects[ATLAS_SOURCES][SPRITE_COUNT];

static SDL_Surface *load(bool contrast)
{
    static char text[1 << 18];
    FILE *f = fopen(ASSETS_DIR "/data/atlas.json", "rb");
    assert_non_null(f);
    size_t len = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[len] = '\0';
    char name[256], err[256], path[512];
    if (!atlas_index_parse(text, len, contrast, rects, name, sizeof name, err, sizeof err))
        fail_msg("%s", err);
    snprintf(path, sizeof path, "%s/data/%s", ASSETS_DIR, name);
    SDL_Surface *s = IMG_Load(path);
    assert_non_null(s);
    SDL_Surface *rgba = SDL_ConvertSurfaceFormat(s, SDL_PIXELFORMAT_RGBA32, 0);
    SDL_FreeSurface(s);
    assert_non_null(rgba);
    return rgba;
}

static int setup(void **state)
{
    (void)state;
    images[0] = load(false);
    images[1] = load(true); /* same places, so one index serves both */
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    SDL_FreeSurface(images[0]);
    SDL_FreeSurface(images[1]);
    return 0;
}

static SDL_Color pixel(int source, SpriteId id, int x, int y)
{
    const SDL_Rect *r = &rects[source][id];
    Uint32 p = ((const Uint32 *)((const Uint8 *)image->pixels +
                                 (size_t)(r->y + y) * (size_t)image->pitch))[r->x + x];
    SDL_Color c;
    SDL_GetRGBA(p, image->format, &c.r, &c.g, &c.b, &c.a);
    return c;
}

static int distance2(SDL_Color a, SDL_Color b)
{
    int dr = a.r - b.r, dg = a.g - b.g, db = a.b - b.b;
    return dr * dr + dg * dg + db * db;
}

/* Pixels where the two drawings differ to the eye: one transparent and not the other, or
 * colours at least NEAR apart. */
static int differing(int source, SpriteId a, SpriteId b)
{
    int n = atlas_source_sizes[source], count = 0;
    for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++) {
            SDL_Color ca = pixel(source, a, x, y), cb = pixel(source, b, x, y);
            bool sa = ca.a >= 128, sb = cb.a >= 128;
            count += sa != sb || (sa && distance2(ca, cb) >= NEAR * NEAR);
        }
    return count;
}

/* The colour most of the drawing's opaque pixels have, leaving out the outline's inks (every
 * channel under INK). */
static SDL_Color dominant(int source, SpriteId id)
{
    int n = atlas_source_sizes[source], best = 0;
    SDL_Color colours[144], pick = {0, 0, 0, 0};
    int counts[144] = {0}, kinds = 0;
    for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++) {
            SDL_Color c = pixel(source, id, x, y);
            if (c.a < 128 || (c.r < INK && c.g < INK && c.b < INK))
                continue;
            int k = 0;
            while (k < kinds && distance2(colours[k], c) != 0)
                k++;
            if (k == kinds)
                colours[kinds++] = c;
            if (++counts[k] > best) {
                best = counts[k];
                pick = c;
            }
        }
    return pick;
}

static void small_sprites_differ_in_pixels(void **state)
{
    (void)state;
    for (int a = 0; a < 2; a++)
        for (int s = 1; s < ATLAS_SOURCES; s++) {
            image = images[a];
            int n = atlas_source_sizes[s], least = n * n / 8;
            for (int i = 0; i < SMALL_COUNT; i++)
                for (int j = i + 1; j < SMALL_COUNT; j++) {
                    int d = differing(s, SMALL[i].id, SMALL[j].id);
                    if (d < least)
                        fail_msg("%s%d px: %s and %s differ in %d pixels, fewer than %d",
                                 a ? "high contrast, " : "", n, sprite_name(SMALL[i].id),
                                 sprite_name(SMALL[j].id), d, least);
                }
        }
}

static void player_mice_and_items_differ_in_colour(void **state)
{
    (void)state;
    /* The normal atlas: the high-contrast palette lifts silver almost to the coat's white, and
     * there shape (and the pixels, checked above) must do. */
    image = images[0];
    for (int s = 1; s < ATLAS_SOURCES; s++)
        for (int i = 0; i < SMALL_COUNT; i++)
            for (int j = i + 1; j < SMALL_COUNT; j++) {
                Group gi = SMALL[i].group, gj = SMALL[j].group;
                if (gi == gj || gi > G_ITEM || gj > G_ITEM)
                    continue;
                SDL_Color a = dominant(s, SMALL[i].id), b = dominant(s, SMALL[j].id);
                if (distance2(a, b) < DOMINANT_APART * DOMINANT_APART)
                    fail_msg("%d px: %s (#%02x%02x%02x) and %s (#%02x%02x%02x) have the same "
                             "dominant colour",
                             atlas_source_sizes[s], sprite_name(SMALL[i].id), a.r, a.g, a.b,
                             sprite_name(SMALL[j].id), b.r, b.g, b.b);
            }
}

int main(void)
{
    if (SDL_Init(0) != 0)
        return 1;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(small_sprites_differ_in_pixels),
        cmocka_unit_test(player_mice_and_items_differ_in_colour),
    };
    int failed = cmocka_run_group_tests(tests, setup, teardown);
    SDL_Quit();
    return failed;
}
