#include "cli/replay_cmd.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "cli/load_rules.h"
#include "core/errline.h"
#include "store/journal.h"

static const char *outcome_name(const Game *g)
{
    return g->outcome == GAME_WON ? "won" : g->outcome == GAME_DIED ? "died" : "still playing";
}

int replay_cmd_run(const CliOptions *opt, FILE *out, FILE *diag)
{
    static Rules rules;
    if (!cli_load_rules(&rules, NULL, diag))
        return 1;
    return replay_cmd_verify(opt->replay_path, &rules, out, diag);
}

int replay_cmd_verify(const char *path, const Rules *rules, FILE *out, FILE *diag)
{
    char err[1600];
    Journal j;
    if (!journal_read(path, rules, &j, err, sizeof err)) {
        errline_say(diag, "%s", err);
        return 1;
    }
    Game *g = malloc(sizeof *g);
    if (!g || !journal_start_game(&j, rules, g, err, sizeof err)) {
        errline_say(diag, "%s: %s", path, g ? err : "out of memory");
        free(g);
        journal_free(&j);
        return 1;
    }
    int status = 0;
    if (!journal_replay(&j, g, 0, j.count, err, sizeof err)) {
        errline_say(diag, "%s: %s", path, err);
        status = 1;
    } else if (!journal_closed(&j, path, err, sizeof err)) {
        /* Every line read and replayed, but the last commands are checked by nothing: the
         * recording cannot be vouched for as a whole one. */
        errline_say(diag, "%s", err);
        status = 1;
    } else {
        char line[1600];
        errline_format(line, sizeof line,
                       "%s: %zu commands, %" PRIu32 " turns, floor %d reached, %s; %zu checksums "
                       "match%s",
                       path, j.count, g->turn, g->deepest, outcome_name(g), j.check_count,
                       j.torn ? "; a torn last line was left out" : "");
        if (j.torn)
            errline_format(line + strlen(line), sizeof line - strlen(line), " (line %zu)",
                           j.lines + 1);
        fprintf(out, "%s\n", line);
    }
    game_free(g);
    free(g);
    journal_free(&j);
    return status;
}
