/* The sound builder (src/tools/sound_*.c) and the game's use of its output (ui/sound.c):
 * every shipped source builds into a clean WAV, loops loop without a click, the output is the
 * same every time, broken sources are named by file and line, and the game loads and plays
 * the sounds through SDL_mixer's dummy device. */
#define _POSIX_C_SOURCE 200809L
#include "test_support.h"

#include <SDL.h>
#include <SDL_mixer.h>
#include <dirent.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ui/sound.h"

enum { RATE = 22050, FULL_SCALE = 32768 };

static char dir[64];

/* ---------------------------------------------------------------- helpers */

static void path_in(char *out, size_t size, const char *folder, const char *name)
{
    snprintf(out, size, "%s/%s", folder, name);
}

static void write_text(const char *name, const char *text)
{
    char path[256];
    path_in(path, sizeof path, dir, name);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

/* Runs the builder on ARGS (file names); returns its exit status, stderr in err. */
static int build(const char *out_dir, const char *args, char *err, size_t err_size)
{
    char cmd[4096], err_path[256];
    path_in(err_path, sizeof err_path, dir, "err.txt");
    snprintf(cmd, sizeof cmd, "%s %s %s 2>%s", SOUND_BUILDER, out_dir, args, err_path);
    int status = system(cmd);
    FILE *f = fopen(err_path, "r");
    size_t n = f ? fread(err, 1, err_size - 1, f) : 0;
    err[n] = '\0';
    if (f)
        fclose(f);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static unsigned char *read_all(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    unsigned char *data = malloc((size_t)n + 1);
    assert_non_null(data);
    *size = fread(data, 1, (size_t)n, f);
    fclose(f);
    return data;
}

static unsigned le16(const unsigned char *p)
{
    return p[0] | (unsigned)p[1] << 8;
}
static unsigned long le32(const unsigned char *p)
{
    return le16(p) | (unsigned long)le16(p + 2) << 16;
}

typedef struct Wav {
    int16_t *samples;
    size_t count;
} Wav;

/* Reads a WAV written by the builder, checking every header field against the file. */
static Wav load_wav(const char *path)
{
    size_t size = 0;
    unsigned char *data = read_all(path, &size);
    if (!data)
        fail_msg("%s was not written", path);
    if (size < 46 || memcmp(data, "RIFF", 4) != 0 || memcmp(data + 8, "WAVEfmt ", 8) != 0 ||
        memcmp(data + 36, "data", 4) != 0)
        fail_msg("%s: not a canonical RIFF/WAVE file", path);
    if (le32(data + 4) != size - 8 || le32(data + 40) != size - 44 || (size - 44) % 2 != 0)
        fail_msg("%s: RIFF size %lu and data size %lu do not match the file's %zu bytes", path,
                 le32(data + 4), le32(data + 40), size);
    if (le32(data + 16) != 16 || le16(data + 20) != 1 || le16(data + 22) != 1 ||
        le32(data + 24) != RATE || le32(data + 28) != RATE * 2 || le16(data + 32) != 2 ||
        le16(data + 34) != 16)
        fail_msg("%s: not 16-bit PCM mono at %d Hz", path, RATE);
    Wav w = {malloc(size - 44), (size - 44) / 2};
    assert_non_null(w.samples);
    for (size_t i = 0; i < w.count; i++)
        w.samples[i] = (int16_t)le16(data + 44 + 2 * i);
    free(data);
    return w;
}

static double peak_of(const Wav *w)
{
    int peak = 0;
    for (size_t i = 0; i < w->count; i++)
        peak = abs(w->samples[i]) > peak ? abs(w->samples[i]) : peak;
    return (double)peak / FULL_SCALE;
}

static double db(double level)
{
    return 20.0 * log10(level > 1e-9 ? level : 1e-9);
}

/* The largest step between neighbouring samples within `span` samples of either end. */
static int largest_step_near_ends(const Wav *w, size_t span)
{
    int largest = 0;
    for (size_t i = 0; i + 1 < w->count; i++) {
        if (i >= span && i + 1 + span < w->count)
            continue;
        int step = abs(w->samples[i + 1] - w->samples[i]);
        largest = step > largest ? step : largest;
    }
    return largest;
}

/* A loop is heard as last sample, then first: that step must look like any other step of the
 * music there, not like a click. */
static void assert_seamless(const char *name, const Wav *w)
{
    int seam = abs(w->samples[0] - w->samples[w->count - 1]);
    int allowed = largest_step_near_ends(w, 1024) * 3 / 2 + 16;
    if (seam > allowed)
        fail_msg("%s: the loop's seam jumps %d, more than the %d its neighbourhood allows", name,
                 seam, allowed);
}

static bool is_music(const char *name)
{
    return strncmp(name, "music_", 6) == 0;
}

/* ---------------------------------------------------------------- the shipped sounds */

static int setup(void **state)
{
    (void)state;
    snprintf(dir, sizeof dir, "/tmp/mk_sound_XXXXXX");
    if (!mkdtemp(dir))
        return -1;
    char out[128], err[1024], args[256];
    path_in(out, sizeof out, dir, "shipped");
    mkdir(out, 0755);
    snprintf(args, sizeof args, "%s/*.txt", SOUND_DIR);
    return build(out, args, err, sizeof err) == 0 ? 0 : (fprintf(stderr, "%s", err), -1);
}

static int teardown(void **state)
{
    (void)state;
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    return system(cmd) == 0 ? 0 : -1;
}

/* Calls check(name, wav) for every source in sound/, built into dir/<folder>. */
static int each_shipped(const char *folder, void (*check)(const char *name, const Wav *w))
{
    DIR *d = opendir(SOUND_DIR);
    assert_non_null(d);
    int count = 0;
    for (struct dirent *e; (e = readdir(d));) {
        size_t len = strlen(e->d_name);
        if (len < 5 || strcmp(e->d_name + len - 4, ".txt") != 0)
            continue;
        char name[128], path[512];
        snprintf(name, sizeof name, "%.*s", (int)(len - 4), e->d_name);
        snprintf(path, sizeof path, "%s/%s/%s.wav", dir, folder, name);
        Wav w = load_wav(path);
        check(name, &w);
        free(w.samples);
        count++;
    }
    closedir(d);
    return count;
}

static void check_shipped(const char *name, const Wav *w)
{
    double seconds = (double)w->count / RATE, peak = peak_of(w), sum = 0, squares = 0;
    for (size_t i = 0; i < w->count; i++) {
        sum += w->samples[i];
        squares += (double)w->samples[i] * w->samples[i];
    }
    double mean = sum / (double)w->count / FULL_SCALE;
    double rms = sqrt(squares / (double)w->count) / FULL_SCALE;
    /* Effects peak around -6 dBFS at most, music lower; neither is near clipping. */
    double loudest = is_music(name) ? -10.0 : -5.5;
    if (db(peak) > loudest)
        fail_msg("%s: peaks at %.1f dBFS, louder than %.1f", name, db(peak), loudest);
    if (db(peak) < -30.0 || db(rms) < -45.0)
        fail_msg("%s: nearly silent: peak %.1f dBFS, RMS %.1f dBFS", name, db(peak), db(rms));
    if (fabs(mean) > 0.002)
        fail_msg("%s: DC offset %.4f of full scale", name, mean);
    if (is_music(name)) {
        if (seconds < 8.0 || seconds > 20.0)
            fail_msg("%s: a %.1f s loop; loops are 8..20 s", name, seconds);
        assert_seamless(name, w);
    } else {
        if (seconds > 5.0)
            fail_msg("%s: lasts %.1f s; effects are short", name, seconds);
        int first = abs(w->samples[0]), last = abs(w->samples[w->count - 1]);
        if (first > 160 || last > 160)
            fail_msg("%s: starts at %d and ends at %d, not at silence", name, first, last);
    }
}

static void the_shipped_sounds_build_clean(void **state)
{
    (void)state;
    assert_true(each_shipped("shipped", check_shipped) >= SOUND_COUNT + MUSIC_COUNT - 1);
}

static void every_sound_the_game_plays_has_a_source(void **state)
{
    (void)state;
    char path[512];
    for (int id = 0; id < SOUND_COUNT; id++) {
        const char *name = sound_effect_name((SoundId)id);
        assert_non_null(name);
        snprintf(path, sizeof path, "%s/%s.txt", SOUND_DIR, name);
        if (access(path, R_OK) != 0)
            fail_msg("the game plays %s, but there is no %s", name, path);
    }
    assert_null(sound_music_name(MUSIC_NONE));
    for (int id = MUSIC_NONE + 1; id < MUSIC_COUNT; id++) {
        const char *name = sound_music_name((MusicId)id);
        assert_true(name && is_music(name));
        snprintf(path, sizeof path, "%s/%s.txt", SOUND_DIR, name);
        if (access(path, R_OK) != 0)
            fail_msg("the game loops %s, but there is no %s", name, path);
    }
}

static void compare_with_shipped(const char *name, const Wav *again)
{
    char path[512];
    snprintf(path, sizeof path, "%s/shipped/%s.wav", dir, name);
    Wav first = load_wav(path);
    assert_int_equal(first.count, again->count);
    if (memcmp(first.samples, again->samples, first.count * sizeof *first.samples) != 0)
        fail_msg("%s: a second build gives different samples", name);
    free(first.samples);
}

static void the_same_source_gives_the_same_bytes(void **state)
{
    (void)state;
    char out[128], err[1024], args[256];
    path_in(out, sizeof out, dir, "again");
    mkdir(out, 0755);
    snprintf(args, sizeof args, "%s/*.txt", SOUND_DIR);
    assert_int_equal(build(out, args, err, sizeof err), 0);
    assert_true(each_shipped("again", compare_with_shipped) > 0);
}

/* ---------------------------------------------------------------- loops and envelopes */

static Wav build_one(const char *name, const char *text)
{
    char file[128], path[256], err[1024];
    snprintf(file, sizeof file, "%s.txt", name);
    write_text(file, text);
    path_in(path, sizeof path, dir, file);
    if (build(dir, path, err, sizeof err) != 0)
        fail_msg("%s did not build: %s", file, err);
    snprintf(path, sizeof path, "%s/%s.wav", dir, name);
    return load_wav(path);
}

static void a_note_sounding_at_the_seam_loops_without_a_click(void **state)
{
    (void)state;
    /* E4 is still ringing (a long release) when the loop ends: its tail must wrap onto the
     * start, not be cut off. */
    Wav tail = build_one("tail", "type music\ntempo 120\nsteps_per_beat 2\n"
                                 "voice v\nwave sine\nrelease 400\nnotes C4 . . . E4 . . .\n");
    assert_int_equal(tail.count, RATE * 2); /* 8 eighth notes at 120 bpm: exactly 2 s */
    assert_seamless("tail", &tail);
    assert_true(abs(tail.samples[0]) > 1000); /* the wrapped tail really is there */
    free(tail.samples);

    /* Leading holds: the line's last note is held across the seam, a drone with no gap. */
    Wav drone = build_one("drone", "type music\ntempo 120\nsteps_per_beat 2\n"
                                   "voice v\nwave triangle\nnotes . . . . G3 . . .\n");
    assert_seamless("drone", &drone);
    int quiet = 0;
    for (size_t i = 0; i < drone.count; i++)
        quiet += abs(drone.samples[i]) < 50;
    assert_true(quiet < (int)drone.count / 20); /* never fades out: no gap at the seam */
    free(drone.samples);
}

static void effects_start_and_end_at_silence(void **state)
{
    (void)state;
    /* A loud square (its level never passes near zero by itself) with the shortest attack and
     * release the format allows: the envelope alone must bring both ends to silence. */
    Wav w = build_one("edge", "type effect\nvoice v\nwave square\nfreq 3000\nduty 0.1\n"
                              "attack 1\nhold 50\nrelease 5\n");
    assert_true(db(peak_of(&w)) <= -5.9 && db(peak_of(&w)) >= -6.1); /* normalised to `peak` */
    int peak = (int)(peak_of(&w) * FULL_SCALE), tail = 0;
    for (size_t i = 1; i <= 4; i++)
        tail = abs(w.samples[w.count - i]) > tail ? abs(w.samples[w.count - i]) : tail;
    if (tail > peak / 200)
        fail_msg("edge: still at %d in its last 4 samples (peak %d)", tail, peak);
    if (abs(w.samples[0]) > 4 || abs(w.samples[1]) > peak / 10)
        fail_msg("edge: starts at %d, %d instead of rising from silence", w.samples[0],
                 w.samples[1]);
    free(w.samples);
}

/* ---------------------------------------------------------------- broken sources */

/* Builds a broken source; it must fail with `file:line:` and `words` in the one-line message. */
static void assert_rejected(const char *file, const char *text, int line, const char *words)
{
    char path[256], err[1024], where[160];
    write_text(file, text);
    path_in(path, sizeof path, dir, file);
    int status = build(dir, path, err, sizeof err);
    snprintf(where, sizeof where, "%s:%d: ", file, line);
    if (status != 1 || !strstr(err, where) || !strstr(err, words) ||
        strchr(err, '\n') != err + strlen(err) - 1)
        fail_msg("%s: expected exit 1 and one line with '%s' and '%s'; got %d: %s", file, where,
                 words, status, err);
}

#define EFFECT "type effect\nvoice v\nwave sine\nfreq 440\n"
#define MUSIC "type music\ntempo 100\nsteps_per_beat 2\nvoice v\nwave sine\n"

static void broken_sources_are_named(void **state)
{
    (void)state;
    assert_rejected("empty.txt", "", 1, "empty");
    assert_rejected("comments.txt", "# only a comment\n\n", 2, "empty");
    assert_rejected("unknown.txt", EFFECT "freqq 440\n", 5, "unknown key 'freqq'");
    assert_rejected("no_type.txt", "voice v\nwave sine\n", 1, "expected 'type");
    assert_rejected("bad_type.txt", "type song\n", 1, "effect, music or jingle");
    assert_rejected("range.txt", EFFECT "duty 1.5\n", 5, "out of range");
    assert_rejected("negative.txt", EFFECT "hold -3\n", 5, "out of range");
    assert_rejected("nan.txt", EFFECT "volume loud\n", 5, "needs a number");
    assert_rejected("values.txt", EFFECT "vibrato 1\n", 5, "two values");
    assert_rejected("wave.txt", "type effect\nvoice v\nwave organ\n", 3, "'organ'");
    assert_rejected("note.txt", MUSIC "notes C4 D4 H4 .\n", 6, "bad note 'H4'");
    assert_rejected("octave.txt", MUSIC "notes C4 D9 . .\n", 6, "bad note 'D9'");
    assert_rejected("no_wave.txt", "type effect\n# a voice\nvoice v\nfreq 440\n", 3,
                    "has no 'wave'");
    assert_rejected("no_freq.txt", "type effect\nvoice v\nwave sine\n", 2, "has no 'freq'");
    assert_rejected("no_notes.txt", MUSIC, 4, "has no 'notes'");
    assert_rejected("no_tempo.txt", "type jingle\nvoice v\nwave sine\nnotes C4\n", 1,
                    "needs a 'tempo'");
    assert_rejected("no_voice.txt", "type effect\npeak -6\n", 2, "no voice");
    assert_rejected("twice.txt", EFFECT "freq 220\n", 5, "given twice");
    assert_rejected("wrong_kind.txt", EFFECT "notes C4\n", 5, "music and jingle");
    assert_rejected("outside.txt", "type effect\nwave sine\n", 2, "belongs to a voice");
    assert_rejected("beats.txt", MUSIC "notes C4 . .\n", 6, "whole number of beats");
    assert_rejected("lengths.txt", MUSIC "notes C4 .\nvoice w\nwave saw\nnotes C4 . . .\n", 9,
                    "has 4 steps but voice 'v' has 2");
    assert_rejected("arp.txt", EFFECT "arp 4 100\narp 7 50\n", 6, "must increase");
}

static void nothing_is_written_when_any_file_is_bad(void **state)
{
    (void)state;
    char args[512], err[1024], wav[256];
    write_text("good.txt", EFFECT);
    write_text("bad.txt", EFFECT "lowpass 0\n");
    path_in(wav, sizeof wav, dir, "good.wav");
    unlink(wav);
    snprintf(args, sizeof args, "%s/good.txt %s/bad.txt", dir, dir);
    assert_int_equal(build(dir, args, err, sizeof err), 1);
    assert_non_null(strstr(err, "bad.txt:5: 'lowpass' 0 is out of range"));
    assert_int_equal(access(wav, F_OK), -1);
}

/* ---------------------------------------------------------------- the game's side */

static void a_silent_game_ignores_everything(void **state)
{
    (void)state;
    Sound s;
    char err[256] = "";
    sound_init(&s, false);
    assert_false(s.open);
    assert_true(sound_load(&s, "/nowhere", err, sizeof err));
    sound_play(&s, SOUND_HIT);
    sound_music(&s, MUSIC_TITLE);
    sound_set_volumes(&s, 50, 50);
    sound_quit(&s);
    sound_quit(&s);
}

static int effects_playing(void)
{
    int n = 0;
    for (int ch = 2; ch < Mix_AllocateChannels(-1); ch++)
        n += Mix_Playing(ch);
    return n;
}

static void the_game_loads_and_plays_the_sounds(void **state)
{
    (void)state;
    setenv("SDL_AUDIODRIVER", "dummy", 1);
    Sound s;
    char err[1400] = "";
    sound_init(&s, true);
    if (!s.open)
        skip(); /* no SDL audio at all, not even the dummy driver */

    assert_false(sound_load(&s, "/nowhere", err, sizeof err));
    assert_non_null(strstr(err, "/nowhere/sound/step.wav"));
    assert_null(s.effects[SOUND_STEP]);

    int rate = 0, channels = 0;
    Uint16 format = 0;
    Mix_QuerySpec(&rate, &format, &channels);
    assert_int_equal(rate, RATE); /* the builder's rate: loading converts no sample rate */

    if (!sound_load(&s, ASSETS_DIR, err, sizeof err))
        fail_msg("%s", err);
    for (int i = 0; i < SOUND_COUNT; i++)
        assert_non_null(s.effects[i]);
    for (int i = MUSIC_NONE + 1; i < MUSIC_COUNT; i++)
        assert_non_null(s.music[i]);

    /* Five hits in one turn are heard as one; another effect still plays beside it. */
    for (int i = 0; i < 5; i++)
        sound_play(&s, SOUND_VICTORY);
    assert_int_equal(effects_playing(), 1);
    sound_play(&s, SOUND_DEATH);
    assert_int_equal(effects_playing(), 2);
    SDL_Delay(SOUND_REPEAT_MS + 20);
    sound_play(&s, SOUND_VICTORY);
    assert_int_equal(effects_playing(), 3);

    sound_music(&s, MUSIC_TITLE);
    int channel = s.music_channel;
    assert_true(Mix_Playing(channel));
    sound_music(&s, MUSIC_TITLE); /* already playing: not restarted */
    assert_int_equal(s.music_channel, channel);
    assert_int_equal(Mix_FadingChannel(channel), MIX_FADING_IN);
    sound_music(&s, MUSIC_KING); /* the title fades out while the King's music fades in */
    assert_int_not_equal(s.music_channel, channel);
    assert_true(Mix_FadingChannel(channel) == MIX_FADING_OUT || !Mix_Playing(channel));
    assert_int_equal(Mix_FadingChannel(s.music_channel), MIX_FADING_IN);
    sound_music(&s, MUSIC_NONE);
    assert_int_equal(s.playing, MUSIC_NONE);

    sound_set_volumes(&s, 150, -5);
    assert_int_equal(Mix_VolumeChunk(s.effects[SOUND_HIT], -1), MIX_MAX_VOLUME);
    assert_int_equal(Mix_VolumeChunk(s.music[MUSIC_FLOOR], -1), 0);
    sound_set_volumes(&s, 50, 25);
    assert_int_equal(Mix_VolumeChunk(s.effects[SOUND_HIT], -1), 64);
    assert_int_equal(Mix_VolumeChunk(s.music[MUSIC_FLOOR], -1), 32);

    sound_quit(&s);
    assert_false(s.open);
    assert_null(s.effects[SOUND_HIT]);
    sound_quit(&s);
    sound_play(&s, SOUND_HIT); /* after quitting: a no-op, not a crash */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_shipped_sounds_build_clean),
        cmocka_unit_test(every_sound_the_game_plays_has_a_source),
        cmocka_unit_test(the_same_source_gives_the_same_bytes),
        cmocka_unit_test(a_note_sounding_at_the_seam_loops_without_a_click),
        cmocka_unit_test(effects_start_and_end_at_silence),
        cmocka_unit_test(broken_sources_are_named),
        cmocka_unit_test(nothing_is_written_when_any_file_is_bad),
        cmocka_unit_test(a_silent_game_ignores_everything),
        cmocka_unit_test(the_game_loads_and_plays_the_sounds),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
