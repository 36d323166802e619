#include "game/highscores.h"

#include <stdio.h>
#include <string.h>

void highscores_init(Highscores *table)
{
    memset(table, 0, sizeof *table);
}

HighscoreEntry highscore_entry_of(const Game *game)
{
    HighscoreEntry e = {.score = game_score(game),
                        .won = game->outcome == GAME_WON,
                        .deepest = game->deepest,
                        .level = game->player->stats.level,
                        .kills = game->counters.kills,
                        .turns = (int)game->turn,
                        .seed = game->seeds.game};
    if (game->outcome == GAME_DIED)
        snprintf(e.killed_by, sizeof e.killed_by, "%s", game->killed_by);
    return e;
}

int highscores_insert(Highscores *table, const HighscoreEntry *entry)
{
    int rank = 0;
    while (rank < table->count && table->entries[rank].score >= entry->score)
        rank++;
    if (rank >= HIGHSCORES_MAX)
        return -1;
    int keep = table->count < HIGHSCORES_MAX ? table->count : HIGHSCORES_MAX - 1;
    memmove(&table->entries[rank + 1], &table->entries[rank],
            (size_t)(keep - rank) * sizeof *table->entries);
    table->entries[rank] = *entry;
    if (table->count < HIGHSCORES_MAX)
        table->count++;
    return rank;
}
