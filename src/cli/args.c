#include "cli/args.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/errline.h"
#include "core/floor.h"
#include "ui/layout_min.h"

/* clang-format off */
const char CLI_USAGE[] =
    "usage: mouseking [--seed N] [--fullscreen|--windowed] [--no-sound]\n"
    "       mouseking gen --seed N (--floor F | --all) [--format ascii|json] [--png FILE]\n"
    "       mouseking gen --stats --seeds N [--jobs J]\n"
    "       mouseking fov --map FILE --from X,Y [--radius R]\n"
    "       mouseking autoplay --seed N [--games G] [--max-turns T] [--record DIR] [--jobs J]\n"
    "       mouseking replay [--verify] FILE [--fullscreen|--windowed] [--no-sound]\n"
    "       mouseking bench [--json] [--frames]\n"
    "       mouseking shot --seed N [--turns T] --size WxH [--view close|floor]\n"
    "                      [--look X,Y] [--layout FILE.json] OUT.png\n"
    "       mouseking --version | --help\n";
/* clang-format on */

const char CLI_HELP_TEXT[] =
    "Mouse King: climb the 13 floors of the lab tower and defeat the Mouse King.\n"
    "\n"
    "Play:\n"
    "  mouseking [--seed N] [--fullscreen|--windowed] [--no-sound]\n"
    "    --seed N        play the game of seed N (0..18446744073709551615); random otherwise\n"
    "    --fullscreen    start in fullscreen (F11 toggles in game)\n"
    "    --windowed      start in a window\n"
    "    --no-sound      do not open an audio device\n"
    "\n"
    "Headless tools (no window, no audio):\n"
    "  mouseking gen --seed N (--floor F | --all) [--format ascii|json] [--png FILE]\n"
    "    print floor F (0..13), or every floor, of seed N as an ASCII map or JSON;\n"
    "    --png also draws floor F with the game's sprites into FILE\n"
    "  mouseking gen --stats --seeds N [--jobs J]\n"
    "    generator metrics over seeds 1..N, floors 1..13; --jobs generates on J threads\n"
    "    (default: one per core) and prints exactly what one job prints\n"
    "  mouseking fov --map FILE --from X,Y [--radius R]\n"
    "    print the cells visible from X,Y on an ASCII map (# + L H block sight) as 1/0 rows;\n"
    "    R limits sight to dx*dx+dy*dy <= R*R (0, the default: unlimited); a map has at\n"
    "    most 1000x1000 cells, its file at most 1 MiB\n"
    "  mouseking autoplay --seed N [--games G] [--max-turns T] [--record DIR] [--jobs J]\n"
    "    the bot plays G games (default 1), game g with seed N+g (mod 2^64), each to death,\n"
    "    victory or T turns (default 50000); one JSON line per game, totals on stderr;\n"
    "    --record writes each game's recording to DIR/seed-S.mkrec; --jobs plays J games at\n"
    "    once (default: one per core) and prints exactly what one job prints, in seed order\n"
    "  mouseking replay [--verify] FILE [--fullscreen|--windowed] [--no-sound]\n"
    "    play a recording (autoplay --record, or a game's) back in the window: Space pause,\n"
    "    Right one turn, Up/Down speed, N next floor, Escape quit; --verify replays it\n"
    "    headless and checks every checksum in it (status 0 when all match)\n"
    "  mouseking bench [--json] [--frames]\n"
    "    time generation, field of view, A* and Dijkstra, turns with 8, 32 and 128 mice\n"
    "    awake, saves, replays and frames on the thread's CPU clock (writing a save and\n"
    "    the window's frames on the wall clock); a `cpu MODEL` line, then one\n"
    "    `name value unit (min A, max B of N rounds)` line per figure: the median of its\n"
    "    rounds and their extremes, the load average first (load_start) and last\n"
    "    (load_end); or one JSON object (cpu, name, name_min, name_max). mouseking-bench,\n"
    "    built when libtcod is found, adds libtcod's timings and the ratios, each the\n"
    "    median of the rounds' own: field of view against libtcod's symmetric FOV and its\n"
    "    fastest, on floors and open caves; Dijkstra on the uniform grid and with the\n"
    "    game's costs (dijkstra_game_us). Frames at 1280x720, 1920x1080 and 2560x1440,\n"
    "    close and whole floor: frame_SIZE_VIEW_us redrawn with nothing changed (the map\n"
    "    copied from its layer), frame_SIZE_VIEW_turn_us the first frame after a turn;\n"
    "    with a display, window_frame_us is the 1280x720 frame drawn in a real window;\n"
    "    --frames times the frames alone\n"
    "  mouseking shot --seed N [--turns T] --size WxH [--view close|floor]\n"
    "                 [--look X,Y] [--layout FILE.json] OUT.png\n"
    "    the bot plays the game of seed N for T turns (default 0), then the play screen\n"
    "    of that moment is drawn off-screen at W x H pixels (600x340 to 8192x8192) as the\n"
    "    window draws it, close view (default) or the whole floor, into OUT.png; --look\n"
    "    puts the look cursor on cell X,Y (its description shown); --layout writes where\n"
    "    the map, sidebar, minimap, messages, description box and looked-at cell are, the\n"
    "    tile size and the text cell size (physical pixels) as JSON\n"
    "\n"
    "  mouseking --version | --help\n"
    "\n";

/* Apart from CLI_HELP_TEXT: one string literal may hold at most 4095 characters in C99. */
const char CLI_HELP_GAME[] =
    "Keys: arrows, numpad or hjkl yubn move (into a mouse: attack; into a door: open it);\n"
    "  . wait, s search, x explore, > < walk to the stairs, Tab pack, F11 fullscreen,\n"
    "  Escape back to the title (Continue resumes; Quit is there).\n"
    "\n"
    "Rules (numbers in data/rules.json):\n"
    "  chance to hit = attacker's hit - target's dodge, kept within 5..95%\n"
    "  damage = roll in the attack range + weapon - defence - armour, at least 1\n"
    "  XP from each mouse and from each new item; levels raise max HP, attack, defence\n"
    "  s finds a hidden door beside you 20% of the time; the 5th search in a row finds\n"
    "  every hidden door in view within 7 cells; a Key opens one locked door\n"
    "\n"
    "ASCII legend: # wall  . floor  + door  ' open door  L locked door  H hidden door\n"
    "              < stairs up  > stairs down  @ arrival point  m monster  K Mouse King\n"
    "              k key  ! health pack, vial  ) weapon  [ armour  * chip  ? plan  ( tool\n";

/* Every reason goes through errline: most of them quote an argument, and an argument can hold
 * an escape sequence or bytes that are not UTF-8, which must not reach the terminal. */
__attribute__((format(printf, 3, 4))) static int fail(char *err, size_t err_size, const char *fmt,
                                                      ...)
{
    va_list args;
    va_start(args, fmt);
    errline_vformat(err, err_size, fmt, args);
    va_end(args);
    return CLI_USAGE_ERROR;
}

bool cli_parse_u64(const char *text, uint64_t min, uint64_t max, uint64_t *out)
{
    if (!text || !isdigit((unsigned char)text[0]))
        return false;
    errno = 0;
    char *end;
    unsigned long long v = strtoull(text, &end, 10);
    if (errno == ERANGE || *end != '\0' || v < min || v > max)
        return false;
    *out = (uint64_t)v;
    return true;
}

/* The options met so far in one command line, so that each is taken once: a second
 * `--seed` would otherwise quietly override the first. */
typedef struct Seen {
    const char *names[24];
    int count;
} Seen;

/* False (with err) when option `a` came before; only options (a leading '-') are noted. */
static bool once(Seen *seen, const char *a, char *err, size_t err_size)
{
    if (a[0] != '-')
        return true;
    for (int k = 0; k < seen->count; k++)
        if (strcmp(seen->names[k], a) == 0) {
            fail(err, err_size, "%s is given twice", a);
            return false;
        }
    if (seen->count < (int)(sizeof seen->names / sizeof seen->names[0]))
        seen->names[seen->count++] = a;
    return true;
}

/* The value after an option, or NULL when it is missing. */
static const char *option_value(int argc, char **argv, int *i)
{
    if (*i + 1 >= argc)
        return NULL;
    return argv[++*i];
}

static int parse_seed(int argc, char **argv, int *i, CliOptions *opt, char *err, size_t err_size)
{
    const char *v = option_value(argc, argv, i);
    if (!cli_parse_u64(v, 0, UINT64_MAX, &opt->seed))
        return fail(err, err_size,
                    "--seed needs a whole number from 0 to 18446744073709551615, got '%s'",
                    v ? v : "");
    opt->has_seed = true;
    return CLI_OK;
}

static int parse_play(int argc, char **argv, int i, CliOptions *opt, char *err, size_t err_size)
{
    Seen seen = {.count = 0};
    for (; i < argc; i++) {
        const char *a = argv[i];
        if (!once(&seen, a, err, err_size))
            return CLI_USAGE_ERROR;
        if (strcmp(a, "--seed") == 0) {
            if (parse_seed(argc, argv, &i, opt, err, err_size))
                return CLI_USAGE_ERROR;
        } else if (strcmp(a, "--fullscreen") == 0 || strcmp(a, "--windowed") == 0) {
            WindowMode mode = a[2] == 'f' ? WINDOW_FULLSCREEN : WINDOW_WINDOWED;
            if (opt->window != WINDOW_DEFAULT && opt->window != mode)
                return fail(err, err_size, "--fullscreen and --windowed exclude each other");
            opt->window = mode;
        } else if (strcmp(a, "--no-sound") == 0) {
            opt->no_sound = true;
        } else if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            opt->command = CLI_HELP;
        } else if (strcmp(a, "--version") == 0) {
            opt->command = CLI_VERSION;
        } else {
            return fail(err, err_size, "unknown option '%s'", a);
        }
    }
    return CLI_OK;
}

/* --jobs J: threads for autoplay and gen --stats. */
static int parse_jobs(int argc, char **argv, int *i, CliOptions *opt, char *err, size_t err_size)
{
    uint64_t v;
    const char *t = option_value(argc, argv, i);
    if (!cli_parse_u64(t, 1, 256, &v))
        return fail(err, err_size, "--jobs needs a whole number from 1 to 256, got '%s'",
                    t ? t : "");
    opt->jobs = (int)v;
    return CLI_OK;
}

/* What gen's options must be together, once all are read. */
static int gen_check(CliOptions *opt, bool has_floor, char *err, size_t err_size)
{
    if (opt->stats) {
        if (!opt->stats_seeds)
            return fail(err, err_size, "gen --stats needs --seeds N");
        if (has_floor || opt->all || opt->png || opt->has_seed)
            return fail(err, err_size, "gen --stats takes only --seeds N and --jobs J");
        return CLI_OK;
    }
    if (opt->stats_seeds)
        return fail(err, err_size, "--seeds goes with --stats");
    if (opt->jobs)
        return fail(err, err_size, "--jobs goes with --stats");
    if (!opt->has_seed)
        return fail(err, err_size, "gen needs --seed N");
    if (has_floor == opt->all)
        return fail(err, err_size, "gen needs exactly one of --floor F and --all");
    if (opt->all)
        opt->floor = -1;
    if (opt->png && opt->all)
        return fail(err, err_size, "--png draws one floor: use --floor F");
    return CLI_OK;
}

static int parse_gen(int argc, char **argv, int i, CliOptions *opt, char *err, size_t err_size)
{
    bool has_floor = false;
    Seen seen = {.count = 0};
    for (; i < argc; i++) {
        const char *a = argv[i];
        if (!once(&seen, a, err, err_size))
            return CLI_USAGE_ERROR;
        if (strcmp(a, "--seed") == 0) {
            if (parse_seed(argc, argv, &i, opt, err, err_size))
                return CLI_USAGE_ERROR;
        } else if (strcmp(a, "--floor") == 0) {
            const char *v = option_value(argc, argv, &i);
            uint64_t f;
            if (!cli_parse_u64(v, 0, MAX_FLOORS, &f))
                return fail(err, err_size, "--floor needs a floor number from 0 to %d, got '%s'",
                            MAX_FLOORS, v ? v : "");
            opt->floor = (int)f;
            has_floor = true;
        } else if (strcmp(a, "--all") == 0) {
            opt->all = true;
        } else if (strcmp(a, "--png") == 0) {
            opt->png = option_value(argc, argv, &i);
            if (!opt->png || !*opt->png)
                return fail(err, err_size, "--png needs a file name");
        } else if (strcmp(a, "--stats") == 0) {
            opt->stats = true;
        } else if (strcmp(a, "--jobs") == 0) {
            if (parse_jobs(argc, argv, &i, opt, err, err_size) != CLI_OK)
                return CLI_USAGE_ERROR;
        } else if (strcmp(a, "--seeds") == 0) {
            const char *v = option_value(argc, argv, &i);
            uint64_t n;
            if (!cli_parse_u64(v, 1, 10000000, &n))
                return fail(err, err_size, "--seeds needs a count from 1 to 10000000, got '%s'",
                            v ? v : "");
            opt->stats_seeds = (int)n;
        } else if (strcmp(a, "--format") == 0) {
            const char *v = option_value(argc, argv, &i);
            if (v && strcmp(v, "ascii") == 0)
                opt->format = GEN_FORMAT_ASCII;
            else if (v && strcmp(v, "json") == 0)
                opt->format = GEN_FORMAT_JSON;
            else
                return fail(err, err_size, "--format must be ascii or json, got '%s'", v ? v : "");
        } else {
            return fail(err, err_size, "gen: unknown option '%s'", a);
        }
    }
    return gen_check(opt, has_floor, err, err_size);
}

enum { PAIR_PART = 16 };

/* "A<sep>B" into a and b (each shorter than PAIR_PART); false when v has no sep or a part is
 * too long. --from X,Y, --look X,Y, --size WxH. */
static bool split_pair(const char *v, char sep, char a[PAIR_PART], char b[PAIR_PART])
{
    const char *mid = v ? strchr(v, sep) : NULL;
    if (!mid || mid - v >= PAIR_PART || strlen(mid + 1) >= PAIR_PART)
        return false;
    memcpy(a, v, (size_t)(mid - v));
    a[mid - v] = '\0';
    strcpy(b, mid + 1);
    return true;
}

static int parse_fov(int argc, char **argv, int i, CliOptions *opt, char *err, size_t err_size)
{
    bool has_from = false;
    Seen seen = {.count = 0};
    for (; i < argc; i++) {
        const char *a = argv[i];
        if (!once(&seen, a, err, err_size))
            return CLI_USAGE_ERROR;
        if (strcmp(a, "--map") == 0) {
            opt->map_path = option_value(argc, argv, &i);
            if (!opt->map_path || !*opt->map_path)
                return fail(err, err_size, "--map needs a file name");
        } else if (strcmp(a, "--from") == 0) {
            const char *v = option_value(argc, argv, &i);
            char x[PAIR_PART], y[PAIR_PART];
            uint64_t fx, fy;
            if (!split_pair(v, ',', x, y))
                return fail(err, err_size, "--from needs X,Y, got '%s'", v ? v : "");
            if (!cli_parse_u64(x, 0, 4095, &fx) || !cli_parse_u64(y, 0, 4095, &fy))
                return fail(err, err_size, "--from needs X,Y from 0 to 4095, got '%s'", v);
            opt->from_x = (int)fx;
            opt->from_y = (int)fy;
            has_from = true;
        } else if (strcmp(a, "--radius") == 0) {
            const char *v = option_value(argc, argv, &i);
            uint64_t r;
            if (!cli_parse_u64(v, 0, 4096, &r))
                return fail(err, err_size, "--radius needs a whole number from 0 to 4096, got '%s'",
                            v ? v : "");
            opt->radius = (int)r;
        } else {
            return fail(err, err_size, "fov: unknown option '%s'", a);
        }
    }
    if (!opt->map_path || !has_from)
        return fail(err, err_size, "fov needs --map FILE and --from X,Y");
    return CLI_OK;
}

static int parse_autoplay(int argc, char **argv, int i, CliOptions *opt, char *err, size_t err_size)
{
    opt->games = 1;
    opt->max_turns = AUTOPLAY_MAX_TURNS;
    Seen seen = {.count = 0};
    for (; i < argc; i++) {
        const char *a = argv[i];
        if (!once(&seen, a, err, err_size))
            return CLI_USAGE_ERROR;
        uint64_t v;
        if (strcmp(a, "--seed") == 0) {
            if (parse_seed(argc, argv, &i, opt, err, err_size) != CLI_OK)
                return CLI_USAGE_ERROR;
        } else if (strcmp(a, "--games") == 0) {
            const char *t = option_value(argc, argv, &i);
            if (!cli_parse_u64(t, 1, 1000000, &v))
                return fail(err, err_size,
                            "--games needs a whole number from 1 to 1000000, got '%s'", t ? t : "");
            opt->games = (int)v;
        } else if (strcmp(a, "--max-turns") == 0) {
            const char *t = option_value(argc, argv, &i);
            if (!cli_parse_u64(t, 1, 100000000, &v))
                return fail(err, err_size,
                            "--max-turns needs a whole number from 1 to 100000000, got '%s'",
                            t ? t : "");
            opt->max_turns = (int)v;
        } else if (strcmp(a, "--jobs") == 0) {
            if (parse_jobs(argc, argv, &i, opt, err, err_size) != CLI_OK)
                return CLI_USAGE_ERROR;
        } else if (strcmp(a, "--record") == 0) {
            opt->record_dir = option_value(argc, argv, &i);
            if (!opt->record_dir || !*opt->record_dir)
                return fail(err, err_size, "--record needs a folder");
        } else {
            return fail(err, err_size, "autoplay: unknown option '%s'", a);
        }
    }
    if (!opt->has_seed)
        return fail(err, err_size, "autoplay needs --seed N");
    return CLI_OK;
}

static int parse_replay(int argc, char **argv, int i, CliOptions *opt, char *err, size_t err_size)
{
    Seen seen = {.count = 0};
    for (; i < argc; i++) {
        const char *a = argv[i];
        if (!once(&seen, a, err, err_size))
            return CLI_USAGE_ERROR;
        if (strcmp(a, "--verify") == 0)
            opt->verify = true;
        else if (strcmp(a, "--no-sound") == 0) /* watching in the window, as playing */
            opt->no_sound = true;
        else if (strcmp(a, "--fullscreen") == 0 || strcmp(a, "--windowed") == 0)
            opt->window = a[2] == 'f' ? WINDOW_FULLSCREEN : WINDOW_WINDOWED;
        else if (a[0] == '-' && a[1] != '\0')
            return fail(err, err_size, "replay: unknown option '%s'", a);
        else if (opt->replay_path)
            return fail(err, err_size, "replay takes one recording, got '%s' too", a);
        else if (!*a)
            return fail(err, err_size, "replay needs a recording file, got ''");
        else
            opt->replay_path = a;
    }
    if (!opt->replay_path)
        return fail(err, err_size, "replay needs a recording file");
    return CLI_OK;
}

static int parse_bench(int argc, char **argv, int i, CliOptions *opt, char *err, size_t err_size)
{
    Seen seen = {.count = 0};
    for (; i < argc; i++) {
        if (!once(&seen, argv[i], err, err_size))
            return CLI_USAGE_ERROR;
        if (strcmp(argv[i], "--json") == 0)
            opt->json = true;
        else if (strcmp(argv[i], "--frames") == 0)
            opt->frames_only = true;
        else
            return fail(err, err_size, "bench: unknown option '%s'", argv[i]);
    }
    return CLI_OK;
}

/* --size WxH: whole numbers, at least the smallest window the layout serves. */
static int parse_size(const char *v, CliOptions *opt, char *err, size_t err_size)
{
    char w[PAIR_PART], h[PAIR_PART];
    uint64_t pw, ph;
    if (!split_pair(v, 'x', w, h))
        return fail(err, err_size, "--size needs WxH, got '%s'", v ? v : "");
    if (!cli_parse_u64(w, LAYOUT_MIN_W, SHOT_MAX_SIDE, &pw) ||
        !cli_parse_u64(h, LAYOUT_MIN_H, SHOT_MAX_SIDE, &ph))
        return fail(err, err_size, "--size needs WxH from %dx%d to %dx%d, got '%s'", LAYOUT_MIN_W,
                    LAYOUT_MIN_H, SHOT_MAX_SIDE, SHOT_MAX_SIDE, v);
    opt->shot_w = (int)pw;
    opt->shot_h = (int)ph;
    return CLI_OK;
}

/* --look X,Y: a cell of the map. */
static int parse_look(const char *v, CliOptions *opt, char *err, size_t err_size)
{
    char x[PAIR_PART], y[PAIR_PART];
    uint64_t lx, ly;
    if (!split_pair(v, ',', x, y))
        return fail(err, err_size, "--look needs X,Y, got '%s'", v ? v : "");
    if (!cli_parse_u64(x, 0, MAP_WIDTH - 1, &lx) || !cli_parse_u64(y, 0, MAP_HEIGHT - 1, &ly))
        return fail(err, err_size, "--look needs a cell X,Y from 0,0 to %d,%d, got '%s'",
                    MAP_WIDTH - 1, MAP_HEIGHT - 1, v);
    opt->has_look = true;
    opt->look_x = (int)lx;
    opt->look_y = (int)ly;
    return CLI_OK;
}

static int parse_shot_option(int argc, char **argv, int *i, CliOptions *opt, char *err,
                             size_t err_size)
{
    const char *a = argv[*i];
    uint64_t v;
    if (strcmp(a, "--seed") == 0)
        return parse_seed(argc, argv, i, opt, err, err_size);
    if (strcmp(a, "--size") == 0)
        return parse_size(option_value(argc, argv, i), opt, err, err_size);
    const char *t = option_value(argc, argv, i);
    if (strcmp(a, "--turns") == 0) {
        if (!cli_parse_u64(t, 0, AUTOPLAY_MAX_TURNS, &v))
            return fail(err, err_size, "--turns needs a whole number from 0 to %d, got '%s'",
                        AUTOPLAY_MAX_TURNS, t ? t : "");
        opt->shot_turns = (int)v;
    } else if (strcmp(a, "--view") == 0) {
        if (!t || (strcmp(t, "close") != 0 && strcmp(t, "floor") != 0))
            return fail(err, err_size, "--view must be close or floor, got '%s'", t ? t : "");
        opt->shot_floor = strcmp(t, "floor") == 0;
    } else if (strcmp(a, "--look") == 0) {
        return parse_look(t, opt, err, err_size);
    } else if (strcmp(a, "--layout") == 0) {
        if (!t || !*t)
            return fail(err, err_size, "--layout needs a file name");
        opt->layout_path = t;
    } else {
        return fail(err, err_size, "shot: unknown option '%s'", a);
    }
    return CLI_OK;
}

static int parse_shot(int argc, char **argv, int i, CliOptions *opt, char *err, size_t err_size)
{
    Seen seen = {.count = 0};
    for (; i < argc; i++) {
        const char *a = argv[i];
        if (!once(&seen, a, err, err_size))
            return CLI_USAGE_ERROR;
        if (a[0] == '-' && a[1] != '\0') {
            if (parse_shot_option(argc, argv, &i, opt, err, err_size) != CLI_OK)
                return CLI_USAGE_ERROR;
        } else if (opt->shot_path) {
            return fail(err, err_size, "shot writes one picture, got '%s' too", a);
        } else if (!*a) {
            return fail(err, err_size, "shot needs a file name for the picture, got ''");
        } else {
            opt->shot_path = a;
        }
    }
    if (!opt->has_seed)
        return fail(err, err_size, "shot needs --seed N");
    if (!opt->shot_w)
        return fail(err, err_size, "shot needs --size WxH");
    if (!opt->shot_path)
        return fail(err, err_size, "shot needs the picture's file name (OUT.png)");
    return CLI_OK;
}

int cli_parse(int argc, char **argv, CliOptions *opt, char *err, size_t err_size)
{
    memset(opt, 0, sizeof *opt);
    if (err_size)
        err[0] = '\0';
    if (argc > 1 && strcmp(argv[1], "gen") == 0) {
        opt->command = CLI_GEN;
        return parse_gen(argc, argv, 2, opt, err, err_size);
    }
    if (argc > 1 && strcmp(argv[1], "fov") == 0) {
        opt->command = CLI_FOV;
        return parse_fov(argc, argv, 2, opt, err, err_size);
    }
    if (argc > 1 && strcmp(argv[1], "autoplay") == 0) {
        opt->command = CLI_AUTOPLAY;
        return parse_autoplay(argc, argv, 2, opt, err, err_size);
    }
    if (argc > 1 && strcmp(argv[1], "replay") == 0) {
        opt->command = CLI_REPLAY;
        return parse_replay(argc, argv, 2, opt, err, err_size);
    }
    if (argc > 1 && strcmp(argv[1], "bench") == 0) {
        opt->command = CLI_BENCH;
        return parse_bench(argc, argv, 2, opt, err, err_size);
    }
    if (argc > 1 && strcmp(argv[1], "shot") == 0) {
        opt->command = CLI_SHOT;
        return parse_shot(argc, argv, 2, opt, err, err_size);
    }
    if (argc > 1 && argv[1][0] != '-')
        return fail(err, err_size, "unknown command '%s'", argv[1]);
    opt->command = CLI_PLAY;
    return parse_play(argc, argv, 1, opt, err, err_size);
}
