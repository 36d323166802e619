/* The end of a game kept whole, whatever moment a crash hits: what is written when a game ends
 * (died or won), in an order that leaves nothing half done, and what the start does with a
 * game whose end was cut short. No SDL; the window and the tests drive it the same way.
 *
 * The steps, each safe to do again (GameEndStep):
 *   1. the morgue, recordings/NAME.txt (a file made new, replaced whole);
 *   2. the recording kept as recordings/NAME.mkrec (a second name for game.mkrec, or a copy);
 *   3. the highscore entry, naming NAME.mkrec, inserted and written unless the table already
 *      holds an entry naming it: a second run never adds a second entry;
 *   4. the save removed (save.json.tmp and .bak first, save.json last);
 *   5. game.mkrec removed;
 *   6. recordings/ pruned to the newest GAME_END_RECORDINGS_KEPT and the highscores'.
 * NAME is the recording's start (its header's date, UTC, "YYYYmmdd-HHMMSS") and the seed, so
 * the same game gets the same name whenever its end is written. Until step 4 the save and the
 * recording are where they were; from step 4 on, the recording alone is left, and it ends in a
 * death or a victory. At start (game_start) a game whose recording ends so, with or without
 * its save, has its steps done again, and it is never offered to continue. */
#ifndef MK_GAME_END_H
#define MK_GAME_END_H

#include <stdbool.h>
#include <stddef.h>

#include "game/game.h"
#include "store/highscores.h"
#include "store/save.h"
#include "store/session.h"

enum { GAME_END_RECORDINGS_KEPT = 20, GAME_END_NAME_MAX = 96 };

typedef enum GameEndStep {
    GAME_END_BEGIN,     /* nothing written yet */
    GAME_END_MORGUE,    /* after the morgue */
    GAME_END_RECORDING, /* after the recording kept in recordings/ */
    GAME_END_HIGHSCORE, /* after the highscore */
    GAME_END_SAVE,      /* after the save's removal */
    GAME_END_JOURNAL,   /* after game.mkrec's removal */
    GAME_END_PRUNE      /* after the pruning: done */
} GameEndStep;

/* The user folder's files a game lives in. */
typedef struct GameFiles {
    char dir[1024];     /* the user folder (recordings/ is under it); "" when there is none */
    char save[1200];    /* save.json */
    char journal[1200]; /* game.mkrec */
    char scores[1200];  /* highscores.json */
    bool may_write;     /* false: the folder is read, never written */
} GameFiles;

/* What the end of a game wrote. */
typedef struct GameEnd {
    int rank;                          /* the highscore's row, or -1 */
    char recording[GAME_END_NAME_MAX]; /* NAME.mkrec in recordings/, or "" */
    char morgue[1300];                 /* the morgue file's path, or "" */
    char morgue_line[1400];            /* what the summary screen says of it */
    char error[1400];                  /* the first problem, one line, or "" */
} GameEnd;

/* The game `g` ended (died or won): the session is closed (its recording synced), then steps
 * 1 to 6. The highscore goes into `scores` (and its file, when the folder may be written). */
void game_end_finish(Session *s, const Game *g, const GameFiles *f, Highscores *scores,
                     GameEnd *out);

/* What the start found in the user folder. */
typedef struct GameStart {
    SaveStart save;       /* save.json, or why not, and a save on offer */
    SessionResume resume; /* the recording's tail replayed onto it */
    bool playable;        /* *game is a game being played, to continue */
    bool finished;        /* a game that had ended was found, and its end written now */
    GameEnd end;          /* ... what that wrote */
    char notice[4200];    /* what the title says, "" for nothing */
} GameStart;

/* What the title does at start: save_start, then the recording's tail (session_resume). A
 * game that turns out to be over (its recording ends in a death or a victory, with or without
 * its save) is never playable: its end is written (game_end_finish) and the save on offer, a
 * backup of that game, is withdrawn. `scores` holds the table read from f->scores. */
void game_start(Game *game, Session *s, const Rules *rules, const GameFiles *f, Highscores *scores,
                GameStart *out);

/* The recordings in `dir`, newest first (by name: they begin with the date); max should hold
 * them all, or the newest may be missed. */
typedef struct RecordingName {
    char s[GAME_END_NAME_MAX];
} RecordingName;
int game_end_recordings(const char *dir, RecordingName *names, int max);

/* Test hook, NULL in the game: called at the start of the end's steps (GAME_END_BEGIN) and
 * after each, so a test can kill the process between two of them. */
extern void (*game_end_test_step)(GameEndStep step);

#endif
