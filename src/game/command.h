/* Everything a player can do is a Command; keyboard, mouse, gamepad, tests and the bot all
 * drive the game by sending them to game_apply. */
#ifndef MK_COMMAND_H
#define MK_COMMAND_H

typedef enum CommandType {
    CMD_NONE,
    CMD_MOVE,          /* one step by (dx, dy), each -1..1; bumping attacks, opens doors, climbs */
    CMD_WAIT,          /* let a turn pass */
    CMD_SEARCH,        /* look for hidden doors around; the fifth in a row is thorough */
    CMD_REST,          /* rest until HP is full, one turn per CMD_CONTINUE, unless disturbed */
    CMD_SEARCH_LONG,   /* search until the thorough search (five in a row), unless disturbed */
    CMD_USE,           /* use inventory item `item`: a Health Pack heals, gear is equipped */
    CMD_EQUIP,         /* equip inventory item `item`, or take it off if it is worn */
    CMD_DROP,          /* put inventory item `item` down here */
    CMD_TRAVEL,        /* start walking to (x, y) by the shortest known path */
    CMD_TRAVEL_STAIRS, /* start walking to the stairs the player has seen: dy +1 up, -1 down */
    CMD_EXPLORE,       /* start walking toward the nearest unexplored place (seen items first) */
    CMD_CONTINUE,      /* the next step of the travel or exploring under way */
    CMD_STOP,          /* end the travel or exploring under way (no turn) */
    CMD_CLOSE,         /* close the open door at (dx, dy); (0, 0): the only one beside her */
    CMD_THROW          /* throw or place inventory item `item` at (x, y) (docs/RULES.md R-THROW) */
} CommandType;

typedef struct Command {
    CommandType type;
    int dx, dy; /* CMD_MOVE, CMD_CLOSE */
    int x, y;   /* CMD_TRAVEL, CMD_THROW */
    int item;   /* CMD_USE, CMD_EQUIP, CMD_DROP, CMD_THROW: the item's letter (0 = 'a') */
} Command;

static inline Command command_move(int dx, int dy)
{
    return (Command){.type = CMD_MOVE, .dx = dx, .dy = dy};
}

static inline Command command_close(int dx, int dy)
{
    return (Command){.type = CMD_CLOSE, .dx = dx, .dy = dy};
}

static inline Command command_throw(int item, int x, int y)
{
    return (Command){.type = CMD_THROW, .item = item, .x = x, .y = y};
}

static inline Command command_of(CommandType type)
{
    return (Command){.type = type};
}

static inline Command command_wait(void)
{
    return command_of(CMD_WAIT);
}

static inline Command command_item(CommandType type, int item)
{
    return (Command){.type = type, .item = item};
}

static inline Command command_travel_stairs(int dy)
{
    return (Command){.type = CMD_TRAVEL_STAIRS, .dy = dy};
}

static inline Command command_travel(int x, int y)
{
    return (Command){.type = CMD_TRAVEL, .x = x, .y = y};
}

#endif
