/* What the files of the desktop front end share: the App and its screens. app.c owns the
 * window, the loop and the dispatch through the screens' handlers (screen.h); each screen has
 * its file: play.c the map (screen_pack.c the pack over it, look.c look mode, target.c aiming
 * a throw), screen_title.c, screen_scores.c,
 * screen_end.c (death, victory, the run summary), options_screen.c, screen_keys.c, replay.c,
 * screen_recordings.c. */
#ifndef MK_APP_INTERNAL_H
#define MK_APP_INTERNAL_H

#include <SDL.h>
#include <stdbool.h>

#include "core/userlock.h"
#include "game/game.h"
#include "store/game_end.h"
#include "store/highscores.h"
#include "store/save.h"
#include "store/session.h"
#include "ui/app.h"
#include "ui/atlas.h"
#include "ui/camera.h"
#include "ui/gamepad.h"
#include "ui/hud.h"
#include "ui/input.h"
#include "ui/menu.h"
#include "ui/options.h"
#include "ui/pack.h"
#include "ui/sound.h"
#include "ui/stairs_ask.h"
#include "ui/text.h"
#include "ui/view.h"

enum {
    APP_STEP_MS = 45,            /* travel and exploring: one step this often, so the walk shows */
    APP_REST_TURNS_PER_STEP = 8, /* resting: this many turns each APP_STEP_MS */
    APP_FLOOR_BLANK_MS = 500,
    APP_DEATH_FADE_MS = 1500,
    APP_END_GUARD_MS = 600, /* keys this soon after a death or victory are ignored (held keys) */
    APP_SEED_DIGITS = 20,   /* 18446744073709551615 */
    APP_FX_MAX = 8
};

typedef enum Screen {
    SCREEN_TITLE,
    SCREEN_PLAY,
    SCREEN_OPTIONS,
    SCREEN_KEYS, /* rebinding, from the options */
    SCREEN_HIGHSCORES,
    SCREEN_DEATH, /* the map fading to red, then waiting for a key */
    SCREEN_VICTORY,
    SCREEN_SUMMARY,    /* the run summary, after a death or a victory */
    SCREEN_REPLAY,     /* watching a recording */
    SCREEN_RECORDINGS, /* the finished games' recordings: "Watch a game" */
    SCREEN_COUNT
} Screen;

typedef enum Overlay { OVERLAY_NONE, OVERLAY_PACK, OVERLAY_HELP, OVERLAY_LOG } Overlay;

/* Aiming a throw (target.c): the pack letter thrown, how it is aimed (TargetHow), the cursor,
 * which of the mice in reach it is on (-1: none), and the mouse aimed at last (where the next
 * throw starts). */
typedef struct Targeting {
    bool active;
    int letter;
    int how;
    int x, y;
    int at;
    uint32_t last_id;
} Targeting;

/* A short animation over a map cell: a swing, a hit, a miss. */
typedef struct Fx {
    int x, y;
    SpriteId sprite;
    Uint32 start, duration;
} Fx;

typedef struct App {
    const AppConfig *config;
    SDL_Window *window;
    SDL_Renderer *renderer;
    Atlas atlas;
    Text text;
    Sound sound;
    Gamepad pad;
    Options options;
    Rules rules;
    Highscores scores;
    int new_score_rank;      /* the row to show in green, or -1 */
    int score_selected;      /* the highscores' chosen row (W watches its game) */
    char user_dir[1024];     /* empty: no user folder, nothing is written */
    char options_path[1200]; /* options.json in the config folder; empty: not saved */
    char pad_mappings[1200]; /* gamecontrollerdb.txt in the config folder, read if there */
    char save_path[1200];    /* the game in progress; empty without a user folder */
    bool save_failed;        /* a save could not be written: said once, then quietly retried */
    bool read_only;          /* the user folder cannot be written: files are read, never written */
    bool locked;             /* ... because another copy holds it: the title offers only reading */
    UserLock lock;           /* the user folder's, held for the life of the process */
    long lock_holder;        /* locked: the pid of the copy holding it (0: not known) */
    char assets[1024];
    Game game;
    bool game_ready;         /* game holds a game (playing or just ended) */
    Session session;         /* its recording and snapshot */
    char journal_path[1200]; /* the game in progress's recording; empty without a user folder */
    char last_recording[96]; /* the ended game's recording, kept in recordings/ */
    /* Watching a recording (replay.c). */
    Journal replay;
    Game replay_game;
    bool replay_ready, replay_paused;
    size_t replay_pos;  /* the next command */
    int replay_speed;   /* an index into the speeds */
    Uint32 replay_next; /* when the next turn is due */
    Screen replay_back; /* where Escape goes */
    char replay_name[256];
    char replay_error[1400];
    char recordings[MENU_MAX][MENU_LABEL_MAX]; /* the rows of "Watch a game" */
    int recording_count;
    bool first_game_done; /* the command line's seed is used by the first new game only */
    Screen screen;
    Menu menu;              /* the current screen's menu */
    int rebinding;          /* SCREEN_KEYS: the action waiting for a key, or ACTION_NONE */
    View view;              /* the play view: its zoom, camera and layout */
    float scale;            /* the interface scale: 1, 1.25 ... 6 (layout_scale) */
    int width, height;      /* the logical view size */
    int out_w, out_h;       /* the output, in physical pixels */
    bool bare_fullscreen;   /* fullscreen without a window manager: a borderless window */
    bool looking;           /* look mode: a cursor the keys or pad move over the map */
    int look_x, look_y;     /* ... its cell */
    int look_next;          /* ... the thing in view Tab goes to next */
    Uint32 blank_until;     /* the screen stays black until then after a floor change */
    Uint32 fade_start;      /* SCREEN_DEATH and SCREEN_VICTORY: when the game ended */
    char summary[4096];     /* the ended game's run summary (game_summary_text) */
    char last_morgue[1300]; /* the morgue file of the last game that ended; "" if none */
    char morgue_line[1400]; /* what the summary screen says of it */
    Uint32 play_clock;      /* the last tick counted into game.played_ms; 0: not counting */
    bool seed_prompt;       /* the title's "New game with a seed..." prompt is open */
    char seed_digits[APP_SEED_DIGITS + 1];
    char seed_error[96]; /* why the seed typed was refused */
    bool confirm_new;    /* "Abandon the game...?" asked before a new game */
    bool confirm_seeded; /* ... of the seed below (else a random one) */
    uint64_t confirm_seed;
    SDL_Keycode held_blocked; /* a held key whose move was refused: ignore its repeats */
    Overlay overlay;
    int pack_selected;        /* the pack's highlighted letter (keys, pad and mouse) */
    PackRows pack_rows;       /* where the pack's rows were drawn, for the mouse */
    PackConfirm pack_confirm; /* a wasteful pack action asked about, waiting for its repeat */
    char pack_prompt[160];    /* ... and the question, shown in the pack */
    StairsAsk stairs_ask;     /* going back to a floor already left, asked about */
    bool close_asking;        /* "Close which door?" asked, waiting for a direction */
    Targeting target;         /* a throw being aimed (target.c) */
    bool pack_throwing;       /* the pack opened by the throw key: a letter picks what to throw */
    bool title_help;          /* the help shown over the title (? or F1 there) */
    int help_scroll;          /* the help's first line shown, in play and on the title */
    int log_scroll;           /* message log: how many of the newest are scrolled past */
    bool want_shot;           /* F12: save the next frame */
    char toast[1600];         /* a line from the front end itself (screenshot saved, errors) */
    Uint32 toast_until;
    char notice[3000];  /* a lasting line on the title screen (a file that was damaged) */
    int notice_game_at; /* where the notice's words on the game continued begin, or -1: they go
                         * once that game is over */
    bool has_recovery;  /* a backup or a crash's newer save is on offer on the title */
    SaveRecovery recovery;
    char recovery_line[400];  /* what the title says of it */
    int title_rows[8];        /* the action of each row of the title menu */
    int mouse_x, mouse_y;     /* the pointer, in logical pixels; -1 when outside the window */
    int pointer_x, pointer_y; /* ... and in physical pixels */
    PathCell path[MAP_WIDTH * MAP_HEIGHT]; /* the travel path to the cell under the pointer */
    int path_len;
    int path_x, path_y;                 /* ... found for this cell, */
    uint32_t path_turn, path_knowledge; /* at this turn and knowledge (else find it again) */
    Uint32 next_step;                   /* when travel or exploring takes its next step */
    Fx fx[APP_FX_MAX];
    bool dirty; /* something changed since the last frame was drawn */
    bool quit;
} App;

/* app.c */
void app_set_screen(App *app, Screen screen);
void app_toast(App *app, const char *fmt, ...);
void app_apply_options(App *app); /* volumes, fullscreen, palette */
bool app_new_game(App *app);
bool app_start_game(App *app, uint64_t seed); /* a new game of this seed */
bool app_game_in_progress(const App *app);
void app_toggle_fullscreen(App *app);

/* window.c */
bool app_open_window(App *app); /* windowed; false: one line on stderr says why */
void app_relayout(App *app);    /* the output's size changed: scale and logical size */
void app_note_window(App *app); /* keeps the window's place and size in the options */
void app_set_fullscreen(App *app, bool full);
void app_pointer_to_logical(App *app, int wx, int wy); /* window points to mouse_x/y, pointer_x/y */
/* The keyboard took over: the pointer describes nothing, and draws no path, until it moves
 * (or clicks) again, as in Brogue. */
void app_pointer_rest(App *app);

/* user_files.c */
/* Finds the user folder and reads options.json and highscores.json (a damaged one is set
 * aside and named on the title); a folder that cannot be written is read, never written. */
void app_load_user_files(App *app);
/* save.json's game for Continue, or why not, and a save on offer (save_start). */
void app_load_saved_game(App *app);
void app_save_options(App *app);
/* Writes the game in progress (on a floor change, going to the title, quitting). */
void app_save_game(App *app);
/* The user folder's files a game lives in, for game_start and game_end_finish. */
void app_game_files(const App *app, GameFiles *f);
/* Continues the game of the save on offer (app->recovery), which becomes save.json. */
bool app_recover(App *app);
/* The save on offer was not chosen: it is put aside under a name of its own. */
void app_forgo_recovery(App *app);
/* F12: the frame as it is on screen, to a PNG in the user folder. */
void app_save_screenshot(App *app);

/* user_lock.c */
/* Takes the data folder's lock; false (app->locked, read_only, the title's notice, one line on
 * stderr) when another copy holds it. True when it is ours, or cannot be had at all (said). */
bool app_lock_user_dir(App *app);

/* play.c: the play screen (play_screen, screen.h) */
/* Applies a command to the game, records it and shows what it did (play_react). */
void play_send_command(App *app, const Command *cmd, SDL_Keycode key);
void play_draw_still(App *app); /* the play view with nothing marked: under the death fade */
/* Adds the real time since the last call to game.played_ms while the play screen shows and
 * the window is not minimised. */
void play_count_time(App *app);
void play_toggle_zoom(App *app); /* the whole floor or the close view last used */
/* look.c: look mode, a cursor over the map */
void look_start(App *app);
void look_stop(App *app);
void look_move(App *app, int dx, int dy);
void look_on_key(App *app, SDL_Keycode k, Action action);
void look_on_pad(App *app, GamepadButton b);
/* play_react.c: what the last command did, shown and sounded (app->game.events); a swing or
 * hit still on screen; drawing them over the map. */
void play_react(App *app);
bool play_fx_running(const App *app, Uint32 now);
void play_draw_fx(App *app);
/* screen_pack.c: the pack over the play screen */
void play_pack_open(App *app); /* the highlight on an item, no question pending */
void play_pack_on_key(App *app, const SDL_KeyboardEvent *ev, Action action);
void play_pack_on_pad(App *app, GamepadButton b);
void play_pack_on_click(App *app, const SDL_MouseButtonEvent *ev);

/* screen_end.c: the game ended (died or won): its end written (game_end_finish: the morgue,
 * the recording, the highscore, then the save removed), and the death or victory screen. */
void screens_game_over(App *app);

/* replay.c */
bool replay_open(App *app, const char *path, Screen back); /* false: a toast says why */
void replay_close(App *app);
/* user_files.c: the names of the recordings in the user folder's recordings/, newest first
 * (game_end_recordings). */
int app_recordings(const App *app, RecordingName *names, int max);

#endif
