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

/* Renders every glyph (white, no anti-aliasing: a pixel font stays sharp when scaled) and
 * packs them in one row of one surface. */
static SDL_Surface *render_glyphs(Text *text, TTF_Font *font)
{
    SDL_Surface *rendered[TEXT_GLYPHS] = {0};
    SDL_Color white = {255, 255, 255, 255};
    int width = 0;
    text->line_height = TTF_FontLineSkip(font);
    for (int i = 0; i < TEXT_GLYPHS; i++) {
        int minx, maxx, miny, maxy, advance;
        Uint16 ch = (Uint16)(TEXT_FIRST_GLYPH + i);
        if (TTF_GlyphMetrics(font, ch, &minx, &maxx, &miny, &maxy, &advance) != 0)
            advance = 0;
        text->advance[i] = advance;
        rendered[i] = TTF_RenderGlyph_Solid(font, ch, white);
        if (rendered[i])
            width += rendered[i]->w + 1;
    }
    int height = TTF_FontHeight(font);
    SDL_Surface *sheet = SDL_CreateRGBSurfaceWithFormat(0, width > 0 ? width : 1, height, 32,
                                                        SDL_PIXELFORMAT_RGBA32);
    int x = 0;
    for (int i = 0; i < TEXT_GLYPHS; i++) {
        if (!rendered[i])
            continue;
        if (sheet) {
            SDL_Rect dst = {x, 0, rendered[i]->w, rendered[i]->h};
            SDL_SetSurfaceBlendMode(rendered[i], SDL_BLENDMODE_NONE);
            SDL_BlitSurface(rendered[i], NULL, sheet, &dst);
            text->glyphs[i] = dst;
        }
        x += rendered[i]->w + 1;
        SDL_FreeSurface(rendered[i]);
    }
    return sheet;
}

/* The RGBA32 glyph sheet f times as large, each pixel an f x f block (the sheet itself for 1). */
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
            const Uint32 *row = (const Uint32 *)((const Uint8 *)sheet->pixels +
                                                 (size_t)(g->y + y) * (size_t)sheet->pitch) +
                                g->x;
            for (int x = 0; x < g->w;) {
                const Uint8 *p = (const Uint8 *)&row[x]; /* RGBA32: R, G, B, A in memory */
                if (p[3] == 0) {
                    x++;
                    continue;
                }
                if (p[3] != 255 || p[0] != 255 || p[1] != 255 || p[2] != 255)
                    return;
                int start = x;
                while (x < g->w && ((const Uint8 *)&row[x])[3] == 255) {
                    const Uint8 *q = (const Uint8 *)&row[x];
                    if (q[0] != 255 || q[1] != 255 || q[2] != 255)
                        return;
                    x++;
                }
                int j = text->run_first[i];
                while (j < n && !(text->runs[j].x == start && text->runs[j].w == x - start &&
                                  text->runs[j].y + text->runs[j].h == y))
                    j++;
                if (j < n) {
                    text->runs[j].h++;
                } else {
                    if (n == TEXT_RUNS_MAX)
                        return;
                    text->runs[n].x = (Uint8)start;
                    text->runs[n].y = (Uint8)y;
                    text->runs[n].w = (Uint8)(x - start);
                    text->runs[n].h = 1;
                    n++;
                }
            }
        }
    }
    text->run_first[TEXT_GLYPHS] = n;
    text->run_count = n;
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
    SDL_Surface *sheet = render_glyphs(text, font);
    TTF_CloseFont(font);
    if (!sheet) {
        snprintf(err, err_size, "%s: cannot render the glyph cache: %s", font_path, SDL_GetError());
        return false;
    }
    find_runs(text, sheet);
    for (int f = 1; f <= TEXT_MAX_SCALE; f++) {
        SDL_Surface *big = scale_up(sheet, f);
        text->scaled[f - 1] = big ? SDL_CreateTextureFromSurface(renderer, big) : NULL;
        if (big != sheet)
            SDL_FreeSurface(big);
        if (!text->scaled[f - 1]) {
            snprintf(err, err_size, "%s: cannot make the %dx glyph texture: %s", font_path, f,
                     SDL_GetError());
            SDL_FreeSurface(sheet);
            text_free(text);
            return false;
        }
        SDL_SetTextureBlendMode(text->scaled[f - 1], SDL_BLENDMODE_BLEND);
    }
    SDL_FreeSurface(sheet);
    text->texture = text->scaled[0];
    return true;
}

void text_free(Text *text)
{
    for (int f = 0; f < TEXT_MAX_SCALE; f++) {
        if (text->scaled[f])
            SDL_DestroyTexture(text->scaled[f]);
        text->scaled[f] = NULL;
    }
    text->texture = NULL; /* scaled[0] */
}

int text_draw(const Text *text, SDL_Renderer *renderer, int x, int y, const char *s,
              SDL_Color colour)
{
    return text_draw_scaled(text, renderer, x, y, s, colour, 1);
}

int text_draw_scaled(const Text *text, SDL_Renderer *renderer, int x, int y, const char *s,
                     SDL_Color colour, int scale)
{
    /* The cache whose glyph pixel is as many physical pixels as the drawn one: a 1:1 copy.
     * Else the cache of the render scale, scaled by the whole `scale`; else the 1x one. */
    float rx = 1.0f, ry = 1.0f;
    SDL_RenderGetScale(renderer, &rx, &ry);
    int f = 1, render = (int)rx;
    if (rx == ry && rx == (float)render && render >= 1) {
        if (render * scale <= TEXT_MAX_SCALE)
            f = render * scale;
        else if (render <= TEXT_MAX_SCALE)
            f = render;
    }
    SDL_Texture *texture = text->scaled[f - 1] ? text->scaled[f - 1] : text->texture;
    if (texture == text->texture)
        f = 1;
    int start = x;
    const char *begin = s;
    if (text->run_count > 0 && colour.a == 255 && f == render * scale && rx == ry &&
        rx == (float)render) {
        /* A 1:1 copy of opaque white glyphs tinted by an opaque colour sets each glyph pixel
         * to the colour and leaves the others: the same as filling the glyphs' rectangles. */
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
                rects[count++] =
                    (SDL_Rect){x + text->runs[j].x * scale, y + text->runs[j].y * scale,
                               text->runs[j].w * scale, text->runs[j].h * scale};
            }
            x += text->advance[i] * scale;
        }
        if (count > 0)
            SDL_RenderFillRects(renderer, rects, count);
        SDL_SetRenderDrawBlendMode(renderer, mode);
        SDL_SetRenderDrawColor(renderer, r0, g0, b0, a0);
    }
    SDL_SetTextureColorMod(texture, colour.r, colour.g, colour.b);
    SDL_SetTextureAlphaMod(texture, colour.a);
    for (; *s; s++) {
        int i = glyph_index(*s);
        const SDL_Rect *g = &text->glyphs[i];
        if (g->w > 0) {
            SDL_Rect src = {g->x * f, g->y * f, g->w * f, g->h * f};
            SDL_Rect dst = {x, y, g->w * scale, g->h * scale};
            SDL_RenderCopy(renderer, texture, &src, &dst);
        }
        x += text->advance[i] * scale;
    }
    if (text->record && text->record->count < TEXT_RECORD_MAX && x > start) {
        TextRecordItem *item = &text->record->items[text->record->count++];
        item->rect = (SDL_Rect){start, y, x - start, text->line_height * scale};
        item->panel = false;
        snprintf(item->s, sizeof item->s, "%s", begin);
    }
    return x - start;
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
