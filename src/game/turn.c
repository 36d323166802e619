#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/world.h"
#include "entities/entities.h"
#include "game/effects.h"
#include "game/game.h"
#include "game/memory.h"
#include "game/tools.h"
#include "game/travel.h"
#include "game/view_list.h"

static bool player_sees(const World *world, int x, int y)
{
    return game_cell_visible(world->viewer, x, y);
}

static void noise(const World *world, int x, int y, const char *what);

World game_world(Game *game)
{
    return (World){.floor = game_floor(game),
                   .log = &game->log,
                   .rng = &game->rng_play,
                   .turn = game->turn,
                   .kinds = game->factory.kinds,
                   .shown = player_sees,
                   .viewer = game,
                   .noise = noise,
                   .listener = game};
}

void game_set_door(Game *game, Entity *door, DoorState state)
{
    door_set_state(game->factory.kinds, door, state);
    game_caches_invalidate(game, CACHE_DOOR_CHANGED);
}

TouchResult game_touch(Game *game, Entity *thing, Entity *actor)
{
    if (!thing->on_touch)
        return TOUCH_NOTHING;
    World world = game_world(game);
    const EntityKind kind = thing->kind;
    const DoorState was = thing->door;
    TouchResult touch = thing->on_touch(thing, actor, &world);
    if (kind == KIND_DOOR && (thing->kind != kind || thing->door != was))
        game_caches_invalidate(game, CACHE_DOOR_CHANGED);
    return touch;
}

/* A locked door: a Key from the pack unlocks it, or the bump is refused. */
static bool bump_locked(Game *game, Entity *door)
{
    int key = game_find_item(game, KIND_ID_KEY);
    if (key < 0) {
        msglog_add_tone(&game->log, game->turn, MSG_WARN, "The door is locked. Key required.");
        game->events |= GAME_EVENT_LOCKED | GAME_EVENT_BLOCKED;
        return false;
    }
    free(game_take_item(game, key));
    game_set_door(game, door, DOOR_CLOSED);
    game->counters.keys_used = limits_count_up(game->counters.keys_used, GAME_COUNT_MAX);
    game->events |= GAME_EVENT_UNLOCKED;
    msglog_add_tone(&game->log, game->turn, MSG_FIND, "Unlocked door. Key lost.");
    return true;
}

/* A diagonal step refused at a doorway says why, once: not again while it is the newest line
 * (R-STAIRS-KEY-4). */
static void say_no_diagonal(Game *game, const Floor *floor, int nx, int ny)
{
    const Entity *p = game->player;
    bool out = floor_is_doorway(floor, p->x, p->y);
    if (!out && !floor_is_doorway(floor, nx, ny))
        return; /* between two walls: nothing to explain */
    char why[MSGLOG_LINE_MAX];
    snprintf(why, sizeof why, "No diagonal steps %s a doorway: step straight.",
             out ? "out of" : "into");
    const LogEntry *last = msglog_get(&game->log, 0);
    if (!last || strcmp(last->text, why) != 0)
        msglog_add_tone(&game->log, game->turn, MSG_WARN, "%s", why);
}

bool game_player_move(Game *game, int dx, int dy)
{
    game_caches_invalidate(game, CACHE_PLAYER_MOVED); /* a step or a bump: cheap to be safe */
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
        if (!map_is_wall(&floor->map, nx, ny))
            say_no_diagonal(game, floor, nx, ny);
        return false;
    }
    Entity *solid = floor_entity_at(floor, nx, ny, EF_SOLID);
    if (solid && solid->kind == KIND_MONSTER) {
        game_attack(game, player, solid);
        return true;
    }
    if (solid) {
        TouchResult touch = game_touch(game, solid, player);
        switch (touch) {
        case TOUCH_CLIMB_UP: return game_change_floor(game, game->current + 1);
        case TOUCH_CLIMB_DOWN: return game_change_floor(game, game->current - 1);
        case TOUCH_LOCKED: return bump_locked(game, solid);
        case TOUCH_BLOCKED:
            if (solid->kind == KIND_DOOR) {
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
    if (game_cage_shut_at(game, nx, ny)) {
        game->events |= GAME_EVENT_BLOCKED;
        return false;
    }
    player->x = nx;
    player->y = ny;
    game->events |= GAME_EVENT_STEP;
    game_pick_up(game);
    return true;
}

/* The mice the player sees, each with whether it is awake, to notice a mouse coming into
 * view or waking up while a walk, a rest or a search goes on. */
typedef struct Watch {
    uint32_t ids[GAME_WATCH_MAX];
    bool awake[GAME_WATCH_MAX];
    int count;
} Watch;

static void watch_mice(Game *game, Watch *w)
{
    w->count = 0;
    for (Entity *e = game_floor(game)->entities.head; e && w->count < GAME_WATCH_MAX; e = e->next)
        if (e->kind == KIND_MONSTER && !(e->flags & EF_REMOVED) &&
            game_cell_visible(game, e->x, e->y)) {
            w->ids[w->count] = e->id;
            w->awake[w->count++] = e->mind.state != MIND_DORMANT;
        }
}

/* A mouse in view now that was not before, or that was asleep before and is awake now (then
 * *woke is set); NULL when there is none. */
static const Entity *disturbing_mouse(Game *game, const Watch *before, bool *woke)
{
    for (const Entity *e = game_floor(game)->entities.head; e; e = e->next) {
        if (e->kind != KIND_MONSTER || (e->flags & EF_REMOVED) ||
            !game_cell_visible(game, e->x, e->y))
            continue;
        int j = 0;
        while (j < before->count && before->ids[j] != e->id)
            j++;
        *woke = j < before->count && !before->awake[j] && e->mind.state != MIND_DORMANT;
        if (j == before->count || *woke)
            return e;
    }
    *woke = false;
    return NULL;
}

static void noise(const World *world, int x, int y, const char *what)
{
    game_noise(world->listener, x, y, what);
}

void game_noise(Game *game, int x, int y, const char *what)
{
    int dx = x - game->player->x, dy = y - game->player->y, r = game->rules->hearing;
    if (dx * dx + dy * dy > r * r)
        return;
    game->events |= GAME_EVENT_HEARD;
    msglog_add(&game->log, game->turn, "You hear %s, to the %s.", what, game_compass(dx, dy));
}

/* One more turn on the clock and on the floor's count, until the clock stops at its limit
 * rather than wrap. */
static void count_turn(Game *game)
{
    if (game->turn < GAME_TURN_MAX) {
        game->turn++;
        game->floor_stats[game->current].turns++;
    }
}

/* R-VIAL-4: asleep, the player loses her turns while the mice go on. */
static void sleep_on(Game *game)
{
    while (game->vials.asleep > 0 && game->outcome == GAME_PLAYING) {
        game->vials.asleep--;
        count_turn(game);
        vials_tick(game);
        game_monsters_act(game);
        entity_list_purge(&game_floor(game)->entities);
        game_caches_settle_sight(game);
        if (!game->vials.asleep)
            msglog_add(&game->log, game->turn, "You wake up.");
    }
}

static void end_turn(Game *game)
{
    if (vials_spare_action(game)) {
        game_caches_settle_sight(game);
        return;
    }
    count_turn(game);
    vials_tick(game);
    Stats *s = &game->player->stats;
    int regen = game->rules->regen_turns;
    if (regen && game->turn % (uint32_t)regen == 0 && s->hp < s->max_hp)
        s->hp++;
    /* Sight is recomputed only when something changed it: the player moved, or a door
     * opened, was unlocked or was found (a mouse opening one counts too). */
    effect_worn_turn(game);
    game_caches_settle_sight(game);
    game_monsters_act(game);
    entity_list_purge(&game_floor(game)->entities);
    game_caches_settle_sight(game);
    sleep_on(game);
}

static bool perform(Game *game, const Command *cmd)
{
    switch (cmd->type) {
    case CMD_MOVE:
        if (abs(cmd->dx) <= 1 && abs(cmd->dy) <= 1 && (cmd->dx || cmd->dy))
            return game_player_move(game, cmd->dx, cmd->dy);
        return false;
    case CMD_WAIT: return true;
    case CMD_CLOSE: return game_close_door(game, cmd->dx, cmd->dy);
    case CMD_THROW: return game_throw(game, cmd->item, cmd->x, cmd->y);
    case CMD_SEARCH: return game_search(game);
    case CMD_REST: return game_rest_start(game);
    case CMD_SEARCH_LONG: game->activity = ACTIVITY_SEARCH; return game_search(game);
    case CMD_USE: return game_use_item(game, cmd->item);
    case CMD_EQUIP: return game_equip_item(game, cmd->item);
    case CMD_DROP: return game_drop_item(game, cmd->item);
    case CMD_TRAVEL:
        game->activity = ACTIVITY_TRAVEL;
        game->travel_x = cmd->x;
        game->travel_y = cmd->y;
        return game_travel_step(game);
    case CMD_TRAVEL_STAIRS: return game_travel_stairs(game, cmd->dy);
    case CMD_EXPLORE: return game_explore_start(game);
    case CMD_CONTINUE:
        switch (game->activity) {
        case ACTIVITY_TRAVEL: return game_travel_step(game);
        case ACTIVITY_EXPLORE: return game_explore_step(game);
        case ACTIVITY_REST: return true; /* a turn of rest */
        case ACTIVITY_SEARCH: return game_search(game);
        case ACTIVITY_NONE: return false;
        }
        return false;
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
        const char *where = game_compass_to(game, e);
        if (e->flags & EF_UNIQUE)
            msglog_add_tone(&game->log, game->turn, MSG_KING, "You see %s, to the %s!",
                            entity_a(e, false).s, where);
        else
            msglog_add_tone(&game->log, game->turn, MSG_WARN, "You see %s, to the %s.",
                            entity_a(e, false).s, where);
    }
}

static bool is_search(const Game *game, const Command *cmd)
{
    return cmd->type == CMD_SEARCH || cmd->type == CMD_SEARCH_LONG ||
           (cmd->type == CMD_CONTINUE && game->activity == ACTIVITY_SEARCH);
}

/* What the player knew before a command, to tell whether something disturbed what goes on. (A
 * floor change is no question here: game_change_floor ends whatever went on, R-FLOOR-8.) */
typedef struct Before {
    Watch mice;
    int hp;
} Before;

static bool standing_still(const Game *game)
{
    return game->activity == ACTIVITY_REST || game->activity == ACTIVITY_SEARCH;
}

/* Why the activity under way must stop after this turn, said in the log when a mouse is the
 * reason (a mouse seen for the first time was named by game_notice_mice already). Resting and
 * searching, which stand still, also stop for anything new seen or heard. */
static bool disturbed(Game *game, const Before *before, const Entity *mouse, bool woke,
                      bool first_sight)
{
    if (mouse) {
        NameText name = entity_a(mouse, true);
        if (woke)
            msglog_add_tone(&game->log, game->turn, MSG_WARN, "%s wakes up, to the %s.", name.s,
                            game_compass_to(game, mouse));
        else if (!first_sight)
            msglog_add_tone(&game->log, game->turn, MSG_WARN, "%s comes into view, to the %s.",
                            name.s, game_compass_to(game, mouse));
        return true;
    }
    return game->outcome != GAME_PLAYING || game->player->stats.hp < before->hp ||
           (game->events & (GAME_EVENT_PICKUP | GAME_EVENT_LEVEL_UP | GAME_EVENT_FOUND)) ||
           (standing_still(game) && (game->events & (GAME_EVENT_HEARD | GAME_EVENT_SEEN)));
}

/* A rest ends at full HP, a long search with its thorough search. */
static void finish_activity(Game *game)
{
    const Stats *s = &game->player->stats;
    if (game->activity == ACTIVITY_REST && s->hp >= s->max_hp) {
        game->activity = ACTIVITY_NONE;
        game->events |= GAME_EVENT_STOPPED;
        msglog_add(&game->log, game->turn, "You rest until your HP is full.");
    } else if (game->activity == ACTIVITY_SEARCH && game->search_streak == 0) {
        game->activity = ACTIVITY_NONE;
        game->events |= GAME_EVENT_STOPPED;
    }
}

bool game_apply(Game *game, const Command *cmd)
{
    game->events = 0;
    game->commands = limits_count_up64(game->commands, GAME_COMMANDS_MAX);
    if (game->outcome != GAME_PLAYING)
        return false;
    if (!is_search(game, cmd))
        game->search_streak = 0;
    if (cmd->type != CMD_CONTINUE && game->activity != ACTIVITY_NONE) {
        game->activity = ACTIVITY_NONE;
        if (cmd->type == CMD_STOP)
            game->events |= GAME_EVENT_STOPPED;
    }
    Before before = {.hp = game->player->stats.hp};
    watch_mice(game, &before.mice);
    bool took_turn = perform(game, cmd);
    if (took_turn && game->outcome == GAME_PLAYING)
        end_turn(game);
    else if (took_turn)
        count_turn(game);
    const Entity *mouse = NULL;
    bool woke = false, first_sight = false;
    if (took_turn) {
        mouse = disturbing_mouse(game, &before.mice, &woke);
        first_sight = mouse && !(mouse->flags & EF_SEEN);
        game_notice_mice(game);
        game_memory_update(game);
    }
    if (game->activity != ACTIVITY_NONE &&
        (!took_turn || disturbed(game, &before, mouse, woke, first_sight))) {
        game->activity = ACTIVITY_NONE;
        game->events |= GAME_EVENT_STOPPED;
    }
    finish_activity(game);
    return took_turn;
}
