#include "ui/floor_png.h"

#include <SDL.h>
#include <SDL_image.h>
#include <stdio.h>

#include "core/paths.h"
#include "ui/atlas.h"
#include "ui/camera.h"
#include "ui/draw_map.h"

static bool draw_floor(SDL_Surface *surface, const Floor *floor, char *err, size_t err_size)
{
    SDL_Renderer *renderer = SDL_CreateSoftwareRenderer(surface);
    if (!renderer) {
        snprintf(err, err_size, "cannot draw off-screen: %s", SDL_GetError());
        return false;
    }
    char assets[1024];
    Atlas atlas;
    bool ok = paths_find_assets(assets, sizeof assets, err, err_size) &&
              atlas_load(&atlas, renderer, assets, err, err_size);
    if (ok) {
        SDL_SetRenderDrawColor(renderer, 0, 0, 0, 255);
        SDL_RenderClear(renderer);
        Camera all = {.x = 0, .y = 0, .cols = floor->map.width, .rows = floor->map.height};
        SDL_Rect area = {0, 0, surface->w, surface->h};
        draw_map(renderer, &atlas, floor, &all, area, SPRITE_SIZE, (Sight){NULL, NULL, false});
        SDL_RenderPresent(renderer);
        atlas_free(&atlas);
    }
    SDL_DestroyRenderer(renderer);
    return ok;
}

bool floor_png_write(const Floor *floor, const char *path, char *err, size_t err_size)
{
    SDL_Surface *surface =
        SDL_CreateRGBSurfaceWithFormat(0, floor->map.width * SPRITE_SIZE,
                                       floor->map.height * SPRITE_SIZE, 32, SDL_PIXELFORMAT_RGBA32);
    if (!surface) {
        snprintf(err, err_size, "%s: cannot allocate the picture: %s", path, SDL_GetError());
        return false;
    }
    char temp[4096];
    snprintf(temp, sizeof temp, "%s.tmp", path);
    bool ok = draw_floor(surface, floor, err, err_size);
    if (ok && IMG_SavePNG(surface, temp) != 0) {
        snprintf(err, err_size, "%s: cannot write: %s", temp, IMG_GetError());
        remove(temp);
        ok = false;
    }
    if (ok && rename(temp, path) != 0) {
        snprintf(err, err_size, "%s: cannot replace it with %s", path, temp);
        remove(temp);
        ok = false;
    }
    SDL_FreeSurface(surface);
    return ok;
}
