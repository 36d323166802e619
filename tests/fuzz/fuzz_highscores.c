/* highscores.json: highscores_parse on any bytes up to the size the loader reads. A refused
 * file leaves an empty table; an accepted one is in rank order and writes back to text that
 * reads back the same. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "fuzz_check.h"
#include "store/highscores.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > HIGHSCORES_FILE_MAX) /* highscores_load refuses such a file before parsing it */
        return 0;
    Highscores table, again;
    char err[256];
    fuzz_err_prepare(err, sizeof err);
    if (!highscores_parse(&table, (const char *)data, size, err, sizeof err)) {
        fuzz_err_check(err, sizeof err);
        FUZZ_REQUIRE(table.count == 0);
        return 0;
    }
    FUZZ_REQUIRE(table.count >= 0 && table.count <= HIGHSCORES_MAX);
    for (int i = 0; i < table.count; i++) {
        const HighscoreEntry *e = &table.entries[i];
        FUZZ_REQUIRE(e->score >= 0 && e->score <= GAME_SCORE_MAX);
        FUZZ_REQUIRE(i == 0 || table.entries[i - 1].score >= e->score);
        FUZZ_REQUIRE(memchr(e->killed_by, '\0', sizeof e->killed_by) != NULL);
    }
    char *text = highscores_to_json(&table);
    FUZZ_REQUIRE(text != NULL);
    FUZZ_REQUIRE(highscores_parse(&again, text, strlen(text), err, sizeof err));
    char *text_again = highscores_to_json(&again);
    FUZZ_REQUIRE(text_again != NULL && strcmp(text, text_again) == 0);
    free(text_again);
    free(text);
    return 0;
}
