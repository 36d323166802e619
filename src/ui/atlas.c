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

static bool rect_from_json(const cJSON *item, SDL_Rect *r)
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
    return r->w > 0 && r->h > 0;
}

bool atlas_index_parse(const char *text, size_t len, bool high_contrast,
                       SDL_Rect rects[SPRITE_COUNT], char *image, size_t image_size, char *err,
                       size_t err_size)
{
    const char *image_key = high_contrast ? "image_contrast" : "image";
    cJSON *root = cJSON_ParseWithLength(text, len);
    const cJSON *img = cJSON_GetObjectItemCaseSensitive(root, image_key);
    const cJSON *sprites = cJSON_GetObjectItemCaseSensitive(root, "sprites");
    bool ok = cJSON_IsString(img) && cJSON_IsObject(sprites);
    if (!ok)
        snprintf(err, err_size, "not an atlas index (needs \"%s\" and \"sprites\")", image_key);
    for (int id = 0; ok && id < SPRITE_COUNT; id++) {
        const cJSON *r = cJSON_GetObjectItemCaseSensitive(sprites, sprite_name((SpriteId)id));
        if (!rect_from_json(r, &rects[id])) {
            snprintf(err, err_size, "sprite '%s' is missing or not [x, y, w, h]",
                     sprite_name((SpriteId)id));
            ok = false;
        }
    }
    if (ok)
        snprintf(image, image_size, "%s", img->valuestring);
    cJSON_Delete(root);
    return ok;
}

static bool read_index(Atlas *atlas, const char *index_path, bool high_contrast, char *image,
                       size_t image_size, char *err, size_t err_size)
{
    size_t len = 0;
    char *text = read_file(index_path, &len);
    if (!text) {
        snprintf(err, err_size, "%s: cannot read the atlas index", index_path);
        return false;
    }
    char why[256];
    bool ok = atlas_index_parse(text, len, high_contrast, atlas->rects, image, image_size, why,
                                sizeof why);
    free(text);
    if (!ok)
        snprintf(err, err_size, "%s: %s", index_path, why);
    return ok;
}

static bool rects_inside(const Atlas *atlas, const SDL_Surface *s)
{
    for (int id = 0; id < SPRITE_COUNT; id++) {
        const SDL_Rect *r = &atlas->rects[id];
        if (r->x + r->w > s->w || r->y + r->h > s->h)
            return false;
    }
    return true;
}

/* Which sprites have no pixel that is not fully opaque. On any failure none is marked:
 * blending them all is only slower. */
static void find_opaque(Atlas *atlas, SDL_Surface *surface)
{
    SDL_Surface *rgba = SDL_ConvertSurfaceFormat(surface, SDL_PIXELFORMAT_RGBA32, 0);
    if (!rgba)
        return;
    if (SDL_LockSurface(rgba) == 0) {
        for (int id = 0; id < SPRITE_COUNT; id++) {
            const SDL_Rect *r = &atlas->rects[id];
            bool opaque = r->w > 0 && r->h > 0;
            for (int y = r->y; y < r->y + r->h && opaque; y++) {
                const Uint8 *row = (const Uint8 *)rgba->pixels + (size_t)y * (size_t)rgba->pitch;
                for (int x = r->x; x < r->x + r->w && opaque; x++)
                    opaque = row[4 * x + 3] == 255; /* RGBA32: alpha is the fourth byte */
            }
            atlas->opaque[id] = opaque;
        }
        SDL_UnlockSurface(rgba);
    }
    SDL_FreeSurface(rgba);
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
    char index_path[1024], image_name[256], image_path[1400];
    snprintf(index_path, sizeof index_path, "%s/data/atlas.json", assets);
    if (!read_index(atlas, index_path, high_contrast, image_name, sizeof image_name, err, err_size))
        return false;
    snprintf(image_path, sizeof image_path, "%s/data/%s", assets, image_name);
    SDL_Surface *surface = IMG_Load(image_path);
    if (!surface) {
        snprintf(err, err_size, "%s: %s", image_path, IMG_GetError());
        return false;
    }
    if (!rects_inside(atlas, surface)) {
        snprintf(err, err_size, "%s: the index places sprites outside the %dx%d image", index_path,
                 surface->w, surface->h);
        SDL_FreeSurface(surface);
        return false;
    }
    const SDL_Rect *icon = &atlas->rects[SPRITE_APP_ICON];
    atlas->icon = SDL_CreateRGBSurfaceWithFormat(0, icon->w, icon->h, 32, SDL_PIXELFORMAT_RGBA32);
    if (atlas->icon) {
        SDL_SetSurfaceBlendMode(surface, SDL_BLENDMODE_NONE);
        SDL_BlitSurface(surface, icon, atlas->icon, NULL);
        SDL_SetSurfaceBlendMode(surface, SDL_BLENDMODE_BLEND);
    }
    find_opaque(atlas, surface);
    atlas->texture = SDL_CreateTextureFromSurface(renderer, surface);
    SDL_FreeSurface(surface);
    if (!atlas->texture) {
        snprintf(err, err_size, "%s: cannot make a texture: %s", image_path, SDL_GetError());
        atlas_free(atlas);
        return false;
    }
    SDL_SetTextureBlendMode(atlas->texture, SDL_BLENDMODE_BLEND);
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
    if (atlas->texture)
        SDL_DestroyTexture(atlas->texture);
    if (atlas->icon)
        SDL_FreeSurface(atlas->icon);
    atlas->texture = NULL;
    atlas->icon = NULL;
}

void atlas_draw(const Atlas *atlas, SDL_Renderer *renderer, SpriteId id, int x, int y, int size)
{
    if ((int)id < 0 || id >= SPRITE_COUNT)
        return;
    SDL_Rect dst = {x, y, size, size};
    SDL_RenderCopy(renderer, atlas->texture, &atlas->rects[id], &dst);
}
