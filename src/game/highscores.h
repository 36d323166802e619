/* The highscore table: the best games, best first. The table logic lives here; reading and
 * writing its file belongs with the saves. */
#ifndef MK_HIGHSCORES_H
#define MK_HIGHSCORES_H

#include <stdbool.h>
#include <stdint.h>

#include "game/game.h"

enum { HIGHSCORES_MAX = 10 };

typedef struct HighscoreEntry {
    int score;
    bool won;
    int deepest, level, kills, turns;
    uint64_t seed;
    char killed_by[32]; /* empty for a victory */
} HighscoreEntry;

typedef struct Highscores {
    HighscoreEntry entries[HIGHSCORES_MAX];
    int count;
} Highscores;

void highscores_init(Highscores *table);
/* The entry for a finished (or abandoned) game. */
HighscoreEntry highscore_entry_of(const Game *game);
/* Puts the entry in its place: below every entry with the same or a higher score, so older
 * games keep their rank on a tie. Returns its rank (0 = best), or -1 when it does not make
 * the table. */
int highscores_insert(Highscores *table, const HighscoreEntry *entry);

#endif
