/* F12's file names (shot_name.h). */
#define _POSIX_C_SOURCE 200809L /* localtime_r, lstat */
#include "ui/shot_name.h"

#include <stdio.h>
#include <sys/stat.h>

bool shot_name(const char *dir, struct timespec now, char *out, size_t size)
{
    time_t sec = now.tv_sec;
    long ms = now.tv_nsec / 1000000;
    for (int tries = 0; tries < 1000; tries++) {
        struct tm tm;
        char stamp[32] = "00000000-000000";
        if (localtime_r(&sec, &tm))
            strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tm);
        int n = snprintf(out, size, "%s/screenshot-%s-%03ld.png", dir, stamp, ms);
        if (n < 0 || (size_t)n >= size)
            return false;
        struct stat st;
        if (lstat(out, &st) != 0)
            return true;
        if (++ms == 1000) { /* taken: the next millisecond, into the next second if need be */
            ms = 0;
            sec++;
        }
    }
    return false;
}
