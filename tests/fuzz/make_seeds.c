/* Writes the seeds of the fuzz corpora that the game itself makes, into the folders given:
 *   fuzz_make_seeds OPTIONS_DIR HIGHSCORES_DIR SAVE_DIR
 * Run it again after a change of a file format, so the corpora start from files the game
 * writes today (tests/fuzz/README.md). Not a test: built on demand only. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bot/bot.h"
#include "store/highscores.h"
#include "store/save.h"
#include "ui/options.h"

static int write_seed(const char *dir, const char *name, char *text)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = text ? fopen(path, "wb") : NULL;
    bool ok = f && fwrite(text, 1, strlen(text), f) == strlen(text);
    ok = f && fclose(f) == 0 && ok;
    free(text);
    if (!ok)
        fprintf(stderr, "fuzz_make_seeds: %s: cannot write\n", path);
    return ok ? 0 : 1;
}

static HighscoreEntry entry(int score, bool won, int deepest, int level, int kills, int turns,
                            uint64_t seed, const char *killed_by)
{
    HighscoreEntry e = {score, won, deepest, level, kills, turns, seed, ""};
    snprintf(e.killed_by, sizeof e.killed_by, "%s", killed_by);
    return e;
}

/* A new game of `seed`, and the same game after the bot played until it had seen `floors`
 * floors (or `turns` turns), as saves. */
static int write_saves(const char *dir, uint64_t seed, int floors, int turns)
{
    static Rules rules;
    char err[RULES_ERROR_MAX];
    if (!rules_load(&rules, MK_DATA_DIR "/rules.json", err, sizeof err)) {
        fprintf(stderr, "fuzz_make_seeds: %s\n", err);
        return 1;
    }
    static Game game;
    static Bot bot;
    if (!game_init(&game, seed, &rules)) {
        fprintf(stderr, "fuzz_make_seeds: %s\n", game.error);
        return 1;
    }
    int failures = write_seed(dir, "new_game.json", save_to_json(&game));
    bot_init(&bot);
    int seen = 1;
    for (int t = 0; t < turns && seen < floors && game.outcome == GAME_PLAYING; t++) {
        if (!bot_play_turn(&bot, &game))
            break;
        seen = 0;
        for (int f = 0; f < FLOOR_COUNT; f++)
            seen += game.floors[f] != NULL;
    }
    char name[64];
    snprintf(name, sizeof name, "floors_%d_turn_%u.json", seen, (unsigned)game.turn);
    failures += write_seed(dir, name, save_to_json(&game));
    game_free(&game);
    return failures;
}

int main(int argc, char **argv)
{
    if (argc != 4) {
        fprintf(stderr, "usage: %s OPTIONS_DIR HIGHSCORES_DIR SAVE_DIR\n", argv[0]);
        return 2;
    }
    int failures = 0;
    Options options;
    options_default(&options);
    failures += write_seed(argv[1], "default.json", options_to_json(&options));
    options.sound_volume = 0;
    options.music_volume = 100;
    options.fullscreen = true;
    options.high_contrast = true;
    keymap_preset_wasd(&options.keys);
    failures += write_seed(argv[1], "wasd_loud.json", options_to_json(&options));

    Highscores table;
    highscores_init(&table);
    failures += write_seed(argv[2], "empty_table.json", highscores_to_json(&table));
    const HighscoreEntry entries[] = {
        entry(3561, true, 13, 12, 140, 9120, 7, ""),
        entry(1234, false, 7, 5, 31, 2718, 18446744073709551615u, "Rabid Mouse"),
        entry(412, false, 3, 2, 9, 655, 42, "Neo Mouse"),
        entry(412, false, 2, 2, 8, 530, 43, "Micro Mouse"),
        entry(0, false, 0, 1, 0, 3, 0, "Mouse King"),
    };
    for (size_t i = 0; i < sizeof entries / sizeof *entries; i++)
        highscores_insert(&table, &entries[i]);
    failures += write_seed(argv[2], "five_entries.json", highscores_to_json(&table));
    failures += write_saves(argv[3], 7, 3, 20000);
    return failures ? 1 : 0;
}
