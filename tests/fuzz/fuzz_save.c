/* The save: save_from_json on any bytes, with the shipped rules. Mutated bytes would nearly
 * always fail the checksum and stop there, so when the input ends like a save (the checksum
 * member last, see store/save.h) its checksum is made right first: the fuzzer then reaches
 * every check behind it. A refused save leaves the game zeroed; an accepted one saves to the
 * same bytes after a second load, and plays on for a few bot turns without harm. */
#include <inttypes.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "bot/bot.h"
#include "fuzz_check.h"
#include "store/save.h"

enum { BOT_TURNS = 20, CHECKSUM_HEX = 16 };

static const Rules *shipped_rules(void)
{
    static Rules rules;
    static bool loaded;
    if (!loaded) {
        char err[RULES_ERROR_MAX];
        if (!rules_load(&rules, MK_DATA_DIR "/rules.json", err, sizeof err)) {
            fprintf(stderr, "fuzz_save: %s\n", err);
            abort();
        }
        loaded = true;
    }
    return &rules;
}

/* FNV-1a 64 of the document without its checksum member, as store/save.h defines it. */
static void fix_checksum(char *text, size_t len)
{
    static const char tail[] = ",\"checksum\":\"";
    const size_t tail_len = sizeof tail - 1, whole = tail_len + CHECKSUM_HEX + 2;
    if (len < whole || memcmp(text + len - whole, tail, tail_len) != 0 || text[len - 2] != '"' ||
        text[len - 1] != '}')
        return;
    uint64_t h = 0xcbf29ce484222325ULL;
    for (size_t i = 0; i <= len - whole; i++) {
        h ^= i < len - whole ? (unsigned char)text[i] : '}';
        h *= 0x100000001b3ULL;
    }
    char hex[CHECKSUM_HEX + 1];
    snprintf(hex, sizeof hex, "%016" PRIx64, h);
    memcpy(text + len - whole + tail_len, hex, CHECKSUM_HEX);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > SAVE_FILE_MAX) /* save_load refuses such a file before parsing it */
        return 0;
    const Rules *rules = shipped_rules();
    char *text = malloc(size ? size : 1);
    FUZZ_REQUIRE(text != NULL);
    memcpy(text, data, size);
    fix_checksum(text, size);
    static Game game, again;
    static const Game zero;
    char err[SAVE_ERROR_MAX];
    fuzz_err_prepare(err, sizeof err);
    memset(&game, 0xA5, sizeof game);
    bool ok = save_from_json(&game, text, size, rules, err, sizeof err);
    free(text);
    if (!ok) {
        fuzz_err_check(err, sizeof err);
        FUZZ_REQUIRE(memcmp(&game, &zero, sizeof game) == 0);
        return 0;
    }
    char *saved = save_to_json(&game);
    FUZZ_REQUIRE(saved != NULL);
    bool reloaded = save_from_json(&again, saved, strlen(saved), rules, err, sizeof err);
    if (!reloaded)
        fprintf(stderr, "fuzz_save: a save of the loaded game does not load: %s\n", err);
    FUZZ_REQUIRE(reloaded);
    char *saved_again = save_to_json(&again);
    FUZZ_REQUIRE(saved_again != NULL && strcmp(saved, saved_again) == 0);
    free(saved_again);
    free(saved);
    game_free(&again);
    Bot *bot = malloc(sizeof *bot);
    FUZZ_REQUIRE(bot != NULL);
    bot_init(bot);
    for (int i = 0; i < BOT_TURNS && game.outcome == GAME_PLAYING && bot_play_turn(bot, &game); i++)
        ;
    free(bot);
    game_free(&game);
    return 0;
}
