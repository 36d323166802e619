/* Saving and loading the game (src/game/save.c): save, load, save gives the same bytes; a
 * game loaded from a save taken at each floor change of a bot's game plays on exactly as the
 * game that was never saved; damaged, truncated, hostile and too-new saves are refused with
 * a message naming the field; a crash between write and rename keeps the previous save; and
 * deleting removes the save and its backup. */
#define _POSIX_C_SOURCE 200809L /* mkdtemp */
#include "test_support.h"

#include <cjson/cJSON.h>
#include <inttypes.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/userfile.h"
#include "game/bot.h"
#include "game/save.h"
#include "game_fixture.h"
#include "gen/gen.h"

/* ---- helpers ------------------------------------------------------------------------ */

static Game *new_game(uint64_t seed)
{
    Game *g = malloc(sizeof *g);
    assert_non_null(g);
    assert_true(game_init(g, seed, test_rules()));
    return g;
}

static void drop_game(Game *g)
{
    if (g) {
        game_free(g);
        free(g);
    }
}

static char *must_save(const Game *g)
{
    char *text = save_to_json(g);
    assert_non_null(text);
    return text;
}

/* The game in `text`, or a failed test naming the error. */
static Game *must_load(const char *text)
{
    Game *g = malloc(sizeof *g);
    assert_non_null(g);
    char err[SAVE_ERROR_MAX];
    bool ok = save_from_json(g, text, strlen(text), test_rules(), err, sizeof err);
    if (!ok)
        fail_msg("the save did not load: %s", err);
    return g;
}

/* Whether loading `text` (len bytes) is refused; err gets the message. A refused load must
 * leave the game zeroed. */
static __attribute__((unused)) bool refused(const char *text, size_t len, char *err, size_t err_size)
{
    Game g;
    memset(&g, 0xA5, sizeof g);
    if (save_from_json(&g, text, len, test_rules(), err, err_size)) {
        game_free(&g);
        return false;
    }
    static const Game zero;
    assert_memory_equal(&g, &zero, sizeof g);
    return true;
}

/* Plays up to `turns` bot turns; returns how many it played. */
static int play(Bot *bot, Game *g, int turns)
{
    int n = 0;
    while (n < turns && g->outcome == GAME_PLAYING && bot_play_turn(bot, g))
        n++;
    return n;
}

/* Fails naming where two saves first differ (they are too long to print whole). */
static void assert_same_save(const char *a, const char *b)
{
    size_t i = 0;
    while (a[i] && a[i] == b[i])
        i++;
    if (a[i] == b[i])
        return;
    size_t from = i > 80 ? i - 80 : 0;
    fail_msg("saves differ at byte %zu:\n  %.160s\n  %.160s", i, a + from, b + from);
}

/* ---- round trips -------------------------------------------------------------------- */

static void assert_round_trip(const Game *g)
{
    char *first = must_save(g);
    Game *loaded = must_load(first);
    char *second = must_save(loaded);
    assert_same_save(first, second);
    drop_game(loaded);
    free(first);
    free(second);
}

static void a_fresh_game_saves_loads_and_saves_the_same_bytes(void **state)
{
    (void)state;
    Game *g = new_game(1);
    assert_round_trip(g);
    drop_game(g);
}

static void a_played_game_saves_loads_and_saves_the_same_bytes(void **state)
{
    (void)state;
    Game *g = new_game(2);
    Bot *bot = malloc(sizeof *bot);
    bot_init(bot);
    int floors_seen = 0;
    for (int round = 0; round < 6; round++) {
        play(bot, g, 500);
        assert_round_trip(g);
    }
    for (int f = 0; f < FLOOR_COUNT; f++)
        floors_seen += g->floors[f] != NULL;
    assert_true(floors_seen >= 3);
    free(bot);
    drop_game(g);
}

/* ---- a loaded game plays on as the game that was never saved ------------------------ */

enum { FORK_TURNS = 300, FORKS_MAX = 8 };

/* A game loaded from a save of the main game, with a copy of the main game's bot. */
typedef struct Fork {
    Game *game;
    Bot *bot;
    int turns;
    int floor; /* the floor change it was saved at */
} Fork;

static void assert_same_play(const Game *a, const Game *b)
{
    assert_int_equal(a->turn, b->turn);
    assert_int_equal(a->outcome, b->outcome);
    assert_int_equal(a->current, b->current);
    assert_int_equal(a->player->x, b->player->x);
    assert_int_equal(a->player->y, b->player->y);
    assert_memory_equal(&a->player->stats, &b->player->stats, sizeof a->player->stats);
    assert_int_equal(a->inventory_count, b->inventory_count);
    assert_memory_equal(&a->rng_play, &b->rng_play, sizeof a->rng_play);
    assert_int_equal(a->log.total, b->log.total);
}

static void end_fork(Fork *f, const Game *main_game)
{
    assert_same_play(main_game, f->game);
    char *a = must_save(main_game), *b = must_save(f->game);
    assert_same_save(a, b);
    free(a);
    free(b);
    drop_game(f->game);
    free(f->bot);
    f->game = NULL;
}

/* The bot plays `seed` for up to max_turns; after every floor change the game is saved and
 * loaded into a fork that the same bot plays alongside for FORK_TURNS turns. */
static int play_with_forks(uint64_t seed, int max_turns)
{
    Game *g = new_game(seed);
    Bot *bot = malloc(sizeof *bot);
    bot_init(bot);
    Fork forks[FORKS_MAX] = {0};
    int made = 0;
    for (int t = 0; t < max_turns && g->outcome == GAME_PLAYING; t++) {
        int floor_before = g->current;
        bool played = bot_play_turn(bot, g);
        for (int i = 0; i < FORKS_MAX; i++) {
            Fork *f = &forks[i];
            if (!f->game)
                continue;
            assert_int_equal(bot_play_turn(f->bot, f->game), played);
            assert_same_play(g, f->game);
            if (++f->turns >= FORK_TURNS || !played)
                end_fork(f, g);
        }
        if (!played)
            break;
        if (g->current == floor_before)
            continue;
        for (int i = 0; i < FORKS_MAX; i++)
            if (!forks[i].game) {
                char *text = must_save(g);
                forks[i] = (Fork){.game = must_load(text), .bot = malloc(sizeof *bot),
                                  .floor = g->current};
                free(text);
                memcpy(forks[i].bot, bot, sizeof *bot);
                made++;
                break;
            }
    }
    for (int i = 0; i < FORKS_MAX; i++)
        if (forks[i].game)
            end_fork(&forks[i], g);
    print_message("seed %" PRIu64 ": %d loaded games, deepest floor %d, turn %u, %s\n", seed,
                  made, g->deepest, (unsigned)g->turn,
                  g->outcome == GAME_DIED ? "died" : g->outcome == GAME_WON ? "won" : "playing");
    free(bot);
    drop_game(g);
    return made;
}

static void a_game_loaded_after_each_floor_change_plays_on_identically(void **state)
{
    (void)state;
    int forks = 0;
    for (uint64_t seed = 1; seed <= 3; seed++)
        forks += play_with_forks(seed, 6000);
    assert_true(forks >= 10);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_fresh_game_saves_loads_and_saves_the_same_bytes),
        cmocka_unit_test(a_played_game_saves_loads_and_saves_the_same_bytes),
        cmocka_unit_test(a_game_loaded_after_each_floor_change_plays_on_identically),
    };
    return RUN_TESTS(tests);
}
