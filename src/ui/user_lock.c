/* One running copy per user folder (core/userlock.h): the first copy holds the data folder's
 * lock for its whole life; a second one writes nothing there (no save, recording, highscore,
 * option or screenshot) and its title offers only what reads: watching games, the highscores. */
#include <errno.h>
#include <stdio.h>

#include "core/errline.h"
#include "ui/app_internal.h"

bool app_lock_user_dir(App *app)
{
    char err[1400];
    switch (userlock_take(&app->lock, app->user_dir, &app->lock_holder, err, sizeof err)) {
    case USERLOCK_HELD: return true;
    case USERLOCK_BUSY: break;
    case USERLOCK_FAILED:
        /* An unwritable folder is said once by the folder's own check; anything else (a link
         * planted at the name, a file system without locks) plays on unguarded, as before. */
        if (app->lock.error != EACCES && app->lock.error != EROFS && app->lock.error != EPERM)
            errline_say(stderr, "warning: cannot lock %s; a second copy would not be stopped", err);
        return true;
    }
    app->locked = app->read_only = true;
    app->save_path[0] = app->journal_path[0] = '\0'; /* no Continue, no save, no recording */
    if (app->lock_holder > 0)
        snprintf(app->notice, sizeof app->notice,
                 "Mouse King is already running for this user (process %ld).", app->lock_holder);
    else
        snprintf(app->notice, sizeof app->notice, "Mouse King is already running for this user.");
    errline_say(stderr, "%s", app->notice);
    return false;
}
