/* The morgue: each ended game's run summary kept as a text file in the user folder's
 * recordings/, beside the game's recording and named as it is (DATE-seedS.txt next to
 * DATE-seedS.mkrec). */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "core/userfile.h"
#include "ui/app_internal.h"

enum { MORGUE_LOG_LINES = 12 }; /* the last messages of the game, after the summary */

void app_write_morgue(App *app, const char *when)
{
    app->last_morgue[0] = '\0';
    if (!app->user_dir[0] || app->read_only) {
        snprintf(app->morgue_line, sizeof app->morgue_line,
                 "No morgue file: there is no user folder to write in.");
        return;
    }
    char dir[1200], path[sizeof app->last_morgue], err[1400];
    int n = snprintf(dir, sizeof dir, "%s/recordings", app->user_dir);
    int m =
        snprintf(path, sizeof path, "%s/%s-seed%" PRIu64 ".txt", dir, when, app->game.seeds.game);
    if (n < 0 || (size_t)n >= sizeof dir || m < 0 || (size_t)m >= sizeof path) {
        snprintf(err, sizeof err, "No morgue file: the path of %s is too long", app->user_dir);
    } else if (userfile_make_dir(dir, err, sizeof err)) {
        char text[sizeof app->summary + 200 + MORGUE_LOG_LINES * (MSGLOG_LINE_MAX + 16)];
        size_t len =
            (size_t)snprintf(text, sizeof text, "Mouse King: run summary\n\n%s", app->summary);
        const MessageLog *log = &app->game.log;
        int count = msglog_count(log);
        int first = count < MORGUE_LOG_LINES ? count - 1 : MORGUE_LOG_LINES - 1;
        if (count > 0 && len < sizeof text)
            len += (size_t)snprintf(text + len, sizeof text - len, "\nLast messages:\n");
        for (int age = first; age >= 0 && len < sizeof text; age--) {
            const LogEntry *e = msglog_get(log, age);
            len += (size_t)snprintf(text + len, sizeof text - len, "  turn %u: %s\n",
                                    (unsigned)e->turn, e->text);
        }
        if (len >= sizeof text)
            len = sizeof text - 1;
        if (userfile_write(path, text, len, err, sizeof err)) {
            memcpy(app->last_morgue, path, strlen(path) + 1);
            snprintf(app->morgue_line, sizeof app->morgue_line, "Written to %s", path);
            return;
        }
    }
    snprintf(app->morgue_line, sizeof app->morgue_line, "No morgue file was written.");
    app_toast(app, "%s", err);
}
