/* sound_patch: reads a sound source of sound/ into a Patch and checks it whole, so the
 * synthesizer only ever sees a sound it can make (sound/README.md has the same description
 * with examples).
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
 *
 * Any bad line stops the builder with one line on stderr, `file:line: what is wrong`. */
#include "sound_patch.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { LINE_LEN = 1024 };

enum { KINDS_ALL = 7, KINDS_NOTES = KIND_MUSIC | KIND_JINGLE };

static const char *const WAVE_NAMES[] = {"square", "saw", "sine", "triangle", "noise"};

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
    sound_builder_die("%s:%d: %s", r->patch->path, r->line, what);
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
        sound_builder_die("%s: the file name must be 1..%d characters before '.txt'", p->path,
                          NAME_LEN - 1);
    memcpy(p->name, base, len);
    p->name[len] = '\0';
}

void sound_patch_read(Patch *p, const char *path)
{
    memset(p, 0, sizeof *p);
    p->path = path;
    name_of(p);
    FILE *f = fopen(path, "r");
    if (!f)
        sound_builder_die("%s: cannot open: %s", path, strerror(errno));
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
