#include "cli/shot_cmd.h"

#include <stdlib.h>

#include "bot/bot.h"
#include "cli/load_rules.h"
#include "core/errline.h"
#include "ui/shot.h"

/* The bot's game of `seed` after `turns` turns (fewer when the game ends first). */
static bool play_to(Game *game, const Rules *rules, uint64_t seed, int turns, char *err,
                    size_t err_size)
{
    if (!game_init(game, seed, rules)) {
        snprintf(err, err_size, "%s", game->error);
        return false;
    }
    Bot *bot = malloc(sizeof *bot);
    if (!bot) {
        game_free(game);
        snprintf(err, err_size, "out of memory");
        return false;
    }
    bot_init(bot);
    while ((int)game->turn < turns && game->outcome == GAME_PLAYING && bot_play_turn(bot, game))
        ;
    free(bot);
    return true;
}

int shot_cmd_run(const CliOptions *opt, FILE *diag)
{
    static Rules rules;
    static Game game;
    char err[1600];
    if (!cli_load_rules(&rules, "shot", diag))
        return 1;
    if (!play_to(&game, &rules, opt->seed, opt->shot_turns, err, sizeof err)) {
        errline_say(diag, "shot: %s", err);
        return 1;
    }
    ShotView sv = {opt->shot_w, opt->shot_h, opt->shot_floor ? ZOOM_FLOOR : ZOOM_CLOSE,
                   opt->has_look ? opt->look_x : -1, opt->look_y};
    bool ok = shot_write(&game, &sv, opt->shot_path, opt->layout_path, err, sizeof err);
    game_free(&game);
    if (!ok) {
        errline_say(diag, "shot: %s", err);
        return 1;
    }
    return 0;
}
