/* Text from glyph caches: the printable ASCII glyphs of the font rendered at start-up into one
 * texture per interface scale (1, 1.25, 1.5 ... 6: TEXT_LEVEL_QUARTERS), then copied per
 * character at the output's own pixels, tinted by colour modulation, or, in an opaque colour
 * at a whole scale, filled as the glyphs' rectangles (the same pixels, faster). */
#ifndef MK_TEXT_H
#define MK_TEXT_H

#include <SDL.h>
#include <stdbool.h>

enum {
    TEXT_FIRST_GLYPH = 32,
    TEXT_LAST_GLYPH = 126,
    TEXT_GLYPHS = TEXT_LAST_GLYPH - TEXT_FIRST_GLYPH + 1,
    TEXT_LEVELS = 11, /* glyph caches, one per interface scale */
    TEXT_RUNS_MAX = 2048
};

/* The interface scales in quarters (1, 1.25, 1.5, 1.75, 2, 2.5, 3, 3.5, 4, 5, 6: no step over
 * 25%), each with its glyph cache: at a whole scale the 1x glyphs with each pixel a square
 * block, between them the font rendered at the largest size whose glyphs are no wider and no
 * taller than the 1x glyphs at that scale (so a width measured at 1x always holds them). */
extern const int TEXT_LEVEL_QUARTERS[TEXT_LEVELS];

/* One glyph cache, in physical pixels. */
typedef struct TextLevel {
    SDL_Texture *texture;
    SDL_Rect glyphs[TEXT_GLYPHS]; /* each glyph's rectangle in the texture */
    int advance[TEXT_GLYPHS];
    int line_height;
    int quarters; /* the scale it is made for, in quarters */
    int whole;    /* > 0: the 1x glyphs, each pixel `whole` pixels square; 0: rendered */
} TextLevel;

/* What was drawn where, for the layout tests: each text_draw adds its string and rectangle
 * (in the renderer's coordinates) while Text.record points here. */
enum { TEXT_RECORD_MAX = 1024 };
typedef struct TextRecordItem {
    SDL_Rect rect;
    char s[160];
    bool panel; /* not text: a panel drawn over what came before (text_record_panel) */
} TextRecordItem;
typedef struct TextRecord {
    TextRecordItem items[TEXT_RECORD_MAX];
    int count;
} TextRecord;

typedef struct Text {
    /* levels[i]: the glyph cache of TEXT_LEVEL_QUARTERS[i]; levels[0] is the 1x one. */
    TextLevel levels[TEXT_LEVELS];
    /* The 1x metrics: every width, wrap and line height the layout measures is in these,
     * logical pixels, whatever the scale. */
    SDL_Rect glyphs[TEXT_GLYPHS];
    int advance[TEXT_GLYPHS];
    int line_height;
    TextRecord *record; /* NULL but in the layout tests */
    /* Each glyph's pixels as rectangles at 1x (glyph i's are runs[run_first[i]] up to
     * runs[run_first[i + 1]]), when every glyph pixel is either opaque white or transparent:
     * text in an opaque colour is then drawn as filled rectangles, the very pixels the
     * modulated, blended copy of the glyphs gives, several times faster on the software
     * renderer. run_count 0: not so, the glyphs are copied. */
    struct {
        Uint8 x, y, w, h;
    } runs[TEXT_RUNS_MAX];
    int run_first[TEXT_GLYPHS + 1];
    int run_count;
} Text;

/* A panel drawn over whatever is under it, noted in the record (if any), so a test can tell
 * text hidden under it. */
void text_record_panel(const Text *text, SDL_Rect box);

bool text_load(Text *text, SDL_Renderer *renderer, const char *font_path, int point_size, char *err,
               size_t err_size);
void text_free(Text *text);
/* Draws s at (x, y); characters outside printable ASCII show as '?'. Returns the width
 * measured at 1x (text_width), which the drawn glyphs never pass. Positions and widths are in
 * the renderer's current (logical) coordinates; the glyphs come from the cache of the render
 * scale, copied 1:1 at the output's pixels from (x, y) times the scale, rounded. */
int text_draw(const Text *text, SDL_Renderer *renderer, int x, int y, const char *s,
              SDL_Color colour);
/* The same, `scale` times as large: titles. From the cache of render scale times `scale`
 * (or the largest one it is a whole multiple of, each pixel a square block). */
int text_draw_scaled(const Text *text, SDL_Renderer *renderer, int x, int y, const char *s,
                     SDL_Color colour, int scale);
int text_width(const Text *text, const char *s);
/* The glyph cache text_draw_scaled uses at render scale `quarters` / 4 times `scale`, and in
 * *block how many pixels square each of its pixels is drawn. */
const TextLevel *text_level_for(const Text *text, int quarters, int scale, int *block);
/* Word wrap without drawing: the number of bytes of `s` on its first line of at most w pixels
 * (broken after the last whole word that fits; a word longer than the line is cut, and a line
 * has at least one character), and in *next (may be NULL) where the next line starts, its
 * leading spaces skipped. Uses only the glyph advances. */
int text_wrap(const Text *text, const char *s, int w, const char **next);
/* How many lines text_wrap makes of `s` at w pixels (0 for ""). */
int text_wrap_count(const Text *text, const char *s, int w);

#endif
