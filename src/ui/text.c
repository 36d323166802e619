#include "ui/text.h"

#include <SDL_ttf.h>
#include <stdio.h>
#include <string.h>

static int glyph_index(char c)
{
    unsigned char u = (unsigned char)c;
    if (u < TEXT_FIRST_GLYPH || u > TEXT_LAST_GLYPH)
        u = '?';
    return u - TEXT_FIRST_GLYPH;
}

const int TEXT_LEVEL_QUARTERS[TEXT_LEVELS] = {4, 5, 6, 7, 8, 10, 12, 14, 16, 20, 24};

enum { SHEET_COLUMNS = 16 }; /* glyphs per row of a cache, so a 6x cache stays narrow */

/* The rendered glyphs packed in rows of one RGBA32 surface, each glyph's rectangle in
 * glyphs[]; the glyph surfaces are freed. NULL when the surface cannot be made. */
static SDL_Surface *pack_glyphs(SDL_Surface *rendered[TEXT_GLYPHS], SDL_Rect glyphs[TEXT_GLYPHS])
{
    int cell_w = 1, cell_h = 1;
    for (int i = 0; i < TEXT_GLYPHS; i++)
        if (rendered[i]) {
            cell_w = rendered[i]->w + 1 > cell_w ? rendered[i]->w + 1 : cell_w;
            cell_h = rendered[i]->h + 1 > cell_h ? rendered[i]->h + 1 : cell_h;
        }
    int rows = (TEXT_GLYPHS + SHEET_COLUMNS - 1) / SHEET_COLUMNS;
    SDL_Surface *sheet = SDL_CreateRGBSurfaceWithFormat(0, SHEET_COLUMNS * cell_w, rows * cell_h,
                                                        32, SDL_PIXELFORMAT_RGBA32);
    if (sheet)
        SDL_FillRect(sheet, NULL, 0);
    for (int i = 0; i < TEXT_GLYPHS; i++) {
        if (!rendered[i])
            continue;
        SDL_Rect dst = {(i % SHEET_COLUMNS) * cell_w, (i / SHEET_COLUMNS) * cell_h, rendered[i]->w,
                        rendered[i]->h};
        if (sheet) {
            SDL_SetSurfaceBlendMode(rendered[i], SDL_BLENDMODE_NONE);
            SDL_BlitSurface(rendered[i], NULL, sheet, &dst);
            glyphs[i] = dst;
        }
        SDL_FreeSurface(rendered[i]);
    }
    return sheet;
}

/* Renders every glyph (white, no anti-aliasing: a pixel font stays sharp) into one sheet. */
static SDL_Surface *render_glyphs(TTF_Font *font, SDL_Rect glyphs[TEXT_GLYPHS],
                                  int advance[TEXT_GLYPHS])
{
    SDL_Surface *rendered[TEXT_GLYPHS] = {0};
    SDL_Color white = {255, 255, 255, 255};
    for (int i = 0; i < TEXT_GLYPHS; i++) {
        int minx, maxx, miny, maxy;
        Uint16 ch = (Uint16)(TEXT_FIRST_GLYPH + i);
        if (TTF_GlyphMetrics(font, ch, &minx, &maxx, &miny, &maxy, &advance[i]) != 0)
            advance[i] = 0;
        rendered[i] = TTF_RenderGlyph_Solid(font, ch, white);
        glyphs[i] = (SDL_Rect){0, 0, 0, 0};
    }
    return pack_glyphs(rendered, glyphs);
}

enum { PIXEL_CLEAR, PIXEL_WHITE, PIXEL_OTHER };

/* An RGBA32 pixel (R, G, B, A in memory): fully transparent, opaque white, or anything else. */
static int pixel_kind(const Uint32 *pixel)
{
    const Uint8 *p = (const Uint8 *)pixel;
    if (p[3] == 0)
        return PIXEL_CLEAR;
    return p[0] == 255 && p[1] == 255 && p[2] == 255 && p[3] == 255 ? PIXEL_WHITE : PIXEL_OTHER;
}

/* The run x..end-1 of row y: it makes the run of the same columns ending on the row above one
 * taller, or is a new run. False when there is no room for a new one. */
static bool add_run(Text *text, int first, int *n, int x, int end, int y)
{
    for (int j = first; j < *n; j++)
        if (text->runs[j].x == x && text->runs[j].w == end - x &&
            text->runs[j].y + text->runs[j].h == y) {
            text->runs[j].h++;
            return true;
        }
    if (*n == TEXT_RUNS_MAX)
        return false;
    text->runs[*n].x = (Uint8)x;
    text->runs[*n].y = (Uint8)y;
    text->runs[*n].w = (Uint8)(end - x);
    text->runs[*n].h = 1;
    (*n)++;
    return true;
}

/* The runs of opaque white in one row of glyph i; false when a pixel is neither clear nor
 * opaque white, or the runs do not fit. */
static bool row_runs(Text *text, int i, const Uint32 *row, int y, int *n)
{
    int w = text->glyphs[i].w;
    for (int x = 0; x < w;) {
        int kind = pixel_kind(&row[x]);
        if (kind == PIXEL_CLEAR) {
            x++;
            continue;
        }
        if (kind == PIXEL_OTHER)
            return false;
        int start = x;
        while (x < w && pixel_kind(&row[x]) == PIXEL_WHITE)
            x++;
        if (!add_run(text, text->run_first[i], n, start, x, y))
            return false;
    }
    return true;
}

/* The glyphs of the 1x RGBA32 sheet as rectangles of opaque white (a row's runs, each joined
 * to the same run of the row above); run_count stays 0 when a glyph pixel is anything but
 * opaque white or fully transparent, or the rectangles do not fit. */
static void find_runs(Text *text, const SDL_Surface *sheet)
{
    text->run_count = 0;
    int n = 0;
    for (int i = 0; i < TEXT_GLYPHS; i++) {
        text->run_first[i] = n;
        const SDL_Rect *g = &text->glyphs[i];
        if (g->w > 255 || g->h > 255)
            return;
        for (int y = 0; y < g->h; y++) {
            const Uint8 *line =
                (const Uint8 *)sheet->pixels + (size_t)(g->y + y) * (size_t)sheet->pitch;
            if (!row_runs(text, i, (const Uint32 *)line + g->x, y, &n))
                return;
        }
    }
    text->run_first[TEXT_GLYPHS] = n;
    text->run_count = n;
}

/* The RGBA32 sheet f times as large, each pixel an f x f block (the sheet itself for 1). */
static SDL_Surface *scale_up(SDL_Surface *sheet, int f)
{
    if (f == 1)
        return sheet;
    SDL_Surface *big =
        SDL_CreateRGBSurfaceWithFormat(0, sheet->w * f, sheet->h * f, 32, SDL_PIXELFORMAT_RGBA32);
    if (!big)
        return NULL;
    for (int y = 0; y < big->h; y++) {
        const Uint32 *src =
            (const Uint32 *)((const Uint8 *)sheet->pixels + (size_t)(y / f) * (size_t)sheet->pitch);
        Uint32 *dst = (Uint32 *)((Uint8 *)big->pixels + (size_t)y * (size_t)big->pitch);
        for (int x = 0; x < big->w; x++)
            dst[x] = src[x / f];
    }
    return big;
}

/* A whole level: the 1x sheet with each pixel k pixels square. */
static SDL_Surface *whole_level(const Text *text, TextLevel *level, SDL_Surface *sheet, int k)
{
    level->whole = k;
    level->line_height = text->line_height * k;
    for (int i = 0; i < TEXT_GLYPHS; i++) {
        SDL_Rect g = text->glyphs[i];
        level->glyphs[i] = (SDL_Rect){g.x * k, g.y * k, g.w * k, g.h * k};
        level->advance[i] = text->advance[i] * k;
    }
    return scale_up(sheet, k);
}

/* True when the font's glyphs are no wider and its lines no taller than the 1x ones at
 * `quarters` / 4: a width measured at 1x then holds the text drawn at that scale. */
static bool font_fits(const Text *text, TTF_Font *font, int quarters)
{
    if (TTF_FontLineSkip(font) > text->line_height * quarters / 4)
        return false;
    for (int i = 0; i < TEXT_GLYPHS; i++) {
        int minx, maxx, miny, maxy, advance;
        if (TTF_GlyphMetrics(font, (Uint16)(TEXT_FIRST_GLYPH + i), &minx, &maxx, &miny, &maxy,
                             &advance) == 0 &&
            advance > text->advance[i] * quarters / 4)
            return false;
    }
    return true;
}

/* A level between whole scales: the font rendered at the largest size that fits it (the 1x
 * size at worst), monochrome hinted, each glyph pixel a pixel. */
static SDL_Surface *rendered_level(const Text *text, TextLevel *level, const char *font_path,
                                   int point_size, int quarters)
{
    for (int points = point_size * quarters / 4; points >= point_size; points--) {
        TTF_Font *font = TTF_OpenFont(font_path, points);
        if (!font)
            return NULL;
        TTF_SetFontHinting(font, TTF_HINTING_MONO);
        if (points > point_size && !font_fits(text, font, quarters)) {
            TTF_CloseFont(font);
            continue;
        }
        level->whole = 0;
        level->line_height = TTF_FontLineSkip(font);
        SDL_Surface *sheet = render_glyphs(font, level->glyphs, level->advance);
        TTF_CloseFont(font);
        return sheet;
    }
    return NULL;
}

/* Makes every level's texture from the 1x sheet or the font. */
static bool make_levels(Text *text, SDL_Renderer *renderer, SDL_Surface *sheet,
                        const char *font_path, int point_size)
{
    for (int i = 0; i < TEXT_LEVELS; i++) {
        TextLevel *level = &text->levels[i];
        int q = TEXT_LEVEL_QUARTERS[i];
        level->quarters = q;
        SDL_Surface *made = q % 4 == 0 ? whole_level(text, level, sheet, q / 4)
                                       : rendered_level(text, level, font_path, point_size, q);
        level->texture = made ? SDL_CreateTextureFromSurface(renderer, made) : NULL;
        if (made && made != sheet)
            SDL_FreeSurface(made);
        if (!level->texture)
            return false;
        SDL_SetTextureBlendMode(level->texture, SDL_BLENDMODE_BLEND);
    }
    return true;
}

bool text_load(Text *text, SDL_Renderer *renderer, const char *font_path, int point_size, char *err,
               size_t err_size)
{
    memset(text, 0, sizeof *text);
    if (!TTF_WasInit() && TTF_Init() != 0) {
        snprintf(err, err_size, "cannot start SDL_ttf: %s", TTF_GetError());
        return false;
    }
    TTF_Font *font = TTF_OpenFont(font_path, point_size);
    if (!font) {
        snprintf(err, err_size, "%s: %s", font_path, TTF_GetError());
        return false;
    }
    text->line_height = TTF_FontLineSkip(font);
    SDL_Surface *sheet = render_glyphs(font, text->glyphs, text->advance);
    TTF_CloseFont(font);
    if (!sheet) {
        snprintf(err, err_size, "%s: cannot render the glyph cache: %s", font_path, SDL_GetError());
        return false;
    }
    find_runs(text, sheet);
    bool made = make_levels(text, renderer, sheet, font_path, point_size);
    SDL_FreeSurface(sheet);
    if (!made) {
        snprintf(err, err_size, "%s: cannot make the glyph caches: %s", font_path, SDL_GetError());
        text_free(text);
        return false;
    }
    return true;
}

void text_free(Text *text)
{
    for (int i = 0; i < TEXT_LEVELS; i++) {
        if (text->levels[i].texture)
            SDL_DestroyTexture(text->levels[i].texture);
        text->levels[i].texture = NULL;
    }
}

const TextLevel *text_level_for(const Text *text, int quarters, int scale, int *block)
{
    int want = quarters * (scale > 0 ? scale : 1);
    for (int i = TEXT_LEVELS - 1; i > 0; i--) {
        const TextLevel *level = &text->levels[i];
        if (level->texture && want % level->quarters == 0) {
            *block = want / level->quarters;
            return level;
        }
    }
    *block = want / 4 > 0 ? want / 4 : 1;
    return &text->levels[0];
}

int text_draw(const Text *text, SDL_Renderer *renderer, int x, int y, const char *s,
              SDL_Color colour)
{
    return text_draw_scaled(text, renderer, x, y, s, colour, 1);
}

/* An opaque colour over opaque white glyphs of a whole level: filling the glyphs' pixel
 * rectangles sets the same pixels as the tinted, blended copy, several times faster. */
static void fill_runs(const Text *text, SDL_Renderer *renderer, int x, int y, const char *s,
                      SDL_Color colour, int k)
{
    Uint8 r0, g0, b0, a0;
    SDL_BlendMode mode;
    SDL_GetRenderDrawColor(renderer, &r0, &g0, &b0, &a0);
    SDL_GetRenderDrawBlendMode(renderer, &mode);
    SDL_SetRenderDrawColor(renderer, colour.r, colour.g, colour.b, 255);
    SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_NONE);
    enum { BATCH = 256 };
    SDL_Rect rects[BATCH];
    int count = 0;
    for (; *s; s++) {
        int i = glyph_index(*s);
        for (int j = text->run_first[i]; j < text->run_first[i + 1]; j++) {
            if (count == BATCH) {
                SDL_RenderFillRects(renderer, rects, count);
                count = 0;
            }
            rects[count++] = (SDL_Rect){x + text->runs[j].x * k, y + text->runs[j].y * k,
                                        text->runs[j].w * k, text->runs[j].h * k};
        }
        x += text->advance[i] * k;
    }
    if (count > 0)
        SDL_RenderFillRects(renderer, rects, count);
    SDL_SetRenderDrawBlendMode(renderer, mode);
    SDL_SetRenderDrawColor(renderer, r0, g0, b0, a0);
}

/* Copies the level's glyphs, each pixel block x block, from physical (x, y). */
static void copy_glyphs(const TextLevel *level, SDL_Renderer *renderer, int x, int y, const char *s,
                        SDL_Color colour, int block)
{
    SDL_SetTextureColorMod(level->texture, colour.r, colour.g, colour.b);
    SDL_SetTextureAlphaMod(level->texture, colour.a);
    for (; *s; s++) {
        int i = glyph_index(*s);
        const SDL_Rect *g = &level->glyphs[i];
        if (g->w > 0) {
            SDL_Rect dst = {x, y, g->w * block, g->h * block};
            SDL_RenderCopy(renderer, level->texture, g, &dst);
        }
        x += level->advance[i] * block;
    }
}

static void record_text(const Text *text, SDL_Rect rect, const char *s)
{
    if (text->record && text->record->count < TEXT_RECORD_MAX && rect.w > 0) {
        TextRecordItem *item = &text->record->items[text->record->count++];
        item->rect = rect;
        item->panel = false;
        snprintf(item->s, sizeof item->s, "%s", s);
    }
}

int text_draw_scaled(const Text *text, SDL_Renderer *renderer, int x, int y, const char *s,
                     SDL_Color colour, int scale)
{
    /* At the output's own pixels: (x, y) times the render scale, rounded, then the glyphs of
     * the cache made for the scale, 1:1 (or in whole blocks), evenly spaced. */
    float rx = 1.0f, ry = 1.0f;
    SDL_RenderGetScale(renderer, &rx, &ry);
    int quarters = (int)(rx * 4.0f + 0.5f), block = 1;
    if (quarters < 1)
        quarters = 1;
    const TextLevel *level = text_level_for(text, quarters, scale, &block);
    int width = text_width(text, s) * scale;
    int px = (int)((float)x * rx + 0.5f), py = (int)((float)y * ry + 0.5f);
    /* Between whole scales the glyphs may be a little shorter than the line: centred on it. */
    int room = text->line_height * quarters * scale / 4 - level->line_height * block;
    py += room > 0 ? room / 2 : 0;
    if (rx != 1.0f || ry != 1.0f)
        SDL_RenderSetScale(renderer, 1.0f, 1.0f);
    if (level->whole > 0 && text->run_count > 0 && colour.a == 255)
        fill_runs(text, renderer, px, py, s, colour, level->whole * block);
    else
        copy_glyphs(level, renderer, px, py, s, colour, block);
    if (rx != 1.0f || ry != 1.0f)
        SDL_RenderSetScale(renderer, rx, ry);
    record_text(text, (SDL_Rect){x, y, width, text->line_height * scale}, s);
    return width;
}

void text_record_panel(const Text *text, SDL_Rect box)
{
    if (text->record && text->record->count < TEXT_RECORD_MAX) {
        TextRecordItem *item = &text->record->items[text->record->count++];
        item->rect = box;
        snprintf(item->s, sizeof item->s, "(a panel)");
        item->panel = true;
    }
}

int text_width(const Text *text, const char *s)
{
    int w = 0;
    for (; *s; s++)
        w += text->advance[glyph_index(*s)];
    return w;
}

int text_wrap(const Text *text, const char *s, int w, const char **next)
{
    int width = 0, n = 0, fit = 0;
    while (s[n]) {
        int advance = text->advance[glyph_index(s[n])];
        if (width + advance > w)
            break;
        width += advance;
        n++;
        if (s[n] == ' ' || !s[n])
            fit = n; /* a word ends here */
    }
    /* A word longer than the line (a long path) is cut where the line is full; at least one
     * character goes on each line, so a narrow width still ends. */
    if (fit == 0)
        fit = n > 0 ? n : (s[0] ? 1 : 0);
    const char *rest = s + fit;
    while (*rest == ' ')
        rest++;
    if (next)
        *next = rest;
    return fit;
}

int text_wrap_count(const Text *text, const char *s, int w)
{
    int lines = 0;
    while (*s) {
        text_wrap(text, s, w, &s);
        lines++;
    }
    return lines;
}
