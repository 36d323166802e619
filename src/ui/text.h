/* Text from a glyph cache: the printable ASCII glyphs of the font rendered once into one
 * texture at start-up, then copied per character, tinted by colour modulation, or, in an
 * opaque colour, filled as the glyphs' rectangles (the same pixels, faster). */
#ifndef MK_TEXT_H
#define MK_TEXT_H

#include <SDL.h>
#include <stdbool.h>

enum {
    TEXT_FIRST_GLYPH = 32,
    TEXT_LAST_GLYPH = 126,
    TEXT_GLYPHS = TEXT_LAST_GLYPH - TEXT_FIRST_GLYPH + 1,
    TEXT_MAX_SCALE = 4, /* the glyph cache is also made 2, 3 and 4 times as large */
    TEXT_RUNS_MAX = 2048
};

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
    SDL_Texture *texture; /* the glyphs at 1x (also scaled[0]) */
    /* scaled[f - 1]: the glyph cache f times as large, nearest sampled, so drawing at render
     * scale f (or a glyph `scale` times as large at render scale f / scale) is a 1:1 copy.
     * Its glyph rectangles are those of `glyphs` times f. */
    SDL_Texture *scaled[TEXT_MAX_SCALE];
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
/* Draws s at (x, y); characters outside printable ASCII show as '?'. Returns the width drawn.
 * Positions, advances and widths are in the renderer's current (logical) coordinates; at a
 * whole render scale of 1..4 the glyphs come from the cache of that factor, 1:1 in physical
 * pixels. */
int text_draw(const Text *text, SDL_Renderer *renderer, int x, int y, const char *s,
              SDL_Color colour);
/* The same, each glyph pixel `scale` pixels square: titles, from the same glyph cache. */
int text_draw_scaled(const Text *text, SDL_Renderer *renderer, int x, int y, const char *s,
                     SDL_Color colour, int scale);
int text_width(const Text *text, const char *s);
/* Word wrap without drawing: the number of bytes of `s` on its first line of at most w pixels
 * (broken after the last whole word that fits; a word longer than the line is cut, and a line
 * has at least one character), and in *next (may be NULL) where the next line starts, its
 * leading spaces skipped. Uses only the glyph advances. */
int text_wrap(const Text *text, const char *s, int w, const char **next);
/* How many lines text_wrap makes of `s` at w pixels (0 for ""). */
int text_wrap_count(const Text *text, const char *s, int w);

#endif
