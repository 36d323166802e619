#include "ui/score_table.h"

#include <inttypes.h>
#include <stdio.h>

#include "entities/entities.h"

const char *const SCORE_HEADINGS[SCORE_COLUMNS] = {"#",     "score", "floor", "how it ended",
                                                   "level", "kills", "seed",  "date"};

SDL_Rect score_table_frame(int view_w, int view_h, int line_height)
{
    /* Below the title (two lines at twice the size), above the footer line; 8 pixels from
     * the sides, so that the widest entry with its date fits at 640 pixels. */
    return (SDL_Rect){8, 14 + 2 * line_height + 6, view_w - 16,
                      view_h - (2 * line_height + 20) - 30};
}

void score_table_cells(const HighscoreEntry *e, int rank, const KindTable *kinds,
                       char cells[SCORE_COLUMNS][SCORE_CELL_MAX])
{
    snprintf(cells[0], SCORE_CELL_MAX, "%d", rank + 1);
    snprintf(cells[1], SCORE_CELL_MAX, "%" PRId64, e->score);
    snprintf(cells[2], SCORE_CELL_MAX, "%d", e->deepest);
    /* The floor has its own column, so that the widest entry the file allows (game/limits.h)
     * fits at 640x360: a 16-digit score, a 10-digit kill count, a 20-digit seed and a date. */
    if (e->won)
        snprintf(cells[3], SCORE_CELL_MAX, "Won in %d turns",
                 e->turns); /* no longer than a death */
    else
        snprintf(cells[3], SCORE_CELL_MAX, "Bitten by %s",
                 kinds_name_a(kinds, e->killed_by, false).s);
    snprintf(cells[4], SCORE_CELL_MAX, "%d", e->level);
    snprintf(cells[5], SCORE_CELL_MAX, "%d", e->kills);
    snprintf(cells[6], SCORE_CELL_MAX, "%" PRIu64, e->seed);
    snprintf(cells[7], SCORE_CELL_MAX, "%s", e->date[0] ? e->date : "-"); /* "-": an old file's */
}

bool score_table_layout(const int widest[SCORE_COLUMNS], int width, int x[SCORE_COLUMNS],
                        int w[SCORE_COLUMNS])
{
    const int gaps = SCORE_COLUMNS - 1;
    int others = 0; /* every column but "how it ended" */
    for (int c = 0; c < SCORE_COLUMNS; c++) {
        w[c] = widest[c] > 0 ? widest[c] : 0;
        others += c == SCORE_COL_ENDED ? 0 : w[c];
    }
    int spare = width - others - w[SCORE_COL_ENDED] - gaps * SCORE_GAP_MIN;
    bool fits = spare >= 0;
    int gap = SCORE_GAP_MIN;
    if (fits) {
        gap += spare / gaps;
        if (gap > SCORE_GAP_MAX)
            gap = SCORE_GAP_MAX;
    } else {
        /* The numbers must stay whole; the words of the one prose column can be cut. */
        int room = width - others - gaps * SCORE_GAP_MIN;
        w[SCORE_COL_ENDED] = room > 0 ? room : 0;
    }
    for (int c = 0; c < SCORE_COLUMNS; c++)
        x[c] = c == 0 ? 0 : x[c - 1] + w[c - 1] + gap;
    return fits;
}
