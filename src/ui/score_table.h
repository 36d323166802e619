/* The highscore table's cells and columns, apart from drawing so that a test can check that
 * the widest possible entry stays inside the frame at the smallest view. */
#ifndef MK_SCORE_TABLE_H
#define MK_SCORE_TABLE_H

#include <SDL.h>
#include <stdbool.h>

#include "core/kind.h"
#include "store/highscores.h"

enum {
    SCORE_COLUMNS = 8,
    SCORE_COL_ENDED = 3, /* "how it ended": the one column cut short if the rest leave no room */
    SCORE_CELL_MAX = 64, /* bytes of a cell, with its NUL: the longest is 43 */
    SCORE_GAP_MIN = 6,   /* pixels between columns at the least (one character) */
    SCORE_GAP_MAX = 24
};

extern const char *const SCORE_HEADINGS[SCORE_COLUMNS];

/* The panel the table sits in, on a view_w x view_h view with lines line_height high. */
SDL_Rect score_table_frame(int view_w, int view_h, int line_height);

/* The cells of the entry at rank (0 = best), as text; `kinds` says whether the killer is one
 * of a kind ("the Mouse King"). */
void score_table_cells(const HighscoreEntry *e, int rank, const KindTable *kinds,
                       char cells[SCORE_COLUMNS][SCORE_CELL_MAX]);

/* Places the columns in a table `width` pixels wide, given the width of the widest text of
 * each column (heading included): x[c] from the table's left edge and w[c], the room column c
 * has. Every column gets its widest text; the space left over goes between the columns (from
 * SCORE_GAP_MIN to SCORE_GAP_MAX each). When it is too narrow for that, "how it ended" gets
 * what the others leave, w[SCORE_COL_ENDED] is less than its widest, and the result is false:
 * the caller cuts those cells to fit. Either way x[c] + w[c] <= width for every column, as long
 * as width holds the other columns (at 640x360 it holds them all: tests/test_score_table.c). */
bool score_table_layout(const int widest[SCORE_COLUMNS], int width, int x[SCORE_COLUMNS],
                        int w[SCORE_COLUMNS]);

#endif
