#include <stdlib.h>
#include <string.h>

#include "core/world.h"
#include "entities/entities.h"
#include "game/game.h"

static bool player_sees(const World *world, int x, int y)
{
    return game_cell_visible(world->viewer, x, y);
}

World game_world(Game *game)
{
    return (World){.floor = game_floor(game),
                   .log = &game->log,
                   .rng = &game->rng_play,
                   .turn = game->turn,
                   .shown = player_sees,
                   .viewer = game};
}

/* A locked door: a Key from the pack unlocks it, or the bump is refused. */
static bool bump_locked(Game *game, Entity *door)
{
    int key = game_find_item(game, "Key");
    if (key < 0) {
        msglog_add_tone(&game->log, game->turn, MSG_WARN, "The door is locked. Key required.");
        game->events |= GAME_EVENT_LOCKED | GAME_EVENT_BLOCKED;
        return false;
    }
    free(game_take_item(game, key));
    door_set_state(door, DOOR_CLOSED);
    game_know_more(game);
    game->counters.keys_used = limits_count_up(game->counters.keys_used, GAME_COUNT_MAX);
    game->events |= GAME_EVENT_UNLOCKED;
    msglog_add_tone(&game->log, game->turn, MSG_FIND, "Unlocked door. Key lost.");
    return true;
}

bool game_player_move(Game *game, int dx, int dy)
{
    game->sight_dirty = true; /* a step, a door opened or unlocked: cheap to be safe */
    game->last_dx = dx;
    game->last_dy = dy;
    Floor *floor = game_floor(game);
    Entity *player = game->player;
    if (dx)
        player->facing = dx > 0 ? 1 : -1;
    int nx = player->x + dx, ny = player->y + dy;
    if (map_is_wall(&floor->map, nx, ny) ||
        !floor_diagonal_allowed(floor, player->x, player->y, dx, dy)) {
        game->events |= GAME_EVENT_BLOCKED;
        return false;
    }
    Entity *solid = floor_entity_at(floor, nx, ny, EF_SOLID);
    if (solid && solid->kind == KIND_MONSTER) {
        game_attack(game, player, solid);
        return true;
    }
    if (solid) {
        World world = game_world(game);
        TouchResult touch =
            solid->on_touch ? solid->on_touch(solid, player, &world) : TOUCH_NOTHING;
        switch (touch) {
        case TOUCH_CLIMB_UP: return game_change_floor(game, game->current + 1);
        case TOUCH_CLIMB_DOWN: return game_change_floor(game, game->current - 1);
        case TOUCH_LOCKED: return bump_locked(game, solid);
        case TOUCH_BLOCKED:
            if (solid->kind == KIND_DOOR) {
                game_know_more(game);
                game->counters.doors_opened =
                    limits_count_up(game->counters.doors_opened, GAME_COUNT_MAX);
                game->events |= GAME_EVENT_DOOR_OPENED;
            }
            return true;
        case TOUCH_NOTHING: break;
        }
        if (solid->flags & EF_SOLID) {
            game->events |= GAME_EVENT_BLOCKED;
            return false;
        }
    }
    player->x = nx;
    player->y = ny;
    game->events |= GAME_EVENT_STEP;
    game_pick_up(game);
    return true;
}

/* Ids of the mice the player sees, to notice a new one coming into view. */
typedef struct Watch {
    uint32_t ids[64];
    int count;
} Watch;

static void watch_mice(Game *game, Watch *w)
{
    w->count = 0;
    for (Entity *e = game_floor(game)->entities.head; e && w->count < 64; e = e->next)
        if (e->kind == KIND_MONSTER && !(e->flags & EF_REMOVED) &&
            game_cell_visible(game, e->x, e->y))
            w->ids[w->count++] = e->id;
}

static bool new_mouse_in_view(Game *game, const Watch *before)
{
    Watch now;
    watch_mice(game, &now);
    for (int i = 0; i < now.count; i++) {
        bool known = false;
        for (int j = 0; j < before->count && !known; j++)
            known = before->ids[j] == now.ids[i];
        if (!known)
            return true;
    }
    return false;
}

static void end_turn(Game *game)
{
    if (game->turn < GAME_TURN_MAX) /* the clock stops there rather than wrap */
        game->turn++;
    Stats *s = &game->player->stats;
    int regen = game->rules->regen_turns;
    if (regen && game->turn % (uint32_t)regen == 0 && s->hp < s->max_hp)
        s->hp++;
    /* Sight is recomputed only when something changed it: the player moved, or a door
     * opened, was unlocked or was found (a mouse opening one counts too). */
    if (game->sight_dirty)
        game_update_sight(game);
    game_monsters_act(game);
    entity_list_purge(&game_floor(game)->entities);
    if (game->sight_dirty)
        game_update_sight(game);
}

static bool perform(Game *game, const Command *cmd)
{
    switch (cmd->type) {
    case CMD_MOVE:
        if (abs(cmd->dx) <= 1 && abs(cmd->dy) <= 1 && (cmd->dx || cmd->dy))
            return game_player_move(game, cmd->dx, cmd->dy);
        return false;
    case CMD_WAIT: return true;
    case CMD_SEARCH: return game_search(game);
    case CMD_USE: return game_use_item(game, cmd->item);
    case CMD_EQUIP: return game_equip_item(game, cmd->item);
    case CMD_DROP: return game_drop_item(game, cmd->item);
    case CMD_TRAVEL:
        game->activity = ACTIVITY_TRAVEL;
        game->travel_x = cmd->x;
        game->travel_y = cmd->y;
        return game_travel_step(game);
    case CMD_TRAVEL_STAIRS: {
        const Entity *stairs = game_known_stairs(game, cmd->dy);
        if (!stairs) {
            msglog_add_tone(&game->log, game->turn, MSG_WARN,
                            "You have not found the stairs %s yet.", cmd->dy > 0 ? "up" : "down");
            return false;
        }
        game->activity = ACTIVITY_TRAVEL;
        game->travel_x = stairs->x;
        game->travel_y = stairs->y;
        return game_travel_step(game);
    }
    case CMD_EXPLORE: game->activity = ACTIVITY_EXPLORE; return game_explore_step(game);
    case CMD_CONTINUE:
        return game->activity == ACTIVITY_TRAVEL    ? game_travel_step(game)
               : game->activity == ACTIVITY_EXPLORE ? game_explore_step(game)
                                                    : false;
    case CMD_STOP:
    case CMD_NONE: return false;
    }
    return false;
}

void game_notice_mice(Game *game)
{
    for (Entity *e = game_floor(game)->entities.head; e; e = e->next) {
        if (e->kind != KIND_MONSTER || (e->flags & (EF_REMOVED | EF_SEEN)) ||
            !game_cell_visible(game, e->x, e->y))
            continue;
        e->flags |= EF_SEEN;
        if (e->flags & EF_UNIQUE)
            msglog_add_tone(&game->log, game->turn, MSG_KING, "You see %s!", entity_a(e, false).s);
        else
            msglog_add_tone(&game->log, game->turn, MSG_WARN, "You see %s.", entity_a(e, false).s);
    }
}

bool game_apply(Game *game, const Command *cmd)
{
    game->events = 0;
    game->commands++;
    if (game->outcome != GAME_PLAYING)
        return false;
    if (cmd->type != CMD_CONTINUE && game->activity != ACTIVITY_NONE) {
        game->activity = ACTIVITY_NONE;
        if (cmd->type == CMD_STOP)
            game->events |= GAME_EVENT_STOPPED;
    }
    if (cmd->type != CMD_SEARCH)
        game->search_streak = 0;
    Watch before;
    watch_mice(game, &before);
    int hp_before = game->player->stats.hp;
    int floor_before = game->current;
    bool took_turn = perform(game, cmd);
    if (took_turn && game->outcome == GAME_PLAYING)
        end_turn(game);
    else if (took_turn)
        game->turn++;
    if (took_turn)
        game_notice_mice(game);
    if (game->activity != ACTIVITY_NONE &&
        (!took_turn || game->outcome != GAME_PLAYING || new_mouse_in_view(game, &before) ||
         game->player->stats.hp < hp_before || game->current != floor_before ||
         (game->events & (GAME_EVENT_PICKUP | GAME_EVENT_LEVEL_UP | GAME_EVENT_FOUND)))) {
        game->activity = ACTIVITY_NONE;
        game->events |= GAME_EVENT_STOPPED;
    }
    return took_turn;
}
