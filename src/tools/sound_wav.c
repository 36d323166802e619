/* sound_wav: the WAV file format, written whole beside its final name and then renamed. */
#include "sound_wav.h"

#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

/* Scales the mix so its peak is `peak` dBFS, then writes it beside its final name and renames,
 * so a failed build never leaves half a file. */
void sound_wav_write(const Patch *p, const Mix *mix, const char *out_dir)
{
    double peak = sound_synth_peak(mix);
    double gain = pow(10.0, p->peak_db / 20.0) * 32767.0 / peak;
    size_t bytes = mix->count * 2;
    unsigned char *data = malloc(44 + bytes);
    if (!data)
        sound_builder_die("out of memory");
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
        sound_builder_die("%s: cannot write: %s", path, strerror(error));
    }
    free(data);
}
