/* The highscore table (src/ui/score_table.c): the widest entry the file may hold (seed
 * 2^64-1, a 31-byte killer, every number at its limit) fits inside the panel's frame at the
 * smallest view, 640x360, measured with the game's font; columns never overlap; and a table
 * too narrow still keeps every column inside, cutting "how it ended". */
#include "test_support.h"

#include <SDL.h>
#include <stdint.h>
#include <string.h>

#include "test_rules.h"
#include "ui/menu.h"
#include "ui/score_table.h"
#include "ui/text.h"

enum { VIEW_W = 640, VIEW_H = 360, FONT_POINTS = 16 /* app.c's */ };

typedef struct Fixture {
    SDL_Surface *surface;
    SDL_Renderer *renderer;
    Text text;
} Fixture;

static int setup(void **state)
{
    static Fixture f;
    char err[512];
    f.surface = SDL_CreateRGBSurfaceWithFormat(0, VIEW_W, VIEW_H, 32, SDL_PIXELFORMAT_RGBA32);
    f.renderer = f.surface ? SDL_CreateSoftwareRenderer(f.surface) : NULL;
    if (!f.renderer || !text_load(&f.text, f.renderer, FONT_FILE, FONT_POINTS, err, sizeof err)) {
        fprintf(stderr, "%s\n", f.renderer ? err : SDL_GetError());
        return -1;
    }
    *state = &f;
    return 0;
}

static int teardown(void **state)
{
    Fixture *f = *state;
    text_free(&f->text);
    SDL_DestroyRenderer(f->renderer);
    SDL_FreeSurface(f->surface);
    return 0;
}

/* The widest entries the highscore file accepts (the limits of game/limits.h): a death and a
 * victory. */
enum { WIDEST = 3 };

static void widest_entries(HighscoreEntry e[WIDEST])
{
    memset(e, 0, WIDEST * sizeof *e);
    e[0] = (HighscoreEntry){.score = GAME_SCORE_MAX,
                            .deepest = 13,
                            .level = RULES_MAX_LEVELS + 1,
                            .kills = GAME_COUNT_MAX,
                            .turns = GAME_TURN_MAX,
                            .seed = UINT64_MAX,
                            .date = "2024-12-31"};
    /* The longest names of the kinds of mouse a killer must be (the font is monospaced). */
    snprintf(e[0].killed_by, sizeof e[0].killed_by, "Rabid Mouse");
    e[1] = e[0];
    e[1].won = true;
    e[1].killed_by[0] = '\0';
    /* The King takes "the": "Bitten by the Mouse King" is the longest way to die. */
    e[2] = e[0];
    snprintf(e[2].killed_by, sizeof e[2].killed_by, "Mouse King");
}

static void the_widest_entry_fits_inside_the_frame_at_640x360(void **state)
{
    Fixture *f = *state;
    HighscoreEntry e[WIDEST];
    widest_entries(e);
    char cells[WIDEST][SCORE_COLUMNS][SCORE_CELL_MAX];
    int widest[SCORE_COLUMNS];
    for (int c = 0; c < SCORE_COLUMNS; c++)
        widest[c] = text_width(&f->text, SCORE_HEADINGS[c]);
    for (int i = 0; i < WIDEST; i++) {
        score_table_cells(&e[i], 9, &test_rules()->kinds, cells[i]); /* rank 10, the widest "#" */
        for (int c = 0; c < SCORE_COLUMNS; c++) {
            int w = text_width(&f->text, cells[i][c]);
            widest[c] = w > widest[c] ? w : widest[c];
        }
    }
    assert_string_equal(cells[0][6], "18446744073709551615");
    assert_string_equal(cells[0][7], "2024-12-31");
    assert_string_equal(cells[0][3], "Bitten by a Rabid Mouse");
    assert_string_equal(cells[2][3], "Bitten by the Mouse King");
    assert_string_equal(cells[1][3], "Won in 1000000000 turns");
    assert_string_equal(cells[1][7], "2024-12-31");
    HighscoreEntry old = e[0];
    old.date[0] = '\0'; /* a file made before dates */
    char old_cells[SCORE_COLUMNS][SCORE_CELL_MAX];
    score_table_cells(&old, 0, &test_rules()->kinds, old_cells);
    assert_string_equal(old_cells[7], "-");
    SDL_Rect in = ui_panel_inner(score_table_frame(VIEW_W, VIEW_H, f->text.line_height));
    int x[SCORE_COLUMNS], w[SCORE_COLUMNS];
    assert_true(score_table_layout(widest, in.w, x, w)); /* nothing had to be cut */
    for (int c = 0; c < SCORE_COLUMNS; c++) {
        for (int i = 0; i < WIDEST; i++) {
            int right = x[c] + text_width(&f->text, cells[i][c]);
            if (right > in.w)
                fail_msg("column %d, \"%s\": ends at %d, the frame's inside at %d", c, cells[i][c],
                         right, in.w);
            if (c + 1 < SCORE_COLUMNS && right + SCORE_GAP_MIN > x[c + 1])
                fail_msg("column %d, \"%s\": ends at %d, column %d starts at %d", c, cells[i][c],
                         right, c + 1, x[c + 1]);
        }
        assert_true(x[c] + text_width(&f->text, SCORE_HEADINGS[c]) <= in.w);
    }
}

static void a_narrow_table_cuts_how_it_ended_and_keeps_every_column_inside(void **state)
{
    (void)state;
    const int widest[SCORE_COLUMNS] = {12, 60, 30, 258, 30, 42, 120, 60};
    int x[SCORE_COLUMNS], w[SCORE_COLUMNS];
    assert_true(score_table_layout(widest, 760, x, w));
    assert_int_equal(x[0], 0);
    for (int c = 0; c < SCORE_COLUMNS; c++) {
        assert_int_equal(w[c], widest[c]);
        if (c > 0) /* the room left over spread between the columns, within the bounds */
            assert_in_range(x[c] - (x[c - 1] + w[c - 1]), SCORE_GAP_MIN, SCORE_GAP_MAX);
    }
    assert_false(score_table_layout(widest, 560, x, w));
    assert_true(w[SCORE_COL_ENDED] < widest[SCORE_COL_ENDED]);
    for (int c = 0; c < SCORE_COLUMNS; c++) {
        assert_true(x[c] >= 0 && w[c] >= 0);
        assert_true(x[c] + w[c] <= 560);
        if (c > 0)
            assert_true(x[c] >= x[c - 1] + w[c - 1] + SCORE_GAP_MIN);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_widest_entry_fits_inside_the_frame_at_640x360),
        cmocka_unit_test(a_narrow_table_cuts_how_it_ended_and_keeps_every_column_inside),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
