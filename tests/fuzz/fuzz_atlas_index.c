/* data/atlas.json: atlas_index_parse on any bytes, for both images. Accepted rectangles must
 * be ones atlas_load can check against the image without overflowing. */
#include <stddef.h>
#include <stdint.h>

#include "fuzz_check.h"
#include "ui/atlas.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    for (int contrast = 0; contrast < 2; contrast++) {
        SDL_Rect rects[ATLAS_SOURCES][SPRITE_COUNT];
        char image[256], err[256];
        fuzz_err_prepare(err, sizeof err);
        if (!atlas_index_parse((const char *)data, size, contrast, rects, image, sizeof image, err,
                               sizeof err)) {
            fuzz_err_check(err, sizeof err);
            continue;
        }
        FUZZ_REQUIRE(memchr(image, '\0', sizeof image) != NULL);
        for (int s = 0; s < ATLAS_SOURCES; s++)
            for (int id = 0; id < SPRITE_COUNT; id++) {
                const SDL_Rect *r = &rects[s][id];
                FUZZ_REQUIRE(r->x >= 0 && r->y >= 0);
                FUZZ_REQUIRE(r->w == atlas_source_sizes[s] && r->h == atlas_source_sizes[s]);
                FUZZ_REQUIRE(r->x <= 8192 && r->y <= 8192);
            }
    }
    return 0;
}
