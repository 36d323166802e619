/* An off-screen screen for the layout tests (test_layout, test_layout_boxes): SDL's software
 * renderer on an RGB888 surface of the window's size, with the game's font and atlas loaded as
 * the window loads them, and the sizes the layout is checked at. Needs FONT_FILE and
 * ASSETS_DIR. */
#ifndef MK_TEST_SCREEN_H
#define MK_TEST_SCREEN_H

#include <string.h>

#include "ui/atlas.h"
#include "ui/layout.h"
#include "ui/text.h"

/* The six sizes, and two between whole scales (1.75 and 2.5). */
static const int SIZES[][2] = {{640, 480},   {800, 600},   {1024, 768}, {1280, 720},
                               {1920, 1080}, {2560, 1440}, {1100, 800}, {1600, 900}};
enum { SIZE_COUNT = sizeof SIZES / sizeof SIZES[0] };

typedef struct Screen {
    int w, h;
    SDL_Surface *surface;
    SDL_Renderer *r;
    Text text;
    Atlas atlas;
    PlayLayout l;
    TextRecord record;
} Screen;

/* A screen of w x h pixels (one at a time: it is static, the record being large). */
static inline Screen *screen_make(int w, int h)
{
    static Screen s;
    memset(&s, 0, sizeof s);
    s.w = w;
    s.h = h;
    s.surface = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_RGB888);
    assert_non_null(s.surface);
    s.r = SDL_CreateSoftwareRenderer(s.surface);
    assert_non_null(s.r);
    char err[512];
    if (!text_load(&s.text, s.r, FONT_FILE, LAYOUT_FONT_POINTS, err, sizeof err) ||
        !atlas_load(&s.atlas, s.r, ASSETS_DIR, err, sizeof err))
        fail_msg("%s", err);
    return &s;
}

static inline void screen_close(Screen *s)
{
    text_free(&s->text);
    atlas_free(&s->atlas);
    SDL_DestroyRenderer(s->r);
    SDL_FreeSurface(s->surface);
}

#endif
