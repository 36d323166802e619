/* The highscore table (src/game/highscores.c): order, ties, the size limit, and an entry
 * made from a finished game. */
#include "test_support.h"

#include "game/highscores.h"
#include "game_fixture.h"

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
    assert_int_equal(highscores_insert(&t, &(HighscoreEntry){.score = 10}), -1); /* a tie at the bottom */
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
    Entity *king = fixture_find(g, "Mouse King");
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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(entries_go_best_first_and_the_rank_is_returned),
        cmocka_unit_test(an_older_game_keeps_its_rank_on_a_tie),
        cmocka_unit_test(the_table_keeps_the_best_ten),
        cmocka_unit_test(a_finished_game_makes_its_entry),
    };
    return RUN_TESTS(tests);
}
