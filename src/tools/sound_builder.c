/* sound_builder: synthesizes the game's sound effects and music loops from the text files of
 * sound/ (see sound/README.md for the same description with examples).
 *
 *   sound_builder OUT_DIR PARAM_FILE...      writes OUT_DIR/<name>.wav for each <name>.txt
 *
 * Output: 16-bit PCM mono WAV at 22050 Hz, scaled so the loudest sample sits at `peak` dBFS.
 *
 * A file is a list of `key values...` lines; `#` at the start of a line or after a space starts
 * a comment (so the sharp of `C#4` is not one). The first line says what the file is:
 *   type effect | music | jingle
 *       effect: voices of one tone each, with a pitch slide, arpeggio and envelope (sfxr-like)
 *       music:  voices playing a line of notes, rendered as a seamless loop: a note still
 *               sounding at the end wraps around onto the start, so the seam has no click
 *       jingle: the same notes, played once (level up, victory, death)
 * Then file settings, then one or more voices:
 *   peak DB               loudest sample in dBFS, -40..-3 (default -6; music -12)
 *   tempo BPM             music and jingle, required, 40..240
 *   steps_per_beat N      music and jingle, 1..8 (default 4): a note token lasts 1/N beat
 *   voice NAME            starts a voice; the keys below belong to it (at most 8 voices)
 *     wave W              required: square, saw, sine, triangle or noise
 *     freq HZ             effect, required: start pitch, 20..10000 (noise: its brightness)
 *     freq_end HZ         effect: pitch at the end, sliding evenly in pitch (default freq)
 *     arp SEMITONES MS    effect: from MS after the voice starts, its pitch moves by
 *                         SEMITONES, -36..36 (repeatable, in order of time)
 *     delay MS            effect: the voice starts MS after the sound, 0..5000
 *     hold MS             effect: time at the sustain level before the release, 0..10000
 *     notes TOKENS...     music and jingle, required, repeatable (the lines join up):
 *                         C4 D#4 Eb4 ... (A..G, # or b, octave 0..8) starts a note, `.` holds
 *                         the note before, `-` is silence, `|` is a bar line and is skipped.
 *                         In music, `.` at the start of the line holds the line's last note
 *                         across the seam. All voices have the same number of steps, a whole
 *                         number of beats.
 *     duty F              square: the fraction of the cycle that is high, 0.05..0.95 (0.5)
 *     attack MS           rise from silence to full, 1..5000 (default 2; notes 10)
 *     decay MS            fall from full to the sustain level, 0..5000 (default 0)
 *     sustain LEVEL       0..1 (default 1)
 *     release MS          fall to silence at the end of the hold or note, 5..10000
 *                         (default 100; notes 60)
 *     vibrato SEMITONES HZ  pitch wobble: depth 0..12, rate 0.1..40
 *     detune CENTS        two oscillators this far apart, for a chorus, 0..100 (default 0)
 *     lowpass HZ          a two-pole low-pass filter, 50..10000 (default none)
 *     volume LEVEL        the voice's level in the mix, 0..1 (default 1)
 *
 * Every tone's envelope starts and ends at zero and its DC is removed, so no sound clicks.
 * Noise comes from a tiny seeded generator: the same file always gives the same bytes.
 * Any bad line prints one line on stderr, `file:line: what is wrong`, and exits 1; every file
 * is checked before any is written. */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PI 3.14159265358979323846

enum {
    RATE = 22050,
    MAX_VOICES = 8,
    MAX_ARPS = 8,
    MAX_STEPS = 512,
    NAME_LEN = 32,
    LINE_LEN = 1024,
    MAX_SECONDS_EFFECT = 10,
    MAX_SECONDS_MUSIC = 30,
};

/* A note step that is not a note: a rest or the hold of the note before. */
enum { STEP_REST = -1, STEP_HOLD = -2 };

typedef enum Kind { KIND_EFFECT = 1, KIND_MUSIC = 2, KIND_JINGLE = 4 } Kind;
enum { KINDS_ALL = 7, KINDS_NOTES = KIND_MUSIC | KIND_JINGLE };

typedef enum Wave { WAVE_SQUARE, WAVE_SAW, WAVE_SINE, WAVE_TRIANGLE, WAVE_NOISE } Wave;
static const char *const WAVE_NAMES[] = {"square", "saw", "sine", "triangle", "noise"};

typedef enum Key {
    KEY_TYPE,
    KEY_PEAK,
    KEY_TEMPO,
    KEY_STEPS_PER_BEAT,
    KEY_VOICE,
    KEY_WAVE,
    KEY_FREQ,
    KEY_FREQ_END,
    KEY_ARP,
    KEY_DELAY,
    KEY_HOLD,
    KEY_NOTES,
    KEY_DUTY,
    KEY_ATTACK,
    KEY_DECAY,
    KEY_SUSTAIN,
    KEY_RELEASE,
    KEY_VIBRATO,
    KEY_DETUNE,
    KEY_LOWPASS,
    KEY_VOLUME,
    KEY_COUNT
} Key;

typedef struct KeyInfo {
    const char *name;
    bool in_voice;   /* belongs to a voice, not to the file */
    unsigned kinds;  /* the kinds of file that may use it */
    bool repeatable; /* may appear more than once in its scope */
} KeyInfo;

static const KeyInfo KEYS[KEY_COUNT] = {
    [KEY_TYPE] = {"type", false, KINDS_ALL, false},
    [KEY_PEAK] = {"peak", false, KINDS_ALL, false},
    [KEY_TEMPO] = {"tempo", false, KINDS_NOTES, false},
    [KEY_STEPS_PER_BEAT] = {"steps_per_beat", false, KINDS_NOTES, false},
    [KEY_VOICE] = {"voice", false, KINDS_ALL, true},
    [KEY_WAVE] = {"wave", true, KINDS_ALL, false},
    [KEY_FREQ] = {"freq", true, KIND_EFFECT, false},
    [KEY_FREQ_END] = {"freq_end", true, KIND_EFFECT, false},
    [KEY_ARP] = {"arp", true, KIND_EFFECT, true},
    [KEY_DELAY] = {"delay", true, KIND_EFFECT, false},
    [KEY_HOLD] = {"hold", true, KIND_EFFECT, false},
    [KEY_NOTES] = {"notes", true, KINDS_NOTES, true},
    [KEY_DUTY] = {"duty", true, KINDS_ALL, false},
    [KEY_ATTACK] = {"attack", true, KINDS_ALL, false},
    [KEY_DECAY] = {"decay", true, KINDS_ALL, false},
    [KEY_SUSTAIN] = {"sustain", true, KINDS_ALL, false},
    [KEY_RELEASE] = {"release", true, KINDS_ALL, false},
    [KEY_VIBRATO] = {"vibrato", true, KINDS_ALL, false},
    [KEY_DETUNE] = {"detune", true, KINDS_ALL, false},
    [KEY_LOWPASS] = {"lowpass", true, KINDS_ALL, false},
    [KEY_VOLUME] = {"volume", true, KINDS_ALL, false},
};

typedef struct Arp {
    double semitones, at_ms;
} Arp;

typedef struct Voice {
    char name[NAME_LEN];
    int line;      /* where the voice starts, for messages about what it lacks */
    unsigned seen; /* bit per Key given */
    Wave wave;
    double freq, freq_end, delay, hold;
    Arp arps[MAX_ARPS];
    int arp_count;
    int steps[MAX_STEPS]; /* MIDI note, STEP_REST or STEP_HOLD */
    int step_count, notes_line;
    double duty, attack, decay, sustain, release, vibrato_depth, vibrato_rate, detune, lowpass;
    double volume;
} Voice;

typedef struct Patch {
    const char *path;
    char name[NAME_LEN];
    Kind kind;
    int type_line, line_count;
    unsigned seen;
    double peak_db, tempo;
    int steps_per_beat;
    Voice voices[MAX_VOICES];
    int voice_count;
} Patch;

/* ---------------------------------------------------------------- messages */

static void die(const char *fmt, ...)
{
    va_list args;
    va_start(args, fmt);
    fputs("sound_builder: ", stderr);
    vfprintf(stderr, fmt, args);
    fputc('\n', stderr);
    va_end(args);
    exit(1);
}

/* The place being read, so every message can name the file and line. */
typedef struct Reader {
    Patch *patch;
    int line;
} Reader;

static void fail(const Reader *r, const char *fmt, ...)
{
    char what[512];
    va_list args;
    va_start(args, fmt);
    vsnprintf(what, sizeof what, fmt, args);
    va_end(args);
    die("%s:%d: %s", r->patch->path, r->line, what);
}

/* ---------------------------------------------------------------- values */

static double number(const Reader *r, const char *key, const char *text, double lo, double hi,
                     const char *unit)
{
    char *end;
    errno = 0;
    double v = strtod(text, &end);
    if (end == text || *end != '\0' || errno != 0 || !isfinite(v))
        fail(r, "'%s' needs a number, got '%s'", key, text);
    if (v < lo || v > hi)
        fail(r, "'%s' %s is out of range: %g..%g%s", key, text, lo, hi, unit);
    return v;
}

static int whole_number(const Reader *r, const char *key, const char *text, int lo, int hi)
{
    double v = number(r, key, text, lo, hi, "");
    if (v != floor(v))
        fail(r, "'%s' needs a whole number, got '%s'", key, text);
    return (int)v;
}

/* MIDI number of a note name such as C4, F#3 or Bb2 (A4 = 69 = 440 Hz); -1 when it is none. */
static int note_number(const char *text)
{
    static const int semitone[7] = {9, 11, 0, 2, 4, 5, 7}; /* A B C D E F G */
    if (text[0] < 'A' || text[0] > 'G')
        return -1;
    int n = semitone[text[0] - 'A'];
    const char *p = text + 1;
    if (*p == '#')
        n++, p++;
    else if (*p == 'b')
        n--, p++;
    if (p[0] < '0' || p[0] > '8' || p[1] != '\0')
        return -1;
    return n + 12 * (p[0] - '0' + 1);
}

static double note_hz(int midi)
{
    return 440.0 * pow(2.0, (midi - 69) / 12.0);
}

/* ---------------------------------------------------------------- reading */

static void split_words(char *line, char **words, int *count, int max)
{
    *count = 0;
    for (char *tok = strtok(line, " \t\r\n"); tok; tok = strtok(NULL, " \t\r\n")) {
        if (*count == max)
            return;
        words[(*count)++] = tok;
    }
}

/* Cuts a comment off: `#` at the start of the line or after blank space. */
static void strip_comment(char *line)
{
    for (char *p = line; *p; p++)
        if (*p == '#' && (p == line || p[-1] == ' ' || p[-1] == '\t')) {
            *p = '\0';
            return;
        }
}

static Key find_key(const Reader *r, const char *word)
{
    for (int k = 0; k < KEY_COUNT; k++)
        if (strcmp(KEYS[k].name, word) == 0)
            return (Key)k;
    fail(r, "unknown key '%s'", word);
    return KEY_COUNT;
}

static const char *kind_names(unsigned kinds)
{
    switch (kinds) {
    case KIND_EFFECT: return "effect";
    case KINDS_NOTES: return "music and jingle";
    default: return "any";
    }
}

static void need_values(const Reader *r, const char *key, int given, int wanted, const char *form)
{
    if (given != wanted)
        fail(r, "'%s' needs %s", key, form);
}

static void voice_defaults(Voice *v, Kind kind, const char *name, int line)
{
    memset(v, 0, sizeof *v);
    snprintf(v->name, sizeof v->name, "%s", name);
    v->line = line;
    v->duty = 0.5;
    v->attack = kind == KIND_EFFECT ? 2 : 10;
    v->sustain = 1;
    v->release = kind == KIND_EFFECT ? 100 : 60;
    v->volume = 1;
}

static void start_voice(Reader *r, char **words, int n)
{
    Patch *p = r->patch;
    need_values(r, "voice", n - 1, 1, "a name");
    if (strlen(words[1]) >= NAME_LEN)
        fail(r, "voice name '%s' is longer than %d characters", words[1], NAME_LEN - 1);
    if (p->voice_count == MAX_VOICES)
        fail(r, "more than %d voices", MAX_VOICES);
    for (int i = 0; i < p->voice_count; i++)
        if (strcmp(p->voices[i].name, words[1]) == 0)
            fail(r, "voice '%s' is defined twice", words[1]);
    voice_defaults(&p->voices[p->voice_count++], p->kind, words[1], r->line);
}

static void read_type(Reader *r, char **words, int n)
{
    Patch *p = r->patch;
    need_values(r, "type", n - 1, 1, "one of effect, music, jingle");
    if (strcmp(words[1], "effect") == 0)
        p->kind = KIND_EFFECT;
    else if (strcmp(words[1], "music") == 0)
        p->kind = KIND_MUSIC;
    else if (strcmp(words[1], "jingle") == 0)
        p->kind = KIND_JINGLE;
    else
        fail(r, "'type' must be effect, music or jingle, got '%s'", words[1]);
    p->type_line = r->line;
    p->seen |= 1u << KEY_TYPE;
    p->peak_db = p->kind == KIND_MUSIC ? -12 : -6;
    p->steps_per_beat = 4;
}

static void read_file_key(Reader *r, Key key, char **words, int n)
{
    Patch *p = r->patch;
    switch (key) {
    case KEY_PEAK:
        need_values(r, "peak", n - 1, 1, "a level in dBFS");
        p->peak_db = number(r, "peak", words[1], -40, -3, " dBFS");
        break;
    case KEY_TEMPO:
        need_values(r, "tempo", n - 1, 1, "beats per minute");
        p->tempo = number(r, "tempo", words[1], 40, 240, " beats per minute");
        break;
    case KEY_STEPS_PER_BEAT:
        need_values(r, "steps_per_beat", n - 1, 1, "a whole number");
        p->steps_per_beat = whole_number(r, "steps_per_beat", words[1], 1, 8);
        break;
    default: break;
    }
}

static Wave read_wave(const Reader *r, const char *text)
{
    for (int w = 0; w <= WAVE_NOISE; w++)
        if (strcmp(WAVE_NAMES[w], text) == 0)
            return (Wave)w;
    fail(r, "'wave' must be square, saw, sine, triangle or noise, got '%s'", text);
    return WAVE_SINE;
}

static void read_notes(Reader *r, Voice *v, char **words, int n)
{
    if (n < 2)
        fail(r, "'notes' needs at least one note, '.', '-' or '|'");
    v->notes_line = r->line;
    for (int i = 1; i < n; i++) {
        const char *w = words[i];
        int step;
        if (strcmp(w, "|") == 0)
            continue;
        if (strcmp(w, ".") == 0)
            step = STEP_HOLD;
        else if (strcmp(w, "-") == 0)
            step = STEP_REST;
        else if ((step = note_number(w)) < 0)
            fail(r, "bad note '%s': expected a note like C4, F#3 or Bb2, '.', '-' or '|'", w);
        if (v->step_count == MAX_STEPS)
            fail(r, "voice '%s' has more than %d steps", v->name, MAX_STEPS);
        v->steps[v->step_count++] = step;
    }
}

static void read_arp(Reader *r, Voice *v, char **words, int n)
{
    need_values(r, "arp", n - 1, 2, "two values: SEMITONES MS");
    if (v->arp_count == MAX_ARPS)
        fail(r, "more than %d 'arp' lines in voice '%s'", MAX_ARPS, v->name);
    Arp a = {number(r, "arp", words[1], -36, 36, " semitones"),
             number(r, "arp", words[2], 0, 10000, " ms")};
    if (v->arp_count > 0 && a.at_ms <= v->arps[v->arp_count - 1].at_ms)
        fail(r, "'arp' times must increase: %s ms comes after %g ms", words[2],
             v->arps[v->arp_count - 1].at_ms);
    v->arps[v->arp_count++] = a;
}

/* A voice key of one number: its field and range. */
static bool read_voice_number(Reader *r, Voice *v, Key key, char **words, int n)
{
    static const struct {
        Key key;
        size_t offset;
        double lo, hi;
        const char *unit;
    } FIELDS[] = {
        {KEY_FREQ, offsetof(Voice, freq), 20, 10000, " Hz"},
        {KEY_FREQ_END, offsetof(Voice, freq_end), 20, 10000, " Hz"},
        {KEY_DELAY, offsetof(Voice, delay), 0, 5000, " ms"},
        {KEY_HOLD, offsetof(Voice, hold), 0, 10000, " ms"},
        {KEY_DUTY, offsetof(Voice, duty), 0.05, 0.95, ""},
        {KEY_ATTACK, offsetof(Voice, attack), 1, 5000, " ms"},
        {KEY_DECAY, offsetof(Voice, decay), 0, 5000, " ms"},
        {KEY_SUSTAIN, offsetof(Voice, sustain), 0, 1, ""},
        {KEY_RELEASE, offsetof(Voice, release), 5, 10000, " ms"},
        {KEY_DETUNE, offsetof(Voice, detune), 0, 100, " cents"},
        {KEY_LOWPASS, offsetof(Voice, lowpass), 50, 10000, " Hz"},
        {KEY_VOLUME, offsetof(Voice, volume), 0, 1, ""},
    };
    for (size_t i = 0; i < sizeof FIELDS / sizeof FIELDS[0]; i++) {
        if (FIELDS[i].key != key)
            continue;
        need_values(r, KEYS[key].name, n - 1, 1, "one number");
        double *field = (double *)((char *)v + FIELDS[i].offset);
        *field = number(r, KEYS[key].name, words[1], FIELDS[i].lo, FIELDS[i].hi, FIELDS[i].unit);
        return true;
    }
    return false;
}

static void read_voice_key(Reader *r, Key key, char **words, int n)
{
    Patch *p = r->patch;
    Voice *v = &p->voices[p->voice_count - 1];
    if (v->seen & (1u << key) && !KEYS[key].repeatable)
        fail(r, "'%s' is given twice in voice '%s'", KEYS[key].name, v->name);
    v->seen |= 1u << key;
    if (read_voice_number(r, v, key, words, n))
        return;
    switch (key) {
    case KEY_WAVE:
        need_values(r, "wave", n - 1, 1, "one of square, saw, sine, triangle, noise");
        v->wave = read_wave(r, words[1]);
        break;
    case KEY_ARP: read_arp(r, v, words, n); break;
    case KEY_NOTES: read_notes(r, v, words, n); break;
    case KEY_VIBRATO:
        need_values(r, "vibrato", n - 1, 2, "two values: SEMITONES HZ");
        v->vibrato_depth = number(r, "vibrato", words[1], 0, 12, " semitones");
        v->vibrato_rate = number(r, "vibrato", words[2], 0.1, 40, " Hz");
        break;
    default: break;
    }
}

static void read_line(Reader *r, char *line)
{
    Patch *p = r->patch;
    char *words[MAX_STEPS + 2];
    int n;
    strip_comment(line);
    split_words(line, words, &n, MAX_STEPS + 2);
    if (n == 0)
        return;
    Key key = find_key(r, words[0]);
    if (!p->kind) {
        if (key != KEY_TYPE)
            fail(r, "expected 'type effect|music|jingle' before '%s'", words[0]);
        read_type(r, words, n);
        return;
    }
    const KeyInfo *info = &KEYS[key];
    if (!(info->kinds & p->kind))
        fail(r, "'%s' is for %s files, not this one", info->name, kind_names(info->kinds));
    if (key == KEY_VOICE) {
        start_voice(r, words, n);
        return;
    }
    if (info->in_voice && p->voice_count == 0)
        fail(r, "'%s' belongs to a voice: put it after a 'voice NAME' line", info->name);
    if (!info->in_voice && p->voice_count > 0)
        fail(r, "'%s' belongs before the first voice", info->name);
    if (info->in_voice) {
        read_voice_key(r, key, words, n);
        return;
    }
    if (p->seen & (1u << key))
        fail(r, "'%s' is given twice", info->name);
    p->seen |= 1u << key;
    read_file_key(r, key, words, n);
}

/* ---------------------------------------------------------------- checking a whole file */

static void check_voice(Reader *r, const Voice *v)
{
    const Patch *p = r->patch;
    r->line = v->line;
    if (!(v->seen & (1u << KEY_WAVE)))
        fail(r, "voice '%s' has no 'wave'", v->name);
    if (p->kind == KIND_EFFECT && !(v->seen & (1u << KEY_FREQ)))
        fail(r, "voice '%s' has no 'freq'", v->name);
    if (p->kind != KIND_EFFECT && v->step_count == 0)
        fail(r, "voice '%s' has no 'notes'", v->name);
    r->line = v->notes_line;
    if (p->kind == KIND_MUSIC && v->step_count % p->steps_per_beat != 0)
        fail(r, "voice '%s' has %d steps, not a whole number of beats (%d steps per beat)", v->name,
             v->step_count, p->steps_per_beat);
    if (p->kind != KIND_EFFECT && v->step_count != p->voices[0].step_count)
        fail(r, "voice '%s' has %d steps but voice '%s' has %d", v->name, v->step_count,
             p->voices[0].name, p->voices[0].step_count);
    bool sounds = false;
    for (int i = 0; i < v->step_count; i++)
        sounds |= v->steps[i] >= 0;
    if (p->kind != KIND_EFFECT && !sounds)
        fail(r, "voice '%s' plays no note", v->name);
    if (p->kind == KIND_JINGLE && v->steps[0] == STEP_HOLD)
        fail(r, "voice '%s' starts with '.', but a jingle has no note before its start", v->name);
}

static void check_patch(Reader *r)
{
    Patch *p = r->patch;
    r->line = p->line_count > 0 ? p->line_count : 1;
    if (!p->kind)
        fail(r, "the file is empty: it needs a 'type effect|music|jingle' line and a voice");
    r->line = p->type_line;
    if (p->kind != KIND_EFFECT && !(p->seen & (1u << KEY_TEMPO)))
        fail(r, "a %s needs a 'tempo'", p->kind == KIND_MUSIC ? "music loop" : "jingle");
    if (p->voice_count == 0) {
        r->line = p->line_count;
        fail(r, "no voice: add a 'voice NAME' line and its keys");
    }
    for (int i = 0; i < p->voice_count; i++)
        check_voice(r, &p->voices[i]);
}

static void name_of(Patch *p)
{
    const char *base = strrchr(p->path, '/');
    base = base ? base + 1 : p->path;
    size_t len = strlen(base);
    if (len > 4 && strcmp(base + len - 4, ".txt") == 0)
        len -= 4;
    if (len == 0 || len >= NAME_LEN)
        die("%s: the file name must be 1..%d characters before '.txt'", p->path, NAME_LEN - 1);
    memcpy(p->name, base, len);
    p->name[len] = '\0';
}

static void read_patch(Patch *p, const char *path)
{
    memset(p, 0, sizeof *p);
    p->path = path;
    name_of(p);
    FILE *f = fopen(path, "r");
    if (!f)
        die("%s: cannot open: %s", path, strerror(errno));
    Reader r = {p, 0};
    char line[LINE_LEN];
    while (fgets(line, sizeof line, f)) {
        r.line++;
        if (!strchr(line, '\n') && !feof(f))
            fail(&r, "line longer than %d characters", LINE_LEN - 2);
        read_line(&r, line);
    }
    p->line_count = r.line;
    fclose(f);
    check_patch(&r);
}

/* ---------------------------------------------------------------- synthesis */

/* xorshift32: the builder's own noise, so output never depends on the C library. */
static uint32_t next_random(uint32_t *state)
{
    uint32_t x = *state;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    return *state = x;
}

static uint32_t seed_of(const char *text)
{
    uint32_t h = 2166136261u; /* FNV-1a */
    for (; *text; text++)
        h = (h ^ (unsigned char)*text) * 16777619u;
    return h ? h : 1;
}

/* PolyBLEP: rounds off a jump of the naive wave so square and saw alias much less. */
static double blep(double t, double dt)
{
    if (t < dt) {
        t /= dt;
        return t + t - t * t - 1.0;
    }
    if (t > 1.0 - dt) {
        t = (t - 1.0) / dt;
        return t * t + t + t + 1.0;
    }
    return 0.0;
}

typedef struct Oscillator {
    double phase; /* 0..1 */
    double held;  /* noise: the current random level */
    uint32_t random;
} Oscillator;

static double oscillate(Oscillator *o, Wave wave, double duty, double hz)
{
    double dt = hz / RATE, t = o->phase, out;
    switch (wave) {
    case WAVE_SQUARE:
        out = (t < duty ? 1.0 : -1.0) + blep(t, dt) - blep(fmod(t - duty + 1.0, 1.0), dt);
        out -= 2.0 * duty - 1.0; /* the pulse's own DC */
        break;
    case WAVE_SAW: out = 2.0 * t - 1.0 - blep(t, dt); break;
    case WAVE_SINE: out = sin(2.0 * PI * t); break;
    case WAVE_TRIANGLE: out = 1.0 - 4.0 * fabs(fmod(t + 0.75, 1.0) - 0.5); break;
    default: /* noise: a new level twice a cycle, so freq sets how bright it is */
        out = o->held;
        break;
    }
    double next = t + dt;
    if (wave == WAVE_NOISE && floor(next * 2.0) != floor(t * 2.0))
        o->held = next_random(&o->random) / 2147483648.0 - 1.0;
    o->phase = next - floor(next);
    return out;
}

/* RBJ cookbook low-pass biquad, Q = 1/sqrt(2). */
typedef struct Lowpass {
    bool on;
    double b0, b1, b2, a1, a2, x1, x2, y1, y2;
} Lowpass;

static Lowpass lowpass_make(double hz)
{
    Lowpass f = {0};
    if (hz <= 0)
        return f;
    double w = 2.0 * PI * fmin(hz, RATE * 0.45) / RATE, alpha = sin(w) / (2.0 * sqrt(0.5));
    double a0 = 1.0 + alpha;
    f.on = true;
    f.b0 = (1.0 - cos(w)) / 2.0 / a0;
    f.b1 = (1.0 - cos(w)) / a0;
    f.b2 = f.b0;
    f.a1 = -2.0 * cos(w) / a0;
    f.a2 = (1.0 - alpha) / a0;
    return f;
}

static double lowpass_run(Lowpass *f, double x)
{
    if (!f->on)
        return x;
    double y = f->b0 * x + f->b1 * f->x1 + f->b2 * f->x2 - f->a1 * f->y1 - f->a2 * f->y2;
    f->x2 = f->x1;
    f->x1 = x;
    f->y2 = f->y1;
    f->y1 = y;
    return y;
}

/* One sounded tone of a voice: an effect layer, or one note. Times in seconds. */
typedef struct Tone {
    const Voice *voice;
    double hz, hz_end; /* pitch at the start and at the end of the release */
    double release_at; /* when the release starts */
} Tone;

static double tone_length(const Tone *t)
{
    return t->release_at + t->voice->release / 1000.0;
}

/* Attack to full, decay to sustain (curving like an exponential), hold, release to exactly 0. */
static double envelope(const Tone *tone, double t)
{
    const Voice *v = tone->voice;
    double a = v->attack / 1000.0, d = v->decay / 1000.0, r = v->release / 1000.0;
    double level_at = fmin(t, tone->release_at), level;
    if (level_at < a)
        level = level_at / a;
    else if (level_at < a + d) {
        double x = 1.0 - (level_at - a) / d;
        level = v->sustain + (1.0 - v->sustain) * x * x;
    } else
        level = v->sustain;
    if (t <= tone->release_at)
        return level;
    double x = 1.0 - fmin((t - tone->release_at) / r, 1.0);
    return level * x * x;
}

static double pitch(const Tone *tone, double t, double length)
{
    const Voice *v = tone->voice;
    double hz = tone->hz * pow(tone->hz_end / tone->hz, t / length);
    double semitones = 0;
    for (int i = 0; i < v->arp_count; i++)
        if (t * 1000.0 >= v->arps[i].at_ms)
            semitones = v->arps[i].semitones;
    semitones += v->vibrato_depth * sin(2.0 * PI * v->vibrato_rate * t);
    return hz * pow(2.0, semitones / 12.0);
}

/* Renders a tone into out[0..n), n = its length in samples, with its DC taken out in the
 * shape of its envelope so it still starts and ends at zero. */
static void render_tone(const Tone *tone, uint32_t *random, double *out, size_t n)
{
    const Voice *v = tone->voice;
    double spread = v->detune > 0 ? pow(2.0, v->detune / 2400.0) : 1.0;
    Oscillator osc[2] = {{0, 0, next_random(random)}, {0.37, 0, next_random(random)}};
    int oscillators = v->detune > 0 ? 2 : 1;
    Lowpass filter = lowpass_make(v->lowpass);
    double length = (double)n / RATE, sum = 0, env_sum = 0;
    for (size_t i = 0; i < n; i++) {
        double t = (double)i / RATE, hz = pitch(tone, t, length), x = 0;
        for (int k = 0; k < oscillators; k++) {
            double f = oscillators == 2 ? (k ? hz * spread : hz / spread) : hz;
            x += oscillate(&osc[k], v->wave, v->duty, fmin(f, RATE * 0.45)) / oscillators;
        }
        double env = envelope(tone, t);
        out[i] = lowpass_run(&filter, x) * env;
        sum += out[i];
        env_sum += env;
    }
    if (env_sum <= 0)
        return;
    for (size_t i = 0; i < n; i++)
        out[i] -= sum / env_sum * envelope(tone, (double)i / RATE);
}

/* A growing buffer of samples. Music wraps what runs past its end onto its start. */
typedef struct Mix {
    double *samples;
    size_t count;
    bool wraps;
} Mix;

static void mix_add(Mix *mix, size_t at, const double *tone, size_t n, double volume)
{
    if (!mix->wraps && at + n > mix->count) {
        mix->samples = realloc(mix->samples, (at + n) * sizeof *mix->samples);
        if (!mix->samples)
            die("out of memory");
        memset(mix->samples + mix->count, 0, (at + n - mix->count) * sizeof *mix->samples);
        mix->count = at + n;
    }
    for (size_t i = 0; i < n; i++)
        mix->samples[(at + i) % mix->count] += tone[i] * volume;
}

static void add_tone(Mix *mix, const Tone *tone, double start_s, uint32_t *random)
{
    size_t n = (size_t)ceil(tone_length(tone) * RATE) + 1;
    double *buf = malloc(n * sizeof *buf);
    if (!buf)
        die("out of memory");
    render_tone(tone, random, buf, n);
    mix_add(mix, (size_t)llround(start_s * RATE), buf, n, tone->voice->volume);
    free(buf);
}

static void render_effect(const Patch *p, Mix *mix)
{
    for (int i = 0; i < p->voice_count; i++) {
        const Voice *v = &p->voices[i];
        bool slides = v->seen & (1u << KEY_FREQ_END);
        Tone tone = {v, v->freq, slides ? v->freq_end : v->freq,
                     (v->attack + v->decay + v->hold) / 1000.0};
        uint32_t random = seed_of(v->name) ^ seed_of(p->name);
        add_tone(mix, &tone, v->delay / 1000.0, &random);
    }
}

/* Plays a voice's notes. In music a leading '.' holds the last note across the seam: that
 * note is rendered from its start to the end of the leading holds and wraps around. */
static void render_notes(const Patch *p, const Voice *v, Mix *mix, double step_s)
{
    uint32_t random = seed_of(v->name) ^ seed_of(p->name);
    int n = v->step_count, leading = 0;
    while (leading < n && v->steps[leading] == STEP_HOLD)
        leading++;
    for (int i = leading; i < n; i++) {
        if (v->steps[i] < 0)
            continue;
        int end = i + 1;
        while (end < n && v->steps[end] == STEP_HOLD)
            end++;
        int length = end - i + (end == n && p->kind == KIND_MUSIC ? leading : 0);
        double hz = note_hz(v->steps[i]);
        Tone tone = {v, hz, hz, length * step_s};
        add_tone(mix, &tone, i * step_s, &random);
    }
}

static void render(const Patch *p, Mix *mix)
{
    memset(mix, 0, sizeof *mix);
    if (p->kind == KIND_EFFECT) {
        render_effect(p, mix);
        return;
    }
    double step_s = 60.0 / (p->tempo * p->steps_per_beat);
    size_t steps_length = (size_t)llround(p->voices[0].step_count * step_s * RATE);
    mix->count = steps_length;
    mix->samples = calloc(steps_length, sizeof *mix->samples);
    if (!mix->samples)
        die("out of memory");
    mix->wraps = p->kind == KIND_MUSIC;
    for (int i = 0; i < p->voice_count; i++)
        render_notes(p, &p->voices[i], mix, step_s);
}

/* ---------------------------------------------------------------- output */

static void put16(unsigned char *b, unsigned v)
{
    b[0] = (unsigned char)(v & 0xff);
    b[1] = (unsigned char)(v >> 8 & 0xff);
}

static void put32(unsigned char *b, uint32_t v)
{
    put16(b, v & 0xffff);
    put16(b + 2, v >> 16);
}

static void wav_header(unsigned char h[44], uint32_t data_bytes)
{
    memcpy(h, "RIFF", 4);
    put32(h + 4, 36 + data_bytes);
    memcpy(h + 8, "WAVEfmt ", 8);
    put32(h + 16, 16);       /* fmt chunk size */
    put16(h + 20, 1);        /* PCM */
    put16(h + 22, 1);        /* mono */
    put32(h + 24, RATE);     /* sample rate */
    put32(h + 28, RATE * 2); /* bytes per second */
    put16(h + 32, 2);        /* bytes per frame */
    put16(h + 34, 16);       /* bits per sample */
    memcpy(h + 36, "data", 4);
    put32(h + 40, data_bytes);
}

static double mix_peak(const Mix *mix)
{
    double peak = 0;
    for (size_t i = 0; i < mix->count; i++)
        peak = fmax(peak, fabs(mix->samples[i]));
    return peak;
}

/* Scales the mix so its peak is `peak` dBFS, then writes it beside its final name and renames,
 * so a failed build never leaves half a file. */
static void write_wav(const Patch *p, const Mix *mix, const char *out_dir)
{
    double peak = mix_peak(mix);
    double gain = pow(10.0, p->peak_db / 20.0) * 32767.0 / peak;
    size_t bytes = mix->count * 2;
    unsigned char *data = malloc(44 + bytes);
    if (!data)
        die("out of memory");
    wav_header(data, (uint32_t)bytes);
    for (size_t i = 0; i < mix->count; i++) {
        double s = fmax(-32768.0, fmin(32767.0, round(mix->samples[i] * gain)));
        put16(data + 44 + 2 * i, (unsigned)(uint16_t)(int16_t)s);
    }
    char path[4096], temp[4200];
    snprintf(path, sizeof path, "%s/%s.wav", out_dir, p->name);
    snprintf(temp, sizeof temp, "%s.tmp", path);
    FILE *f = fopen(temp, "wb");
    bool written = f && fwrite(data, 1, 44 + bytes, f) == 44 + bytes;
    if (f && fclose(f) != 0)
        written = false;
    if (!written || rename(temp, path) != 0) {
        int error = errno;
        remove(temp);
        die("%s: cannot write: %s", path, strerror(error));
    }
    free(data);
}

/* What can only be seen once a file is rendered, checked before anything is written. */
static void check_mix(const Patch *p, const Mix *mix)
{
    if (mix_peak(mix) < 1e-9)
        die("%s:%d: the sound is silent (every voice has volume 0?)", p->path, p->type_line);
    double seconds = (double)mix->count / RATE;
    int limit = p->kind == KIND_MUSIC ? MAX_SECONDS_MUSIC : MAX_SECONDS_EFFECT;
    if (seconds > limit)
        die("%s:%d: the sound lasts %.1f s, longer than the %d s a %s may", p->path, p->type_line,
            seconds, limit, p->kind == KIND_MUSIC ? "music loop" : "sound");
}

int main(int argc, char **argv)
{
    if (argc < 3)
        die("usage: sound_builder OUT_DIR PARAM_FILE...");
    int count = argc - 2;
    Patch *patches = calloc((size_t)count, sizeof *patches);
    Mix *mixes = calloc((size_t)count, sizeof *mixes);
    if (!patches || !mixes)
        die("out of memory");
    for (int i = 0; i < count; i++)
        read_patch(&patches[i], argv[i + 2]);
    for (int i = 0; i < count; i++) {
        render(&patches[i], &mixes[i]);
        check_mix(&patches[i], &mixes[i]);
    }
    for (int i = 0; i < count; i++) {
        write_wav(&patches[i], &mixes[i], argv[1]);
        free(mixes[i].samples);
    }
    free(mixes);
    free(patches);
    return 0;
}
