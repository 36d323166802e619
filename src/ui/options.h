/* The player's options and key bindings, and their file in the user folder. */
#ifndef MK_OPTIONS_H
#define MK_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>

#include "ui/input.h"

/* Every member but keys is one row of the table in options.c (its key in the file, type,
 * bounds and default), which options_default, the reader and the writer all walk: a new option
 * is a member here and a row there. */
typedef struct Options {
    int sound_volume, music_volume; /* 0..100 */
    bool fullscreen, high_contrast;
    bool confirm;   /* ask before a wasteful action in the pack (dropping worn gear...) */
    int zoom;       /* the map's zoom: 0 the whole floor, 1 close, 2 closer */
    int close_zoom; /* the close zoom the zoom key goes back to: 1 or 2 */
    int window_x, window_y, window_w, window_h; /* the window as left; w = h = 0: unknown */
    bool window_maximized;
    Keymap keys;
} Options;

enum {
    OPTIONS_VOLUME_MAX = 100,
    OPTIONS_FILE_MAX = 64 * 1024, /* bytes: a larger file is damaged */
    OPTIONS_WINDOW_MAX = 100000,  /* pixels: a window size or position beyond is damaged */
    OPTIONS_VERSION = 2 /* 2: "S" is Shift+s; '<' walks to the Stairs (Up). 1 is read too. */
};

/* Sound 80, music 60, windowed, normal contrast, asking before waste, the close view,
 * keymap_default. */
void options_default(Options *options);

/* The file (JSON, written by options_save through userfile_write):
 *   {"version":2,"sound_volume":80,"music_volume":60,"fullscreen":false,"high_contrast":false,
 *    "confirm":true,"zoom":0,"close_zoom":1,"window_x":0,"window_y":0,"window_w":0,"window_h":0,
 *    "window_maximized":false,
 *    "keys":{"move_north":["Up","k","Keypad 8"],"move_south":[...],...,"quit":["Escape"]}}
 * Every action is written, an unbound one as []. Keys are named by key_name ("S" is Shift+s).
 * Reading: "version" must be 1 or 2. Version 1 files named letters in either case (read as
 * the letter, no Shift) and had the stairs keys the other way round (swapped back when they
 * were the old defaults). Every other field may be left out and then keeps its default
 * (so a file from before a new option still loads), and unknown fields are ignored; a field
 * that is there is checked: volumes whole numbers in 0..100, booleans true/false, "keys" an
 * object of known action names, each a list of at most KEYMAP_KEYS_PER_ACTION known, bindable
 * key names, no key twice in the file. An action left out of "keys" gets its default keys that
 * no listed action took. Quit must end up with a key. */
char *options_to_json(const Options *options); /* malloc'd; NULL when out of memory */
/* On any problem the options are the defaults and err names the field ("keys.search[1]: ..."),
 * without a file name. */
bool options_parse(Options *options, const char *text, size_t len, char *err, size_t err_size);
bool options_save(const Options *options, const char *path, char *err, size_t err_size);
/* A missing file gives the defaults and no error. Otherwise false, the defaults, and one line
 * in err naming the file and the field. It never moves or deletes the file: see below. */
bool options_load(Options *options, const char *path, char *err, size_t err_size);
/* options_load, and if the file is damaged (not merely unreadable) it is moved aside with
 * userfile_move_aside. Returns false with one line in msg (the problem, and where the file
 * went) for the caller to print on stderr and show; the options are then the defaults. */
bool options_load_or_reset(Options *options, const char *path, char *msg, size_t msg_size);

#endif
