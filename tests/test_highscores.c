/* The highscore table (src/store/highscores.c): order, ties, the size limit, an entry made
 * from a finished game, and its file: a round trip byte for byte, a missing file, and damaged
 * files refused with a message and an empty table. */
#define _POSIX_C_SOURCE 200809L /* mkdtemp */
#include "test_dir.h"
#include "test_support.h"

#include <dirent.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/userfile.h"
#include "game_fixture.h"
#include "store/highscores.h"

static HighscoreEntry scored(int score)
{
    return (HighscoreEntry){.score = score, .seed = (uint64_t)score};
}

static void entries_go_best_first_and_the_rank_is_returned(void **state)
{
    (void)state;
    Highscores t;
    highscores_init(&t);
    assert_int_equal(highscores_insert(&t, &(HighscoreEntry){.score = 50}), 0);
    assert_int_equal(highscores_insert(&t, &(HighscoreEntry){.score = 80}), 0);
    assert_int_equal(highscores_insert(&t, &(HighscoreEntry){.score = 60}), 1);
    assert_int_equal(highscores_insert(&t, &(HighscoreEntry){.score = 10}), 3);
    assert_int_equal(t.count, 4);
    int want[] = {80, 60, 50, 10};
    for (int i = 0; i < 4; i++)
        assert_int_equal(t.entries[i].score, want[i]);
}

static void an_older_game_keeps_its_rank_on_a_tie(void **state)
{
    (void)state;
    Highscores t;
    highscores_init(&t);
    HighscoreEntry first = scored(70), second = scored(70);
    first.seed = 1;
    second.seed = 2;
    highscores_insert(&t, &first);
    assert_int_equal(highscores_insert(&t, &second), 1);
    assert_int_equal(t.entries[0].seed, 1);
}

static void the_table_keeps_the_best_ten(void **state)
{
    (void)state;
    Highscores t;
    highscores_init(&t);
    for (int s = 1; s <= HIGHSCORES_MAX; s++)
        highscores_insert(&t, &(HighscoreEntry){.score = s * 10});
    assert_int_equal(t.count, HIGHSCORES_MAX);
    assert_int_equal(highscores_insert(&t, &(HighscoreEntry){.score = 5}), -1); /* too low */
    assert_int_equal(highscores_insert(&t, &(HighscoreEntry){.score = 10}),
                     -1); /* a tie at the bottom */
    assert_int_equal(highscores_insert(&t, &(HighscoreEntry){.score = 55}), 5);
    assert_int_equal(t.count, HIGHSCORES_MAX);
    assert_int_equal(t.entries[HIGHSCORES_MAX - 1].score, 20); /* 10 fell off */
    assert_int_equal(t.entries[0].score, 100);
}

static void a_finished_game_makes_its_entry(void **state)
{
    (void)state;
    static const char *const rows[] = {"#####", "#@K.#", "#####", NULL};
    Game *g = fixture_game(42, 13, rows);
    Entity *king = fixture_find(g, KIND_ID_MOUSE_KING);
    king->stats.hit = 100;
    g->player->stats.dodge = 0;
    g->player->stats.hp = 1;
    for (int i = 0; i < 50 && g->outcome == GAME_PLAYING; i++) /* even the King misses 5% */
        fixture_do(g, command_wait());
    assert_int_equal(g->outcome, GAME_DIED);
    HighscoreEntry e = highscore_entry_of(g);
    assert_int_equal(e.score, game_score(g));
    assert_false(e.won);
    assert_string_equal(e.killed_by, "Mouse King");
    assert_int_equal(e.seed, 42);
    fixture_free(g);
}

/* A game at every limit of game/limits.h scores in 64 bits, exactly, and its entry is one
 * the table's own file reads back: the limits of the game and of the file are the same. */
static void a_game_at_the_limits_scores_exactly_and_its_entry_reads_back(void **state)
{
    (void)state;
    static const char *const rows[] = {"#####", "#@K.#", "#####", NULL};
    Game *g = fixture_game(7, 13, rows);
    const Rules *r = g->rules;
    g->player->stats.xp = GAME_XP_MAX;
    g->player->stats.level = r->level_count + 1;
    g->counters.kills = GAME_COUNT_MAX;
    g->deepest = 13;
    g->turn = GAME_TURN_MAX;
    g->outcome = GAME_WON;
    int64_t want = (int64_t)GAME_XP_MAX * r->score_per_xp + 13 * r->score_per_floor +
                   (int64_t)GAME_COUNT_MAX * r->score_per_kill + r->score_victory;
    assert_true(want > INT32_MAX); /* so an int score would overflow */
    assert_int_equal(game_score(g), want);
    Highscores t;
    highscores_init(&t);
    HighscoreEntry e = highscore_entry_of(g);
    assert_int_equal(highscores_insert(&t, &e), 0);
    /* And a game of two million kills, which the file once refused. */
    g->counters.kills = 2000000;
    g->outcome = GAME_PLAYING;
    HighscoreEntry modest = highscore_entry_of(g);
    assert_int_equal(highscores_insert(&t, &modest), 1);
    char *text = highscores_to_json(&t);
    Highscores back;
    char err[256];
    if (!highscores_parse(&back, text, strlen(text), err, sizeof err))
        fail_msg("%s", err);
    assert_int_equal(back.count, 2);
    assert_int_equal(back.entries[0].score, want);
    assert_int_equal(back.entries[0].kills, GAME_COUNT_MAX);
    assert_int_equal(back.entries[0].turns, GAME_TURN_MAX);
    assert_int_equal(back.entries[1].kills, 2000000);
    free(text);
    fixture_free(g);
}

/* A killer's name must be a kind of mouse: the table draws it as "Bitten by a ..." (or "the", for
 * the King). */
static void a_killer_that_is_no_mouse_is_refused(void **state)
{
    (void)state;
    static const char *const text =
        "{\"version\":1,\"entries\":[{\"score\":5,\"won\":false,\"deepest\":1,\"level\":1,"
        "\"kills\":0,\"turns\":9,\"seed\":\"1\",\"killed_by\":\"Health Pack\"}]}";
    Highscores t;
    char err[256];
    assert_false(highscores_parse(&t, text, strlen(text), err, sizeof err));
    assert_string_equal(err, "entries[0].killed_by: 'Health Pack' is no kind of mouse");
    assert_int_equal(t.count, 0);
}

/* ---- the file ---- */

typedef TestDir Dir;

static int make_dir(void **state)
{
    return test_dir_setup(state, "mk_scores", "highscores.json");
}

static int remove_dir(void **state)
{
    return test_dir_teardown(state);
}

/* The file's bytes, asserted readable. */
static char *slurp(const char *path, size_t *len)
{
    char err[512];
    char *text = userfile_read(path, 1 << 20, len, NULL, err, sizeof err);
    if (!text)
        fail_msg("%s", err);
    return text;
}

static void put(const char *path, const char *text)
{
    char err[512];
    if (!userfile_write(path, text, strlen(text), err, sizeof err))
        fail_msg("%s", err);
}

static Highscores sample_table(void)
{
    Highscores t;
    highscores_init(&t);
    HighscoreEntry won = {.score = 98765,
                          .won = true,
                          .deepest = 13,
                          .level = 12,
                          .kills = 140,
                          .turns = 20345,
                          .seed = UINT64_MAX,
                          .date = "2024-02-29"};
    HighscoreEntry died = {
        .score = 1234, .deepest = 7, .level = 5, .kills = 31, .turns = 2718, .seed = 42};
    snprintf(died.killed_by, sizeof died.killed_by, "Rabid Mouse");
    HighscoreEntry quit = {.score = 0, .deepest = 0, .level = 1, .seed = 0};
    highscores_insert(&t, &died);
    highscores_insert(&t, &won);
    highscores_insert(&t, &quit);
    return t;
}

static void assert_tables_equal(const Highscores *a, const Highscores *b)
{
    assert_int_equal(a->count, b->count);
    for (int i = 0; i < a->count; i++) {
        const HighscoreEntry *x = &a->entries[i], *y = &b->entries[i];
        assert_int_equal(x->score, y->score);
        assert_int_equal(x->won, y->won);
        assert_int_equal(x->deepest, y->deepest);
        assert_int_equal(x->level, y->level);
        assert_int_equal(x->kills, y->kills);
        assert_int_equal(x->turns, y->turns);
        assert_true(x->seed == y->seed);
        assert_string_equal(x->killed_by, y->killed_by);
        assert_string_equal(x->date, y->date);
    }
}

static void the_file_round_trips_byte_for_byte(void **state)
{
    Dir *d = *state;
    Highscores t = sample_table(), back;
    char err[512] = "";
    if (!highscores_save(&t, d->file, err, sizeof err))
        fail_msg("%s", err);
    if (!highscores_load(&back, d->file, err, sizeof err))
        fail_msg("%s", err);
    assert_tables_equal(&t, &back);
    assert_true(back.entries[0].seed == UINT64_MAX); /* 64 bits survive, as a string */

    char again[400];
    snprintf(again, sizeof again, "%s/again.json", d->path);
    assert_true(highscores_save(&back, again, err, sizeof err));
    size_t la, lb;
    char *a = slurp(d->file, &la), *b = slurp(again, &lb);
    assert_int_equal(la, lb);
    assert_memory_equal(a, b, la);
    assert_non_null(strstr(a, "\"18446744073709551615\""));
    assert_non_null(strstr(a, "\"version\":\t1"));
    free(a);
    free(b);
}

static void a_missing_file_is_an_empty_table_without_error(void **state)
{
    Dir *d = *state;
    Highscores t = sample_table();
    char err[512] = "untouched";
    assert_true(highscores_load(&t, d->file, err, sizeof err));
    assert_int_equal(t.count, 0);
    assert_string_equal(err, "");
    assert_true(highscores_load_or_reset(&t, d->file, err, sizeof err));
    assert_int_equal(t.count, 0);
}

static void entries_are_sorted_on_reading_whatever_the_file_says(void **state)
{
    (void)state;
    const char *text =
        "{\"version\":1,\"entries\":["
        "{\"score\":10,\"won\":false,\"deepest\":1,\"level\":1,\"kills\":0,\"turns\":5,"
        "\"seed\":\"1\",\"killed_by\":\"Micro Mouse\"},"
        "{\"score\":50,\"won\":true,\"deepest\":13,\"level\":9,\"kills\":9,\"turns\":9,"
        "\"seed\":\"2\",\"killed_by\":\"\",\"comment\":\"unknown fields are ignored\"},"
        "{\"score\":30,\"won\":false,\"deepest\":4,\"level\":3,\"kills\":3,\"turns\":3,"
        "\"seed\":\"3\",\"killed_by\":\"Neo Mouse\"}]}";
    Highscores t;
    char err[512] = "";
    if (!highscores_parse(&t, text, strlen(text), err, sizeof err))
        fail_msg("%s", err);
    assert_int_equal(t.count, 3);
    assert_int_equal(t.entries[0].score, 50);
    assert_int_equal(t.entries[1].score, 30);
    assert_int_equal(t.entries[2].score, 10);
    assert_true(t.entries[0].won);
    assert_string_equal(t.entries[1].killed_by, "Neo Mouse");
}

/* The sample table's text with `from` (which must occur) replaced by `to`. */
static char *sample_with(const char *from, const char *to)
{
    Highscores t = sample_table();
    char *text = highscores_to_json(&t);
    assert_non_null(text);
    char *at = strstr(text, from);
    if (!at)
        fail_msg("\"%s\" is not in the sample", from);
    size_t head = (size_t)(at - text);
    char *out = malloc(strlen(text) + strlen(to) + 1);
    memcpy(out, text, head);
    strcpy(out + head, to);
    strcat(out, at + strlen(from));
    free(text);
    return out;
}

/* Loading `text` from the file fails, naming the file and `want`, with an empty table. */
static void assert_rejected(Dir *d, const char *text, size_t len, const char *want)
{
    FILE *f = fopen(d->file, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(text, 1, len, f), len);
    fclose(f);
    Highscores t = sample_table();
    char err[512] = "";
    if (highscores_load(&t, d->file, err, sizeof err))
        fail_msg("accepted: %.*s", (int)len, text);
    assert_int_equal(t.count, 0);
    assert_non_null(strstr(err, d->file));
    if (!strstr(err, want))
        fail_msg("\"%s\" does not say \"%s\"", err, want);
    assert_null(strchr(err, '\n'));
}

static void a_truncated_file_is_refused(void **state)
{
    Highscores t = sample_table();
    char *text = highscores_to_json(&t);
    size_t len = strlen(text);
    size_t cuts[] = {0, 1, 2, len / 4, len / 3, len / 2, len - 20, len - 2, len - 1};
    for (size_t i = 0; i < sizeof cuts / sizeof *cuts; i++)
        assert_rejected(*state, text, cuts[i], cuts[i] == 0 ? "empty file" : "not valid JSON");
    free(text);
}

static void wrong_types_are_refused_naming_the_value(void **state)
{
    static const char *const cases[][3] = {
        {"\"score\":\t98765", "\"score\":\t\"98765\"", "entries[0].score: not a number"},
        {"\"won\":\ttrue", "\"won\":\t1", "entries[0].won: not true or false"},
        {"\"seed\":\t\"42\"", "\"seed\":\t42", "entries[1].seed: not a string"},
        {"\"killed_by\":\t\"Rabid Mouse\"", "\"killed_by\":\tnull", "entries[1].killed_by"},
        {"\"level\":\t5,", "", "entries[1].level: missing"},
        {"\"entries\":\t[", "\"entries\":\t{\"x\":[", "entries: not an array"},
        {"{\n\t\"version\"", "[{\"version\"", "not a JSON object"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char *text = sample_with(cases[i][0], cases[i][1]);
        if (i == 5) /* keep it valid JSON: close the object that replaced the array */
            strcpy(strrchr(text, '}'), "}}");
        if (i == 6)
            strcat(text, "]");
        assert_rejected(*state, text, strlen(text), cases[i][2]);
        free(text);
    }
}

/* The date is optional (files made before it have none, and an entry without one writes
 * none); when there, it must be a real day. */
static void a_date_is_optional_and_must_be_a_real_day(void **state)
{
    Dir *d = *state;
    Highscores t = sample_table(), back;
    char *text = highscores_to_json(&t);
    assert_non_null(strstr(text, "\"date\":\t\"2024-02-29\""));
    int dates = 0;
    for (const char *p = text; (p = strstr(p, "\"date\"")); p++)
        dates++;
    assert_int_equal(dates, 1); /* only the entry that has one */
    free(text);
    /* An old file: no date anywhere. */
    char *old = sample_with(",\n\t\t\t\"date\":\t\"2024-02-29\"", "");
    assert_null(strstr(old, "date"));
    put(d->file, old);
    char err[512] = "";
    if (!highscores_load(&back, d->file, err, sizeof err))
        fail_msg("%s", err);
    assert_int_equal(back.count, 3);
    for (int i = 0; i < back.count; i++)
        assert_string_equal(back.entries[i].date, "");
    free(old);
    static const char *const bad[][2] = {
        {"\"2023-02-29\"", "entries[0].date: \"2023-02-29\" is not a day"},
        {"\"2024-13-01\"", "is not a day written YYYY-MM-DD"},
        {"\"2024-1-01\"", "is not a day"},
        {"\"2024-01-01x\"", "is not a day"},
        {"20240101", "entries[0].date: not a string"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        char with[64];
        snprintf(with, sizeof with, "\"date\":\t%s", bad[i][0]);
        char *b = sample_with("\"date\":\t\"2024-02-29\"", with);
        assert_rejected(d, b, strlen(b), bad[i][1]);
        free(b);
    }
}

static void numbers_out_of_range_are_refused(void **state)
{
    static const char *const cases[][3] = {
        {"\"score\":\t98765", "\"score\":\t1e300", "entries[0].score: 1e+300 is not"},
        {"\"score\":\t98765", "\"score\":\t1000000000000001",
         "1000000000000001 is not a whole number in 0..1000000000000000"},
        {"\"score\":\t98765", "\"score\":\t-1", "entries[0].score"},
        {"\"score\":\t98765", "\"score\":\t12.5", "not a whole number"},
        {"\"deepest\":\t13", "\"deepest\":\t14", "entries[0].deepest"},
        {"\"level\":\t5", "\"level\":\t0", "entries[1].level"},
        {"\"level\":\t5", "\"level\":\t100", "entries[1].level"},
        {"\"kills\":\t31", "\"kills\":\t-3", "entries[1].kills"},
        {"\"turns\":\t2718", "\"turns\":\t99999999999", "entries[1].turns"},
        {"\"seed\":\t\"42\"", "\"seed\":\t\"18446744073709551616\"", "entries[1].seed"},
        {"\"seed\":\t\"42\"", "\"seed\":\t\"-1\"", "entries[1].seed"},
        {"\"seed\":\t\"42\"", "\"seed\":\t\"4x2\"", "entries[1].seed"},
        {"\"seed\":\t\"42\"", "\"seed\":\t\"\"", "entries[1].seed"},
        {"\"Rabid Mouse\"", "\"Rabid Mouse Rabid Mouse Rabid Mouse\"", "entries[1].killed_by"},
        {"\"Rabid Mouse\"", "\"Rabid\\nMouse\"", "control character"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char *text = sample_with(cases[i][0], cases[i][1]);
        assert_rejected(*state, text, strlen(text), cases[i][2]);
        free(text);
    }
}

static void an_unknown_version_is_refused(void **state)
{
    static const char *const cases[][3] = {
        {"\"version\":\t1", "\"version\":\t2", "version: 2 is not supported"},
        {"\"version\":\t1", "\"version\":\t\"1\"", "version: not a number"},
        {"\"version\":\t1,", "", "version: missing"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char *text = sample_with(cases[i][0], cases[i][1]);
        assert_rejected(*state, text, strlen(text), cases[i][2]);
        free(text);
    }
}

static void too_many_entries_are_refused(void **state)
{
    char text[8192] = "{\"version\":1,\"entries\":[";
    for (int i = 0; i <= HIGHSCORES_MAX; i++)
        snprintf(text + strlen(text), sizeof text - strlen(text),
                 "%s{\"score\":%d,\"won\":false,\"deepest\":1,\"level\":1,\"kills\":0,"
                 "\"turns\":1,\"seed\":\"1\",\"killed_by\":\"\"}",
                 i ? "," : "", i);
    strcat(text, "]}");
    assert_rejected(*state, text, strlen(text), "entries: 11 of them, at most 10");
}

static void a_huge_file_is_refused_by_its_size(void **state)
{
    size_t len = HIGHSCORES_FILE_MAX + 1;
    char *text = malloc(len);
    memset(text, ' ', len);
    assert_rejected(*state, text, len, "bytes, more than");
    free(text);
}

static void a_damaged_file_is_moved_aside_and_the_table_starts_empty(void **state)
{
    Dir *d = *state;
    put(d->file, "{\"version\":1,\"entries\":[{\"score\":");
    Highscores t = sample_table();
    char msg[1024] = "";
    assert_false(highscores_load_or_reset(&t, d->file, msg, sizeof msg));
    assert_int_equal(t.count, 0);
    assert_non_null(strstr(msg, d->file));
    assert_non_null(strstr(msg, "not valid JSON"));
    assert_non_null(strstr(msg, ".damaged-"));
    assert_int_equal(access(d->file, F_OK), -1); /* gone from its place... */
    const char *kept = strstr(msg, "kept as ");
    assert_non_null(kept);
    char moved[600];
    snprintf(moved, sizeof moved, "%s", kept + strlen("kept as "));
    *strchr(moved, ',') = '\0';
    size_t len;
    char *text = slurp(moved, &len); /* ...but kept whole */
    assert_string_equal(text, "{\"version\":1,\"entries\":[{\"score\":");
    free(text);

    /* The next save starts a fresh file. */
    Highscores fresh = sample_table();
    assert_true(highscores_save(&fresh, d->file, msg, sizeof msg));
    assert_true(highscores_load_or_reset(&t, d->file, msg, sizeof msg));
    assert_tables_equal(&t, &fresh);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(entries_go_best_first_and_the_rank_is_returned),
        cmocka_unit_test(an_older_game_keeps_its_rank_on_a_tie),
        cmocka_unit_test(the_table_keeps_the_best_ten),
        cmocka_unit_test(a_finished_game_makes_its_entry),
        cmocka_unit_test(a_game_at_the_limits_scores_exactly_and_its_entry_reads_back),
        cmocka_unit_test(a_killer_that_is_no_mouse_is_refused),
        cmocka_unit_test_setup_teardown(the_file_round_trips_byte_for_byte, make_dir, remove_dir),
        cmocka_unit_test_setup_teardown(a_missing_file_is_an_empty_table_without_error, make_dir,
                                        remove_dir),
        cmocka_unit_test(entries_are_sorted_on_reading_whatever_the_file_says),
        cmocka_unit_test_setup_teardown(a_truncated_file_is_refused, make_dir, remove_dir),
        cmocka_unit_test_setup_teardown(wrong_types_are_refused_naming_the_value, make_dir,
                                        remove_dir),
        cmocka_unit_test_setup_teardown(numbers_out_of_range_are_refused, make_dir, remove_dir),
        cmocka_unit_test_setup_teardown(a_date_is_optional_and_must_be_a_real_day, make_dir,
                                        remove_dir),
        cmocka_unit_test_setup_teardown(an_unknown_version_is_refused, make_dir, remove_dir),
        cmocka_unit_test_setup_teardown(too_many_entries_are_refused, make_dir, remove_dir),
        cmocka_unit_test_setup_teardown(a_huge_file_is_refused_by_its_size, make_dir, remove_dir),
        cmocka_unit_test_setup_teardown(a_damaged_file_is_moved_aside_and_the_table_starts_empty,
                                        make_dir, remove_dir),
    };
    return RUN_TESTS(tests);
}
