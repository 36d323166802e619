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
    text->texture = SDL_CreateTextureFromSurface(renderer, sheet);
    SDL_FreeSurface(sheet);
    if (!text->texture) {
        snprintf(err, err_size, "%s: cannot make the glyph texture: %s", font_path, SDL_GetError());
        return false;
    }
    SDL_SetTextureBlendMode(text->texture, SDL_BLENDMODE_BLEND);
    return true;
}

void text_free(Text *text)
{
    if (text->texture)
        SDL_DestroyTexture(text->texture);
    text->texture = NULL;
}

int text_draw(const Text *text, SDL_Renderer *renderer, int x, int y, const char *s,
              SDL_Color colour)
{
    return text_draw_scaled(text, renderer, x, y, s, colour, 1);
}

int text_draw_scaled(const Text *text, SDL_Renderer *renderer, int x, int y, const char *s,
                     SDL_Color colour, int scale)
{
    SDL_SetTextureColorMod(text->texture, colour.r, colour.g, colour.b);
    SDL_SetTextureAlphaMod(text->texture, colour.a);
    int start = x;
    for (; *s; s++) {
        int i = glyph_index(*s);
        const SDL_Rect *src = &text->glyphs[i];
        if (src->w > 0) {
            SDL_Rect dst = {x, y, src->w * scale, src->h * scale};
            SDL_RenderCopy(renderer, text->texture, src, &dst);
        }
        x += text->advance[i] * scale;
    }
    return x - start;
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
