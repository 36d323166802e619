/* sound_synth: the oscillators, filter and envelopes that render a Patch into a Mix.
 *
 * Every tone's envelope starts and ends at zero and its DC is removed, so no sound clicks.
 * Noise comes from a tiny seeded generator: the same file always gives the same bytes. */
#include "sound_synth.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define PI 3.14159265358979323846

enum { MAX_SECONDS_EFFECT = 10, MAX_SECONDS_MUSIC = 30 };

static double note_hz(int midi)
{
    return 440.0 * pow(2.0, (midi - 69) / 12.0);
}

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

static void mix_add(Mix *mix, size_t at, const double *tone, size_t n, double volume)
{
    if (!mix->wraps && at + n > mix->count) {
        mix->samples = realloc(mix->samples, (at + n) * sizeof *mix->samples);
        if (!mix->samples)
            sound_builder_die("out of memory");
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
        sound_builder_die("out of memory");
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

void sound_synth_render(const Patch *p, Mix *mix)
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
        sound_builder_die("out of memory");
    mix->wraps = p->kind == KIND_MUSIC;
    for (int i = 0; i < p->voice_count; i++)
        render_notes(p, &p->voices[i], mix, step_s);
}

double sound_synth_peak(const Mix *mix)
{
    double peak = 0;
    for (size_t i = 0; i < mix->count; i++)
        peak = fmax(peak, fabs(mix->samples[i]));
    return peak;
}

void sound_synth_check(const Patch *p, const Mix *mix)
{
    if (sound_synth_peak(mix) < 1e-9)
        sound_builder_die("%s:%d: the sound is silent (every voice has volume 0?)", p->path,
                          p->type_line);
    double seconds = (double)mix->count / RATE;
    int limit = p->kind == KIND_MUSIC ? MAX_SECONDS_MUSIC : MAX_SECONDS_EFFECT;
    if (seconds > limit)
        sound_builder_die("%s:%d: the sound lasts %.1f s, longer than the %d s a %s may", p->path,
                          p->type_line, seconds, limit,
                          p->kind == KIND_MUSIC ? "music loop" : "sound");
}
