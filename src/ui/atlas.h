/* The sprite atlas: one texture holding every sprite, and where each one is in it. */
#ifndef MK_ATLAS_H
#define MK_ATLAS_H

#include <SDL.h>
#include <stdbool.h>

#include "core/sprite_ids.h"

typedef struct Atlas {
    SDL_Texture *texture;
    SDL_Surface *icon; /* the window icon, cut from the atlas */
    SDL_Rect rects[SPRITE_COUNT];
} Atlas;

/* Loads <assets>/data/atlas.json and the PNG it names. On failure err names the file and what
 * is wrong, and nothing is left allocated. */
bool atlas_load(Atlas *atlas, SDL_Renderer *renderer, const char *assets, char *err,
                size_t err_size);
void atlas_free(Atlas *atlas);

/* Draws a sprite with its top-left corner at (x, y), `size` pixels square. */
void atlas_draw(const Atlas *atlas, SDL_Renderer *renderer, SpriteId id, int x, int y, int size);

#endif
