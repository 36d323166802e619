/* The command line of docs/ARCHITECTURE.md, parsed into options; no side effects, so tests
 * can drive it. */
#ifndef MK_ARGS_H
#define MK_ARGS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum CliCommand {
    CLI_PLAY,
    CLI_GEN,
    CLI_FOV,
    CLI_AUTOPLAY,
    CLI_BENCH,
    CLI_REPLAY,
    CLI_SHOT,
    CLI_HELP,
    CLI_VERSION
} CliCommand;

typedef enum GenFormat { GEN_FORMAT_ASCII, GEN_FORMAT_JSON } GenFormat;

typedef enum WindowMode {
    WINDOW_DEFAULT, /* the player's saved choice (windowed until options exist) */
    WINDOW_WINDOWED,
    WINDOW_FULLSCREEN
} WindowMode;

typedef struct CliOptions {
    CliCommand command;
    bool has_seed;
    uint64_t seed;
    /* play */
    WindowMode window;
    bool no_sound;
    /* gen */
    int floor; /* -1 when --all */
    bool all;
    GenFormat format;
    const char *png; /* --png FILE, or NULL */
    bool stats;      /* --stats: metrics over stats_seeds seeds instead of maps */
    int stats_seeds;
    /* fov */
    const char *map_path;
    int from_x, from_y;
    int radius; /* 0: unlimited */
    /* autoplay */
    int games;              /* default 1 */
    int max_turns;          /* default AUTOPLAY_MAX_TURNS */
    const char *record_dir; /* --record DIR: each game's recording as DIR/seed-S.mkrec */
    int jobs; /* --jobs J: threads of autoplay and gen --stats; 0 (default) one per core */
    /* replay */
    const char *replay_path;
    bool verify; /* --verify: headless, check every checksum */
    /* bench */
    bool json;
    bool frames_only; /* --frames: only the screen's figures */
    /* shot */
    int shot_turns;          /* --turns T: the bot plays T turns first (default 0) */
    int shot_w, shot_h;      /* --size WxH: physical pixels */
    bool shot_floor;         /* --view floor: the whole floor; close (default) otherwise */
    const char *layout_path; /* --layout FILE.json, or NULL */
    const char *shot_path;   /* OUT.png */
    bool has_look;           /* --look X,Y: the look cursor on that cell */
    int look_x, look_y;
} CliOptions;

enum {
    CLI_OK = 0,
    CLI_USAGE_ERROR = 2,
    AUTOPLAY_MAX_TURNS = 50000,
    SHOT_MAX_SIDE = 8192 /* --size: at most this many pixels a side */
};

/* Parses argv. Returns CLI_OK, or CLI_USAGE_ERROR with a one-line reason in err. */
int cli_parse(int argc, char **argv, CliOptions *opt, char *err, size_t err_size);
/* Parses a whole decimal number in [min, max] (no sign, no trailing characters). */
bool cli_parse_u64(const char *text, uint64_t min, uint64_t max, uint64_t *out);

extern const char CLI_USAGE[];
extern const char CLI_HELP_TEXT[]; /* --help: the commands and their options */
extern const char CLI_HELP_GAME[]; /* --help, after CLI_HELP_TEXT: keys, rules, ASCII legend */

#endif
