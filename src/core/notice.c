/* Lasting lines for the title (notice.h). */
#include "core/notice.h"

#include <stdio.h>
#include <string.h>

static int add(char *notice, size_t size, const char *line)
{
    size_t used = strlen(notice), n = strlen(line);
    if (!n || used + (used ? 1 : 0) + n >= size)
        return -1;
    snprintf(notice + used, size - used, "%s%s", used ? " " : "", line);
    return (int)used;
}

void notice_add(char *notice, size_t size, const char *line)
{
    add(notice, size, line);
}

void notice_add_game(char *notice, size_t size, int *game_at, const char *line)
{
    int at = add(notice, size, line);
    if (at >= 0)
        *game_at = at;
}

void notice_game_over(char *notice, int *game_at)
{
    if (*game_at >= 0 && (size_t)*game_at <= strlen(notice))
        notice[*game_at] = '\0';
    *game_at = -1;
}
