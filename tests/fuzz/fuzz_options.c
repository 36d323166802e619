/* options.json: options_parse on any bytes up to the size the loader reads. A refused file
 * leaves the defaults; an accepted one writes back to text that reads back the same. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "fuzz_check.h"
#include "ui/options.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > OPTIONS_FILE_MAX) /* options_load refuses such a file before parsing it */
        return 0;
    Options options, defaults, again;
    char err[256];
    fuzz_err_prepare(err, sizeof err);
    options_default(&defaults);
    bool ok = options_parse(&options, (const char *)data, size, err, sizeof err);
    char *text = options_to_json(&options);
    FUZZ_REQUIRE(text != NULL);
    if (!ok) {
        fuzz_err_check(err, sizeof err);
        char *fallback = options_to_json(&defaults);
        FUZZ_REQUIRE(fallback != NULL && strcmp(text, fallback) == 0);
        free(fallback);
        free(text);
        return 0;
    }
    FUZZ_REQUIRE(options.sound_volume >= 0 && options.sound_volume <= OPTIONS_VOLUME_MAX);
    FUZZ_REQUIRE(options.music_volume >= 0 && options.music_volume <= OPTIONS_VOLUME_MAX);
    SDL_Keycode quit[KEYMAP_KEYS_PER_ACTION];
    FUZZ_REQUIRE(keymap_keys(&options.keys, ACTION_QUIT, quit) > 0);
    FUZZ_REQUIRE(options_parse(&again, text, strlen(text), err, sizeof err));
    char *text_again = options_to_json(&again);
    FUZZ_REQUIRE(text_again != NULL && strcmp(text, text_again) == 0);
    free(text_again);
    free(text);
    return 0;
}
