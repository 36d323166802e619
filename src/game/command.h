/* Everything a player can do is a Command; keyboard, mouse, gamepad, tests and the bot all
 * drive the game by sending them to game_apply. */
#ifndef MK_COMMAND_H
#define MK_COMMAND_H

typedef enum CommandType {
    CMD_NONE,
    CMD_MOVE, /* one step by (dx, dy), each -1..1; bumping is how doors open and stairs work */
    CMD_WAIT  /* let a turn pass */
} CommandType;

typedef struct Command {
    CommandType type;
    int dx, dy;
} Command;

static inline Command command_move(int dx, int dy)
{
    return (Command){.type = CMD_MOVE, .dx = dx, .dy = dy};
}

static inline Command command_wait(void)
{
    return (Command){.type = CMD_WAIT};
}

#endif
