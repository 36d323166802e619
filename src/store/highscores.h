/* The highscore table: the best games, best first, and its file in the user folder. */
#ifndef MK_HIGHSCORES_H
#define MK_HIGHSCORES_H

#include <stdbool.h>
#include <stdint.h>

#include "game/game.h"

enum { HIGHSCORES_MAX = 10 };

typedef struct HighscoreEntry {
    int64_t score;
    bool won;
    int deepest, level, kills, turns;
    uint64_t seed;
    char killed_by[32]; /* empty for a victory */
    char recording[96]; /* the game's recording in the user folder's recordings/, or "" */
    char date[11];      /* the game's end, "YYYY-MM-DD" (set by the front end), or "" */
} HighscoreEntry;

typedef struct Highscores {
    HighscoreEntry entries[HIGHSCORES_MAX];
    int count;
} Highscores;

void highscores_init(Highscores *table);
/* The entry for a finished (or abandoned) game, without a date (the front end sets it). */
HighscoreEntry highscore_entry_of(const Game *game);
/* Puts the entry in its place: below every entry with the same or a higher score, so older
 * games keep their rank on a tie. Returns its rank (0 = best), or -1 when it does not make
 * the table. */
int highscores_insert(Highscores *table, const HighscoreEntry *entry);

/* The file (JSON, written by highscores_save through userfile_write):
 *   {"version":1,"entries":[{"score":1234,"won":false,"deepest":7,"level":5,"kills":31,
 *     "turns":2718,"seed":"18446744073709551615","killed_by":"Rabid Mouse",
 *     "date":"2024-05-31"}, ...]}
 * The seed is a decimal string: JSON numbers lose 64-bit integers. Reading checks every value
 * against the limits the game itself keeps (game/limits.h), so that any game's entry can be
 * read back: version 1; score 0..GAME_SCORE_MAX, deepest 0..MAX_FLOORS, level
 * 1..RULES_MAX_LEVELS + 1, kills 0..GAME_COUNT_MAX, turns 0..GAME_TURN_MAX, killed_by empty
 * or a kind of mouse, date (optional: files made before it have none, read as "") a real
 * calendar day YYYY-MM-DD, at most HIGHSCORES_MAX entries; unknown fields are ignored. The entries
 * are inserted again, trusting no order. */
enum {
    HIGHSCORES_FILE_MAX = 64 * 1024 /* bytes: a larger file is damaged */
};

/* The table as the file's text (malloc'd, NUL-terminated), or NULL when out of memory. */
char *highscores_to_json(const Highscores *table);
/* Reads the file's text into the table. On any problem the table is left empty and err says
 * which value is wrong ("entries[2].score: ..."), without a file name. */
bool highscores_parse(Highscores *table, const char *text, size_t len, char *err, size_t err_size);
bool highscores_save(const Highscores *table, const char *path, char *err, size_t err_size);
/* A missing file is an empty table and no error. Otherwise false, an empty table, and one line
 * in err naming the file and what is wrong. It never moves or deletes the file: see below. */
bool highscores_load(Highscores *table, const char *path, char *err, size_t err_size);
/* What the game calls at start: highscores_load, and if the file is damaged (not merely
 * unreadable, as for a permission problem) it is moved aside with userfile_move_aside so the
 * next save starts afresh without losing it. Returns false with one line in msg (the problem,
 * and where the file went) for the caller to print on stderr; the table is then empty. */
bool highscores_load_or_reset(Highscores *table, const char *path, char *msg, size_t msg_size);

#endif
