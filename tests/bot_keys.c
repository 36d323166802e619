/* bot_keys SEED MAX_TURNS: the bot plays a game headless and prints, one per line, the keys a
 * player would press in the window to play the same game (xdotool key names), and a line
 * "SHOT name" after a turn that showed something worth a screenshot. Fed to xdotool against
 * the real window, it plays the game there key by key: the same seed and the same commands
 * give the same game. Not a test itself; tests/play_window.sh uses it. */
#include <stdio.h>
#include <stdlib.h>

#include "bot/bot.h"

static const char *move_key(int dx, int dy)
{
    static const char *const keys[3][3] = {{"y", "k", "u"}, {"h", "period", "l"}, {"b", "j", "n"}};
    return keys[dy + 1][dx + 1];
}

/* A command that takes no turn can still change the game: a refused explore ends a run of
 * searches, so the fifth search after it is not the thorough one. Such a command gets its
 * key too, so the window's game stays the bot's. */
typedef struct Watch {
    int streak;    /* the search streak before the command */
    uint32_t turn; /* the turn before the command */
} Watch;

static void on_command(void *ctx, const Command *cmd, const Game *after)
{
    Watch *w = ctx;
    if (after->turn == w->turn && w->streak > 0 && after->search_streak == 0 &&
        cmd->type == CMD_EXPLORE)
        printf("x\n");
    w->streak = after->search_streak;
    w->turn = after->turn;
}

int main(int argc, char **argv)
{
    if (argc != 4) {
        fprintf(stderr, "usage: bot_keys SEED MAX_TURNS RULES_JSON\n");
        return 2;
    }
    static Rules rules;
    char err[512];
    if (!rules_load(&rules, argv[3], err, sizeof err)) {
        fprintf(stderr, "bot_keys: %s\n", err);
        return 1;
    }
    static Game game;
    static Bot bot;
    if (!game_init(&game, strtoull(argv[1], NULL, 10), &rules)) {
        fprintf(stderr, "bot_keys: %s\n", game.error);
        return 1;
    }
    bot_init(&bot);
    Watch watch = {0, 0};
    bot.on_command = on_command;
    bot.on_command_ctx = &watch;
    int max = atoi(argv[2]);
    uint32_t seen = 0;
    while ((int)game.turn < max && game.outcome == GAME_PLAYING) {
        /* The bot sends its commands straight to the game; watch what each turn did. */
        int inventory_before = game.inventory_count;
        Entity *items[RULES_INVENTORY_CAP]; /* by letter */
        for (int i = 0; i < RULES_INVENTORY_CAP; i++)
            items[i] = game.inventory[i];
        uint32_t turn = game.turn;
        int px = game.player->x, py = game.player->y, floor = game.current;
        Entity *worn[SLOT_COUNT];
        for (int s = 0; s < SLOT_COUNT; s++)
            worn[s] = game.equipped[s];
        watch.streak = game.search_streak;
        watch.turn = game.turn;
        if (!bot_play_turn(&bot, &game))
            break;
        if (game.turn == turn)
            continue;
        uint32_t ev = game.events;
        if (ev & (GAME_EVENT_STEP | GAME_EVENT_ATTACK | GAME_EVENT_DOOR_OPENED |
                  GAME_EVENT_UNLOCKED | GAME_EVENT_FLOOR_CHANGED) ||
            game.player->x != px || game.player->y != py || game.current != floor) {
            printf("%s\n", move_key(game.last_dx, game.last_dy));
        } else if (ev & GAME_EVENT_SEARCHED) {
            printf("s\n");
        } else if (ev & (GAME_EVENT_HEALED | GAME_EVENT_EQUIPPED)) {
            /* The item used: newly worn, else taken off, else gone from the pack (a swap
             * changes two items; the key is the new one's). */
            int index = -1;
            for (int pass = 0; pass < 3 && index < 0; pass++)
                for (int i = 0; i < RULES_INVENTORY_CAP && index < 0; i++) {
                    if (!items[i])
                        continue;
                    bool was = false, now = false, still = game.inventory[i] == items[i];
                    for (int s = 0; s < SLOT_COUNT; s++) {
                        was |= worn[s] == items[i];
                        now |= game.equipped[s] == items[i];
                    }
                    if ((pass == 0 && now && !was) || (pass == 1 && was && !now) ||
                        (pass == 2 && !still))
                        index = i;
                }
            printf("Tab\n%c\nTab\n", 'a' + (index < 0 ? 0 : index));
        } else if (game.inventory_count < inventory_before) {
            int index = 0; /* dropped: the letter now empty */
            while (index < RULES_INVENTORY_CAP - 1 && game.inventory[index] == items[index])
                index++;
            printf("Tab\nshift+%c\nTab\n", 'a' + index);
        } else {
            printf("period\n");
        }
        if (ev & GAME_EVENT_FLOOR_CHANGED)
            printf("SLEEP 0.7\n"); /* the window ignores keys while the screen is blank */
        static const struct {
            uint32_t bit;
            const char *name;
        } shots[] = {{GAME_EVENT_UNLOCKED, "unlocked"},
                     {GAME_EVENT_LOCKED, "locked"},
                     {GAME_EVENT_FOUND, "found"},
                     {GAME_EVENT_LEVEL_UP, "levelup"},
                     {GAME_EVENT_EQUIPPED, "equipped"},
                     {GAME_EVENT_HEALED, "healed"},
                     {GAME_EVENT_KILL, "kill"},
                     {GAME_EVENT_DIED, "died"},
                     {GAME_EVENT_WON, "won"}};
        for (size_t i = 0; i < sizeof shots / sizeof *shots; i++)
            if ((ev & shots[i].bit) && !(seen & shots[i].bit)) {
                seen |= shots[i].bit;
                printf("SHOT %s\n", shots[i].name);
            }
    }
    fprintf(stderr, "bot_keys: turn %u, floor %d, outcome %d\n", game.turn, game.current,
            game.outcome);
    return 0;
}
