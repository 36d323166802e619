/* A recording (.mkrec): journal_parse on any bytes, with the shipped rules. A refused one
 * leaves the journal empty and one clean line of error naming a line of it (or the file); an
 * accepted one is a whole recording: its text up to the torn last line, if any, is exactly the
 * lines the writer makes of the commands and checksums read (the header is checked so by the
 * reader itself), each record stands on the line journal_command_line and journal_check_line
 * say, and it replays (its first REPLAY_MAX commands, to keep runs fast) without harm. */
#include <inttypes.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_check.h"
#include "store/journal.h"

enum { REPLAY_MAX = 300 };

static const Rules *shipped_rules(void)
{
    static Rules rules;
    static bool loaded;
    if (!loaded) {
        char err[RULES_ERROR_MAX];
        if (!rules_load(&rules, MK_DATA_DIR "/rules.json", err, sizeof err)) {
            fprintf(stderr, "fuzz_recording: %s\n", err);
            abort();
        }
        loaded = true;
    }
    return &rules;
}

/* The text after the header, rebuilt from what was read, against the input's good part. */
static void check_text(const Journal *j, const char *text)
{
    const char *at = memchr(text, '\n', j->good_bytes);
    FUZZ_REQUIRE(at != NULL);
    at++;
    size_t k = 0, line = 2;
    for (size_t i = 0; i <= j->count; i++) {
        for (; k < j->check_count && j->checks[k].commands == i; k++, line++) {
            char want[80];
            int n = snprintf(want, sizeof want, "# %" PRIu64 " %" PRIu32 " %016" PRIx64 "\n",
                             j->checks[k].commands, j->checks[k].turn, j->checks[k].hash);
            FUZZ_REQUIRE(journal_check_line(j, k) == line);
            FUZZ_REQUIRE(memcmp(at, want, (size_t)n) == 0);
            at += n;
        }
        if (i == j->count)
            break;
        char want[JOURNAL_LINE_MAX + 1];
        journal_format_command(&j->cmds[i], want);
        size_t n = strlen(want);
        FUZZ_REQUIRE(journal_command_line(j, i) == line++);
        FUZZ_REQUIRE(memcmp(at, want, n) == 0 && at[n] == '\n');
        at += n + 1;
    }
    FUZZ_REQUIRE(k == j->check_count && line == j->lines + 1);
    FUZZ_REQUIRE((size_t)(at - text) == j->good_bytes);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const Rules *rules = shipped_rules();
    Journal j;
    char err[1024];
    fuzz_err_prepare(err, sizeof err);
    memset(&j, 0xA5, sizeof j);
    if (!journal_parse((const char *)data, size, "fuzz.mkrec", rules, &j, err, sizeof err)) {
        fuzz_err_check(err, sizeof err);
        FUZZ_REQUIRE(strncmp(err, "fuzz.mkrec: ", 12) == 0);
        FUZZ_REQUIRE(j.cmds == NULL && j.checks == NULL && j.count == 0);
        return 0;
    }
    FUZZ_REQUIRE(j.good_bytes <= size && j.torn == (j.good_bytes < size));
    FUZZ_REQUIRE(j.count <= JOURNAL_COMMANDS_MAX && j.check_count <= j.count);
    FUZZ_REQUIRE(!j.torn || memchr(data + j.good_bytes, '\n', size - j.good_bytes) == NULL);
    check_text(&j, (const char *)data);
    if (!journal_closed(&j, "fuzz.mkrec", err, sizeof err))
        fuzz_err_check(err, sizeof err);
    static Game game;
    if (journal_start_game(&j, rules, &game, err, sizeof err)) {
        size_t upto = j.count < REPLAY_MAX ? j.count : REPLAY_MAX;
        if (!journal_replay(&j, &game, 0, upto, err, sizeof err))
            fuzz_err_check(err, sizeof err);
        game_free(&game);
    }
    journal_free(&j);
    return 0;
}
