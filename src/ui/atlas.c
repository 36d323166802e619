#include "ui/atlas.h"

#include <SDL_image.h>
#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    char *buf = NULL;
    if (fseek(f, 0, SEEK_END) == 0) {
        long size = ftell(f);
        if (size >= 0 && size < (1L << 24) && fseek(f, 0, SEEK_SET) == 0 &&
            (buf = malloc((size_t)size + 1)) != NULL) {
            *len = fread(buf, 1, (size_t)size, f);
            buf[*len] = '\0';
        }
    }
    fclose(f);
    return buf;
}

const int atlas_source_sizes[ATLAS_SOURCES] = {16, 12, 8};
const int atlas_sheet_tiles[ATLAS_SHEETS] = {8, 12, 16, 24, 32, 36, 48, 64};

/* Which drawing a sheet of `tile` pixels is scaled from: the 16s first, then the 12s, then
 * the 8s; -1 when none divides it. */
static int source_of(int tile)
{
    for (int s = 0; s < ATLAS_SOURCES; s++)
        if (tile % atlas_source_sizes[s] == 0)
            return s;
    return -1;
}

static bool rect_from_json(const cJSON *item, int size, SDL_Rect *r)
{
    if (!cJSON_IsArray(item) || cJSON_GetArraySize(item) != 4)
        return false;
    int v[4];
    for (int i = 0; i < 4; i++) {
        const cJSON *n = cJSON_GetArrayItem(item, i);
        if (!cJSON_IsNumber(n) || n->valuedouble < 0 || n->valuedouble > 8192)
            return false;
        v[i] = (int)n->valuedouble;
    }
    *r = (SDL_Rect){v[0], v[1], v[2], v[3]};
    return r->w == size && r->h == size;
}

bool atlas_index_parse(const char *text, size_t len, bool high_contrast,
                       SDL_Rect rects[ATLAS_SOURCES][SPRITE_COUNT], char *image, size_t image_size,
                       char *err, size_t err_size)
{
    const char *image_key = high_contrast ? "image_contrast" : "image";
    cJSON *root = cJSON_ParseWithLength(text, len);
    const cJSON *img = cJSON_GetObjectItemCaseSensitive(root, image_key);
    const cJSON *sprites = cJSON_GetObjectItemCaseSensitive(root, "sprites");
    bool ok = cJSON_IsString(img) && cJSON_IsObject(sprites);
    if (!ok)
        snprintf(err, err_size, "not an atlas index (needs \"%s\" and \"sprites\")", image_key);
    for (int s = 0; ok && s < ATLAS_SOURCES; s++) {
        int size = atlas_source_sizes[s];
        char key[32];
        snprintf(key, sizeof key, s == 0 ? "sprites" : "sprites_%d", size);
        const cJSON *group = cJSON_GetObjectItemCaseSensitive(root, key);
        if (!cJSON_IsObject(group)) {
            snprintf(err, err_size, "\"%s\" is missing or not an object", key);
            ok = false;
        }
        for (int id = 0; ok && id < SPRITE_COUNT; id++) {
            const char *name = sprite_name((SpriteId)id);
            if (!rect_from_json(cJSON_GetObjectItemCaseSensitive(group, name), size,
                                &rects[s][id])) {
                snprintf(err, err_size, "\"%s\": sprite '%s' is missing or not [x, y, %d, %d]", key,
                         name, size, size);
                ok = false;
            }
        }
    }
    if (ok)
        snprintf(image, image_size, "%s", img->valuestring);
    cJSON_Delete(root);
    return ok;
}

static bool read_index(const char *index_path, bool high_contrast,
                       SDL_Rect rects[ATLAS_SOURCES][SPRITE_COUNT], char *image, size_t image_size,
                       char *err, size_t err_size)
{
    size_t len = 0;
    char *text = read_file(index_path, &len);
    if (!text) {
        snprintf(err, err_size, "%s: cannot read the atlas index", index_path);
        return false;
    }
    char why[256];
    bool ok =
        atlas_index_parse(text, len, high_contrast, rects, image, image_size, why, sizeof why);
    free(text);
    if (!ok)
        snprintf(err, err_size, "%s: %s", index_path, why);
    return ok;
}

static bool rects_inside(SDL_Rect rects[ATLAS_SOURCES][SPRITE_COUNT], const SDL_Surface *s)
{
    for (int src = 0; src < ATLAS_SOURCES; src++)
        for (int id = 0; id < SPRITE_COUNT; id++) {
            const SDL_Rect *r = &rects[src][id];
            if (r->x + r->w > s->w || r->y + r->h > s->h)
                return false;
        }
    return true;
}

/* One sheet: every sprite's drawing `from` (rectangles in rgba, an RGBA32 surface) scaled by
 * a whole factor with nearest sampling, 16 sprites a row; its rectangles, and which sprites
 * are opaque in it (no pixel that is not fully opaque). */
static SDL_Surface *make_sheet(AtlasSheet *sheet, SDL_Surface *rgba, const SDL_Rect *from)
{
    enum { COLUMNS = 16 };
    int tile = sheet->tile, k = tile / atlas_source_sizes[sheet->source];
    int rows = (SPRITE_COUNT + COLUMNS - 1) / COLUMNS;
    SDL_Surface *out =
        SDL_CreateRGBSurfaceWithFormat(0, COLUMNS * tile, rows * tile, 32, SDL_PIXELFORMAT_RGBA32);
    if (!out)
        return NULL;
    for (int id = 0; id < SPRITE_COUNT; id++) {
        const SDL_Rect *r = &from[id];
        SDL_Rect *to = &sheet->rects[id];
        *to = (SDL_Rect){(id % COLUMNS) * tile, (id / COLUMNS) * tile, tile, tile};
        bool opaque = true;
        for (int y = 0; y < tile; y++) {
            const Uint32 *src = (const Uint32 *)((const Uint8 *)rgba->pixels +
                                                 (size_t)(r->y + y / k) * (size_t)rgba->pitch) +
                                r->x;
            Uint32 *dst =
                (Uint32 *)((Uint8 *)out->pixels + (size_t)(to->y + y) * (size_t)out->pitch) + to->x;
            for (int x = 0; x < tile; x++) {
                dst[x] = src[x / k];
                opaque = opaque && ((const Uint8 *)&dst[x])[3] == 255; /* RGBA32: alpha last */
            }
        }
        sheet->opaque[id] = opaque;
    }
    return out;
}

/* The RGBA32 sheet copied into a surface of `format` by SDL's own blitter, unblended and
 * modulated by `mod` as a renderer's copy would be (so the pixels, to the unused byte of a
 * 32-bit pixel without alpha, are the ones such a copy writes), then as a texture blended
 * by `mode`; NULL on failure. */
static SDL_Texture *texture_as(SDL_Renderer *renderer, SDL_Surface *sheet, SDL_Color mod,
                               Uint32 format, SDL_BlendMode mode)
{
    SDL_Surface *copy = SDL_CreateRGBSurfaceWithFormat(0, sheet->w, sheet->h, 32, format);
    bool ok = copy && SDL_SetSurfaceBlendMode(sheet, SDL_BLENDMODE_NONE) == 0 &&
              SDL_SetSurfaceColorMod(sheet, mod.r, mod.g, mod.b) == 0 &&
              SDL_BlitSurface(sheet, NULL, copy, NULL) == 0;
    SDL_SetSurfaceColorMod(sheet, 255, 255, 255);
    SDL_Texture *texture = ok ? SDL_CreateTextureFromSurface(renderer, copy) : NULL;
    SDL_FreeSurface(copy);
    if (texture)
        SDL_SetTextureBlendMode(texture, mode);
    return texture;
}

/* The sheet's textures in every shade (AtlasSheet.shaded). */
static bool make_shades(const Atlas *atlas, AtlasSheet *sheet, SDL_Renderer *renderer,
                        SDL_Surface *surface)
{
    SDL_Color white = {255, 255, 255, 255};
    sheet->shaded[ATLAS_LIT][0] = sheet->texture;
    sheet->shaded[ATLAS_LIT][1] =
        texture_as(renderer, surface, white, SDL_PIXELFORMAT_RGB888, SDL_BLENDMODE_NONE);
    /* Blended, the dimmed sprites stay modulated copies: an unmodulated blend of pretinted
     * pixels gives the same colours but sets the unused byte of an RGB888 target, which the
     * modulated copy leaves 0. The texture's modulation is set once, here. */
    sheet->shaded[ATLAS_DIM][0] =
        texture_as(renderer, surface, white, SDL_PIXELFORMAT_RGBA32, SDL_BLENDMODE_BLEND);
    if (sheet->shaded[ATLAS_DIM][0])
        SDL_SetTextureColorMod(sheet->shaded[ATLAS_DIM][0], atlas->dim.r, atlas->dim.g,
                               atlas->dim.b);
    sheet->shaded[ATLAS_DIM][1] =
        texture_as(renderer, surface, atlas->dim, SDL_PIXELFORMAT_RGB888, SDL_BLENDMODE_NONE);
    return sheet->shaded[ATLAS_LIT][1] && sheet->shaded[ATLAS_DIM][0] &&
           sheet->shaded[ATLAS_DIM][1];
}

/* Every sheet of atlas_sheet_tiles as a texture, and the opaque sprites: those opaque in all. */
static bool make_sheets(Atlas *atlas, SDL_Renderer *renderer, SDL_Surface *image,
                        SDL_Rect rects[ATLAS_SOURCES][SPRITE_COUNT])
{
    SDL_Surface *rgba = SDL_ConvertSurfaceFormat(image, SDL_PIXELFORMAT_RGBA32, 0);
    if (!rgba)
        return false;
    for (int id = 0; id < SPRITE_COUNT; id++)
        atlas->opaque[id] = true;
    bool ok = true;
    for (int i = 0; ok && i < ATLAS_SHEETS; i++) {
        AtlasSheet *sheet = &atlas->sheets[i];
        sheet->tile = atlas_sheet_tiles[i];
        sheet->source = source_of(sheet->tile);
        SDL_Surface *surface = make_sheet(sheet, rgba, rects[sheet->source]);
        sheet->texture = surface ? SDL_CreateTextureFromSurface(renderer, surface) : NULL;
        ok = sheet->texture != NULL;
        if (ok) {
            SDL_SetTextureBlendMode(sheet->texture, SDL_BLENDMODE_BLEND);
            ok = make_shades(atlas, sheet, renderer, surface);
        }
        SDL_FreeSurface(surface);
        if (!ok)
            break;
        for (int id = 0; id < SPRITE_COUNT; id++)
            atlas->opaque[id] = atlas->opaque[id] && sheet->opaque[id];
        if (sheet->tile == SPRITE_SIZE) {
            atlas->texture = sheet->texture;
            memcpy(atlas->rects, sheet->rects, sizeof atlas->rects);
        }
    }
    SDL_FreeSurface(rgba);
    return ok;
}

bool atlas_load(Atlas *atlas, SDL_Renderer *renderer, const char *assets, char *err,
                size_t err_size)
{
    return atlas_load_variant(atlas, renderer, assets, false, err, err_size);
}

bool atlas_load_variant(Atlas *atlas, SDL_Renderer *renderer, const char *assets,
                        bool high_contrast, char *err, size_t err_size)
{
    memset(atlas, 0, sizeof *atlas);
    atlas->high_contrast = high_contrast;
    /* Remembered cells are dimmed; the high-contrast atlas dims them less: its floors are
     * darker already, and what was seen must stay legible. */
    atlas->dim = high_contrast ? (SDL_Color){124, 128, 164, 255} : (SDL_Color){96, 100, 128, 255};
    char index_path[1024], image_name[256], image_path[1400];
    SDL_Rect rects[ATLAS_SOURCES][SPRITE_COUNT];
    snprintf(index_path, sizeof index_path, "%s/data/atlas.json", assets);
    if (!read_index(index_path, high_contrast, rects, image_name, sizeof image_name, err, err_size))
        return false;
    snprintf(image_path, sizeof image_path, "%s/data/%s", assets, image_name);
    SDL_Surface *surface = IMG_Load(image_path);
    if (!surface) {
        snprintf(err, err_size, "%s: %s", image_path, IMG_GetError());
        return false;
    }
    if (!rects_inside(rects, surface)) {
        snprintf(err, err_size, "%s: the index places sprites outside the %dx%d image", index_path,
                 surface->w, surface->h);
        SDL_FreeSurface(surface);
        return false;
    }
    const SDL_Rect *icon = &rects[0][SPRITE_APP_ICON];
    atlas->icon = SDL_CreateRGBSurfaceWithFormat(0, icon->w, icon->h, 32, SDL_PIXELFORMAT_RGBA32);
    if (atlas->icon) {
        SDL_SetSurfaceBlendMode(surface, SDL_BLENDMODE_NONE);
        SDL_BlitSurface(surface, icon, atlas->icon, NULL);
        SDL_SetSurfaceBlendMode(surface, SDL_BLENDMODE_BLEND);
    }
    bool ok = make_sheets(atlas, renderer, surface, rects);
    SDL_FreeSurface(surface);
    if (!ok) {
        snprintf(err, err_size, "%s: cannot make the sheet textures: %s", image_path,
                 SDL_GetError());
        atlas_free(atlas);
        return false;
    }
    return true;
}

bool atlas_set_contrast(Atlas *atlas, SDL_Renderer *renderer, const char *assets,
                        bool high_contrast, char *err, size_t err_size)
{
    if (atlas->texture && atlas->high_contrast == high_contrast)
        return true;
    Atlas fresh;
    if (!atlas_load_variant(&fresh, renderer, assets, high_contrast, err, err_size))
        return false;
    atlas_free(atlas);
    *atlas = fresh;
    return true;
}

void atlas_free(Atlas *atlas)
{
    for (int i = 0; i < ATLAS_SHEETS; i++) {
        AtlasSheet *sheet = &atlas->sheets[i];
        for (int shade = 0; shade < ATLAS_SHADES; shade++)
            for (int k = 0; k < 2; k++) {
                if (sheet->shaded[shade][k] && sheet->shaded[shade][k] != sheet->texture)
                    SDL_DestroyTexture(sheet->shaded[shade][k]);
                sheet->shaded[shade][k] = NULL;
            }
        if (sheet->texture)
            SDL_DestroyTexture(sheet->texture);
        sheet->texture = NULL;
    }
    if (atlas->icon)
        SDL_FreeSurface(atlas->icon);
    atlas->texture = NULL; /* one of the sheets */
    atlas->icon = NULL;
}

/* The sheet of `tile` physical pixels, or NULL. */
static const AtlasSheet *sheet_of(const Atlas *atlas, int tile)
{
    if (tile < atlas_sheet_tiles[0] || tile > ATLAS_SHEET_MAX)
        return NULL;
    for (int i = 0; i < ATLAS_SHEETS; i++)
        if (atlas->sheets[i].tile == tile && atlas->sheets[i].texture)
            return &atlas->sheets[i];
    return NULL;
}

bool atlas_tile_sharp(int tile)
{
    for (int i = 0; i < ATLAS_SHEETS; i++)
        if (atlas_sheet_tiles[i] == tile)
            return true;
    return false;
}

void atlas_set_color_mod(const Atlas *atlas, Uint8 r, Uint8 g, Uint8 b)
{
    for (int i = 0; i < ATLAS_SHEETS; i++)
        if (atlas->sheets[i].texture)
            SDL_SetTextureColorMod(atlas->sheets[i].texture, r, g, b);
}

void atlas_set_blend_mode(const Atlas *atlas, SDL_BlendMode mode)
{
    for (int i = 0; i < ATLAS_SHEETS; i++)
        if (atlas->sheets[i].texture)
            SDL_SetTextureBlendMode(atlas->sheets[i].texture, mode);
}

/* The sheet drawn at `size` logical pixels on this renderer: the one of its physical size, or
 * NULL when there is none (a scale that is not whole, or a size no sheet was made for). */
static const AtlasSheet *sheet_for(const Atlas *atlas, SDL_Renderer *renderer, int size)
{
    float sx = 1.0f, sy = 1.0f;
    SDL_RenderGetScale(renderer, &sx, &sy);
    float physical = (float)size * sx;
    return sx == sy && physical == (float)(int)physical ? sheet_of(atlas, (int)physical) : NULL;
}

void atlas_draw_shaded(const Atlas *atlas, SDL_Renderer *renderer, SpriteId id, int x, int y,
                       int size, AtlasShade shade, bool unblended)
{
    if ((int)id < 0 || id >= SPRITE_COUNT || shade < 0 || shade >= ATLAS_SHADES)
        return;
    SDL_Rect dst = {x, y, size, size};
    const AtlasSheet *sheet = sheet_for(atlas, renderer, size);
    if (sheet && sheet->shaded[shade][unblended]) {
        SDL_RenderCopy(renderer, sheet->shaded[shade][unblended], &sheet->rects[id], &dst);
        return;
    }
    /* No sheet of that size: the 16-pixel sheet, scaled, modulated for the while. */
    SDL_Color c = shade == ATLAS_DIM ? atlas->dim : (SDL_Color){255, 255, 255, 255};
    SDL_SetTextureColorMod(atlas->texture, c.r, c.g, c.b);
    SDL_SetTextureBlendMode(atlas->texture, unblended ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND);
    SDL_RenderCopy(renderer, atlas->texture, &atlas->rects[id], &dst);
    SDL_SetTextureBlendMode(atlas->texture, SDL_BLENDMODE_BLEND);
    SDL_SetTextureColorMod(atlas->texture, 255, 255, 255);
}

void atlas_draw(const Atlas *atlas, SDL_Renderer *renderer, SpriteId id, int x, int y, int size)
{
    if ((int)id < 0 || id >= SPRITE_COUNT)
        return;
    SDL_Rect dst = {x, y, size, size};
    const AtlasSheet *sheet = sheet_for(atlas, renderer, size);
    if (sheet)
        SDL_RenderCopy(renderer, sheet->texture, &sheet->rects[id], &dst);
    else
        SDL_RenderCopy(renderer, atlas->texture, &atlas->rects[id], &dst);
}
