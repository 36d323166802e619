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
    bool high_contrast; /* drawn with gfx/palette_contrast.txt; draw_map dims memory less */
    /* Every pixel of the sprite is fully opaque: it may be drawn without blending, which the
     * software renderer does several times faster (draw_map does so for the cells). */
    bool opaque[SPRITE_COUNT];
} Atlas;

/* Reads the text of data/atlas.json: the rectangle of every sprite, and the file name of the
 * image ("image", or "image_contrast" when high_contrast is set). On failure err says what is
 * wrong, without a file name; the rectangles may then be partly written. */
bool atlas_index_parse(const char *text, size_t len, bool high_contrast,
                       SDL_Rect rects[SPRITE_COUNT], char *image, size_t image_size, char *err,
                       size_t err_size);
/* Loads <assets>/data/atlas.json and the PNG it names ("image"). On failure err names the file
 * and what is wrong, and nothing is left allocated. */
bool atlas_load(Atlas *atlas, SDL_Renderer *renderer, const char *assets, char *err,
                size_t err_size);
/* The same, with the high-contrast image ("image_contrast": same sprites, same places, the
 * colours of gfx/palette_contrast.txt) when high_contrast is set. */
bool atlas_load_variant(Atlas *atlas, SDL_Renderer *renderer, const char *assets,
                        bool high_contrast, char *err, size_t err_size);
/* Switches a loaded atlas to the normal or high-contrast image, at run time. Does nothing when
 * it already shows that one; on failure it keeps what it had and err says why. */
bool atlas_set_contrast(Atlas *atlas, SDL_Renderer *renderer, const char *assets,
                        bool high_contrast, char *err, size_t err_size);
void atlas_free(Atlas *atlas);

/* Draws a sprite with its top-left corner at (x, y), `size` pixels square. */
void atlas_draw(const Atlas *atlas, SDL_Renderer *renderer, SpriteId id, int x, int y, int size);

#endif
