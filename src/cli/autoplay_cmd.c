#include "cli/autoplay_cmd.h"

#include <cjson/cJSON.h>
#include <errno.h>
#include <sys/stat.h>
#include <stdlib.h>
#include <string.h>

#include "cli/output.h"
#include "core/errline.h"
#include "game/bot.h"
#include "ui/paths.h"

static void record_command(void *ctx, const Command *cmd, const Game *after)
{
    journal_add(ctx, cmd, after);
}

bool autoplay_game(const Rules *rules, uint64_t seed, int max_turns, AutoplayResult *out, char *err,
                   size_t err_size)
{
    return autoplay_game_recorded(rules, seed, max_turns, NULL, NULL, out, err, err_size);
}

bool autoplay_game_recorded(const Rules *rules, uint64_t seed, int max_turns,
                            const char *record_path, JournalWriter *journal, AutoplayResult *out,
                            char *err, size_t err_size)
{
    Game *game = malloc(sizeof *game);
    Bot *bot = malloc(sizeof *bot);
    if (!game || !bot || !game_init(game, seed, rules)) {
        snprintf(err, err_size, "seed %llu: %s", (unsigned long long)seed,
                 game && bot ? game->error : "out of memory");
        free(game);
        free(bot);
        return false;
    }
    bot_init(bot);
    JournalWriter file = {.fd = -1};
    bool ok = true;
    if (record_path) {
        JournalHeader h;
        journal_header_for(&h, game);
        ok = journal_create(&file, record_path, &h, err, err_size);
        journal = ok ? &file : NULL;
    }
    if (journal) {
        bot->on_command = record_command;
        bot->on_command_ctx = journal;
    }
    /* A bot with nothing to do still lets turns pass (it searches), so this ends. */
    while (ok && game->outcome == GAME_PLAYING && game->turn < (uint32_t)max_turns)
        if (!bot_play_turn(bot, game))
            break;
    if (journal == &file) {
        journal_add_check(&file, game);
        ok = journal_sync(&file, err, err_size);
        journal_close(&file);
    }
    if (!ok) {
        game_free(game);
        free(game);
        free(bot);
        return false;
    }
    *out = (AutoplayResult){.seed = seed,
                            .outcome = game->outcome,
                            .timed_out = game->outcome == GAME_PLAYING,
                            .deepest = game->deepest,
                            .turns = (int)game->turn,
                            .level = game->player->stats.level,
                            .xp = game->player->stats.xp,
                            .score = game_score(game),
                            .counters = game->counters};
    game_free(game);
    free(game);
    free(bot);
    return true;
}

static void print_result(const AutoplayResult *r, FILE *out)
{
    cJSON *o = cJSON_CreateObject();
    output_add_u64(o, "seed", r->seed);
    cJSON_AddStringToObject(o, "result",
                            r->timed_out             ? "timeout"
                            : r->outcome == GAME_WON ? "won"
                                                     : "died");
    cJSON_AddNumberToObject(o, "deepest", r->deepest);
    cJSON_AddNumberToObject(o, "turns", r->turns);
    cJSON_AddNumberToObject(o, "kills", r->counters.kills);
    cJSON_AddNumberToObject(o, "level", r->level);
    cJSON_AddNumberToObject(o, "xp", r->xp);
    cJSON_AddNumberToObject(o, "score", (double)r->score);
    cJSON_AddNumberToObject(o, "doors_opened", r->counters.doors_opened);
    cJSON_AddNumberToObject(o, "keys_used", r->counters.keys_used);
    cJSON_AddNumberToObject(o, "hidden_found", r->counters.hidden_found);
    cJSON_AddNumberToObject(o, "items_picked", r->counters.items_picked);
    char *text = cJSON_PrintUnformatted(o);
    if (text)
        fprintf(out, "%s\n", text);
    cJSON_free(text);
    cJSON_Delete(o);
}

static int by_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

int autoplay_cmd_run(const CliOptions *opt, FILE *out, FILE *diag)
{
    static Rules rules;
    char err[1400];
    if (!paths_load_rules(&rules, err, sizeof err)) {
        errline_say(diag, "%s", err);
        return 1;
    }
    if (opt->record_dir && mkdir(opt->record_dir, 0777) != 0 && errno != EEXIST) {
        errline_say(diag, "autoplay: %s: cannot make the folder: %s", opt->record_dir,
                    strerror(errno));
        return 1;
    }
    int *deepest = calloc((size_t)opt->games, sizeof *deepest);
    if (!deepest) {
        errline_say(diag, "out of memory");
        return 1;
    }
    AutoplayResult total = {0};
    int won = 0, died = 0, timeouts = 0;
    long long turns = 0;
    for (int g = 0; g < opt->games; g++) {
        AutoplayResult r;
        /* Unsigned: past 2^64-1 the seeds wrap to 0 (docs/ARCHITECTURE.md: seed N+g mod 2^64). */
        uint64_t seed = opt->seed + (uint64_t)g;
        char path[1200];
        if (opt->record_dir)
            snprintf(path, sizeof path, "%s/seed-%llu.mkrec", opt->record_dir,
                     (unsigned long long)seed);
        if (!autoplay_game_recorded(&rules, seed, opt->max_turns, opt->record_dir ? path : NULL,
                                    NULL, &r, err, sizeof err)) {
            errline_say(diag, "autoplay: %s", err);
            free(deepest);
            return 1;
        }
        print_result(&r, out);
        fflush(out);
        deepest[g] = r.deepest;
        won += !r.timed_out && r.outcome == GAME_WON;
        died += !r.timed_out && r.outcome == GAME_DIED;
        timeouts += r.timed_out;
        turns += r.turns;
        total.counters.kills += r.counters.kills;
        total.counters.doors_opened += r.counters.doors_opened;
        total.counters.keys_used += r.counters.keys_used;
        total.counters.hidden_found += r.counters.hidden_found;
        total.counters.items_picked += r.counters.items_picked;
    }
    qsort(deepest, (size_t)opt->games, sizeof *deepest, by_int);
    fprintf(diag,
            "totals: %d games, %d won (%.1f%%), %d died, %d timed out; median deepest floor %d; "
            "%lld turns; kills %d, doors_opened %d, keys_used %d, hidden_found %d, "
            "items_picked %d\n",
            opt->games, won, 100.0 * won / opt->games, died, timeouts, deepest[opt->games / 2],
            turns, total.counters.kills, total.counters.doors_opened, total.counters.keys_used,
            total.counters.hidden_found, total.counters.items_picked);
    free(deepest);
    return 0;
}
