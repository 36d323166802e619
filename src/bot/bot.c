/* The autoplay bot (bot.h): each turn the first plan of bot_play_turn's list that has
 * something to do gives the command. Doors: it opens them by walking into them and, when it
 * flees (hurt below FLEE_PERCENT with no Health Pack left, a hunting mouse in view), it closes
 * the door it has just stepped out of if nothing stands in it (plan_close_behind,
 * R-DOOR-CLOSE-4), then runs on for the stairs. Specimen lockers (plan_locker): once it sees
 * open cages it walks into the one whose item has the best gear_value (the first on a tie).
 * The lab tools and the known harmful vials: plan_tools, bot_tools.c (its rules at its top). */
#include "bot/bot.h"
#include "bot/bot_internal.h"
#include "game/travel.h"

#include <stdlib.h>
#include <string.h>

/* Gear (gear_value): worn by worth (attack + bonus) x (hit + bonus) + 6 defence + dodge + 2 sight.
 */
/* Vials (plan_drink_unknown): it drinks an unknown vial when no mouse is in view and it is at
 * full HP; a known Healing Serum is a Health Pack to it (heal_letter); it never drinks a known
 * Sedative, Acid or Pheromone, nor a known Radar; a known Adrenaline it drinks when a mouse is
 * in view and it is below half HP (plan_adrenaline); it drops known vials it will not drink
 * when full. */

/* Floor Plans (plan_read_floor_plan): the bot reads one from its pack as soon as it is on a
 * floor whose Stairs (Up) it has not seen and no mouse is in view; it keeps any others for the
 * floors after. */

enum {
    REST_BELOW_PERCENT = 60, /* rest (searching as it does) when no mouse is in view */
    CLIMB_FROM_PERCENT = 80, /* rest up to this before taking the stairs */
    HEAL_FIGHTING_PERCENT = 40,
    HEAL_ANY_PERCENT = 25,
    CHASE_TURNS = 12, /* how long a mouse seen and lost is followed beyond the way to it */
    CORNER_WAIT_TURNS =
        4, /* how long a mouse at a corner is waited for: it may have no way round */
    /* How long a fleeing mouse may stay in view before it is chased all the same (one that
     * keeps to a corridor the bot must take would hold it there for ever), and how long that
     * chase lasts before the bot leaves it be again (one circling a pillar is never caught). */
    FLEEING_PATIENCE = 30,
    FLEEING_CHASE = 40,
    FLEEING_FORGET = 20 /* turns without a fleeing mouse in view that end such a spell */
};

void bot_init(Bot *bot)
{
    memset(bot, 0, sizeof *bot);
    bot->thorough_at = -1;
    bot->walls_target = -1;
    bot_tools_init(bot);
}

int bot_hp_percent(const Game *game)
{
    const Stats *s = &game->player->stats;
    return s->hp * 100 / (s->max_hp > 0 ? s->max_hp : 1);
}

static bool seen(const Game *game, int x, int y)
{
    const Floor *f = game->floors[game->current];
    return map_in_bounds(&f->map, x, y) && f->seen[y * f->map.width + x];
}

/* Whether a fleeing mouse in view is chased now: once fleeing mice have been about (in view at
 * least every FLEEING_FORGET turns) for FLEEING_PATIENCE turns, for FLEEING_CHASE turns, then
 * left be as long again, and so on. */
static bool chase_fleeing(const Bot *bot, const Game *game)
{
    if (!bot || !bot->fleeing_about)
        return false;
    uint32_t t = game->turn - bot->fleeing_since;
    return t % (FLEEING_PATIENCE + FLEEING_CHASE) >= FLEEING_PATIENCE;
}

/* The nearest mouse in view (but for a fleeing one when `chase`: it keeps away, and a chase
 * would never end; unless one has stayed in view FLEEING_PATIENCE turns, when it is cornered
 * or keeping near), or NULL: the bot knows of mice only while it sees them. */
static Entity *nearest_mouse(const Bot *bot, Game *game, bool chase)
{
    if (chase && chase_fleeing(bot, game))
        chase = false;
    Entity *best = NULL;
    int best_d = 1 << 30;
    for (Entity *e = game_floor(game)->entities.head; e; e = e->next) {
        if (e->kind != KIND_MONSTER || !game_cell_visible(game, e->x, e->y) ||
            (chase && e->mind.state == MIND_FLEEING))
            continue;
        int dx = e->x - game->player->x, dy = e->y - game->player->y;
        int d = dx * dx + dy * dy;
        if (d < best_d) {
            best_d = d;
            best = e;
        }
    }
    return best;
}

Entity *bot_mouse_in_view(Game *game)
{
    return nearest_mouse(NULL, game, false);
}

/* A locked door on a seen cell: the player has seen it. */
static const Entity *known_locked_door(Game *game)
{
    for (const Entity *e = game_floor(game)->entities.head; e; e = e->next)
        if (e->kind == KIND_DOOR && e->door == DOOR_LOCKED && seen(game, e->x, e->y))
            return e;
    return NULL;
}

/* --- plans, in order; each gives a command or CMD_NONE when it does not apply --------- */

int bot_heal_letter(const Game *game)
{
    int pack = game_find_item(game, KIND_ID_HEALTH_PACK);
    int serum = vial_index(KIND_ID_HEALING_SERUM);
    if (pack < 0 && (game->vials.known & (1 << serum)))
        pack = game_find_item(game, KIND_ID_HEALING_SERUM);
    return pack;
}

bool bot_known_vial(const Game *game, const Entity *item)
{
    int k = vial_index(item->kind_id);
    return k >= 0 && (game->vials.known & (1 << k));
}

static Command plan_heal(Bot *bot, Game *game)
{
    (void)bot;
    int pack = bot_heal_letter(game);
    int hp = bot_hp_percent(game);
    if (pack >= 0 &&
        (hp < HEAL_ANY_PERCENT || (hp < HEAL_FIGHTING_PERCENT && bot_mouse_in_view(game))))
        return command_item(CMD_USE, pack);
    return command_of(CMD_NONE);
}

static int gear_value(const Game *game, const Entity *item)
{
    const ItemStats *s = &item->item;
    const Stats *own = &game->player->stats;
    /* A blow's worth is its damage times its chance: attack and hit trade against each other. */
    int blow = (own->attack_min + own->attack_max + 2 * s->attack) * (own->hit + s->hit) / 20;
    return blow + 6 * s->defence + s->dodge + 2 * game_item_sight(game, item);
}

static Command plan_equip(Bot *bot, Game *game)
{
    (void)bot;
    for (int slot = SLOT_WEAPON; slot < SLOT_COUNT; slot++) {
        const Entity *worn = game->equipped[slot];
        int best = -1, best_value = worn ? gear_value(game, worn) : -1;
        for (int i = 0; i < RULES_INVENTORY_CAP; i++) {
            const Entity *it = game->inventory[i];
            if (it && (int)it->item.slot == slot && it != worn &&
                gear_value(game, it) > best_value) {
                best = i;
                best_value = gear_value(game, it);
            }
        }
        if (best >= 0)
            return command_item(CMD_EQUIP, best);
    }
    return command_of(CMD_NONE);
}

/* See the top of the file. Only with room in the pack: a full one would leave the item. */
static Command plan_locker(Bot *bot, Game *game)
{
    const Entity *best = NULL;
    for (const Entity *e = game_floor(game)->entities.head; e; e = e->next)
        if ((e->flags & EF_CAGED) && !(e->flags & EF_CAGE_SHUT) && seen(game, e->x, e->y) &&
            (!best || gear_value(game, e) > gear_value(game, best)))
            best = e;
    if (!best || game->inventory_count >= game->rules->inventory_limit)
        return command_of(CMD_NONE);
    bot->locker_target = best->id;
    return command_travel(best->x, best->y);
}

/* The caged item walked to is in the pack now: the locker's pick. */
static void note_locker(Bot *bot, const Game *game)
{
    for (int i = 0; bot->locker_target && i < RULES_INVENTORY_CAP; i++)
        if (game->inventory[i] && game->inventory[i]->id == bot->locker_target) {
            bot->locker_pick = game->inventory[i]->name;
            bot->locker_target = 0;
        }
}

/* A full pack leaves new gear on the floor: drop a piece no better than what is worn. */
static Command plan_drop_junk(Bot *bot, Game *game)
{
    (void)bot;
    if (game->inventory_count < game->rules->inventory_limit)
        return command_of(CMD_NONE);
    for (int i = 0; i < RULES_INVENTORY_CAP; i++) {
        const Entity *it = game->inventory[i];
        if (!it)
            continue;
        const Entity *worn = it->item.slot != SLOT_NONE ? game->equipped[it->item.slot] : NULL;
        if (worn && worn != it && gear_value(game, it) <= gear_value(game, worn))
            return command_item(CMD_DROP, i);
        if (bot_known_vial(game, it) && it->kind_id != KIND_ID_HEALING_SERUM &&
            it->kind_id != KIND_ID_ADRENALINE)
            return command_item(CMD_DROP, i);
    }
    return command_of(CMD_NONE);
}

/* To the stairs: travel there, and the last step by hand (travel stops beside stairs when a
 * mouse is in view, leaving the floor to the player's choice; the bot has chosen). */
static Command to_stairs(const Game *game, const Entity *stairs)
{
    int dx = stairs->x - game->player->x, dy = stairs->y - game->player->y;
    if (abs(dx) <= 1 && abs(dy) <= 1)
        return command_move(dx, dy);
    return command_travel(stairs->x, stairs->y);
}

/* Whether (x, y) holds an open door and nothing else. */
static bool empty_open_door(const Game *game, int x, int y)
{
    bool door = false;
    for (const Entity *e = game->floors[game->current]->entities.head; e; e = e->next) {
        if ((e->flags & EF_REMOVED) || e->x != x || e->y != y)
            continue;
        if (e->kind != KIND_DOOR || e->door != DOOR_OPEN)
            return false;
        door = true;
    }
    return door;
}

/* Fleeing (hurt below FLEE_PERCENT, out of Health Packs) from a hunting mouse in view, it
 * closes the door it has just stepped out of, unless something is in that doorway: the mouse
 * loses sight of it and must stop to open the door (R-DOOR-CLOSE-4). */
static Command plan_close_behind(Bot *bot, Game *game)
{
    (void)bot;
    const Entity *mouse = bot_mouse_in_view(game);
    int dx = -game->last_dx, dy = -game->last_dy;
    if (!(game->events & GAME_EVENT_STEP) || bot_hp_percent(game) >= FLEE_PERCENT ||
        game_find_item(game, KIND_ID_HEALTH_PACK) >= 0 || !mouse ||
        mouse->mind.state != MIND_HUNTING ||
        !empty_open_door(game, game->player->x + dx, game->player->y + dy))
        return command_of(CMD_NONE);
    return command_close(dx, dy);
}

/* Hurt, out of Health Packs and a mouse in view: take the nearest known stairs, up or down
 * (mice do not follow), as long as the way there is known. */
static Command plan_flee(Bot *bot, Game *game)
{
    if (bot_hp_percent(game) >= FLEE_PERCENT || bot_heal_letter(game) >= 0 ||
        !bot_mouse_in_view(game))
        return command_of(CMD_NONE);
    game_known_distances(game, bot->dist);
    const Entity *best = NULL;
    int32_t best_d = PATH_UNREACHED;
    for (const Entity *e = game_floor(game)->entities.head; e; e = e->next) {
        if (e->kind != KIND_STAIRS || !seen(game, e->x, e->y))
            continue;
        for (int dy = -1; dy <= 1; dy++) /* the stairs themselves are never walked on */
            for (int dx = -1; dx <= 1; dx++) {
                int x = e->x + dx, y = e->y + dy;
                if (map_in_bounds(&game_floor(game)->map, x, y) &&
                    bot->dist[y * MAP_WIDTH + x] < best_d) {
                    best_d = bot->dist[y * MAP_WIDTH + x];
                    best = e;
                }
            }
    }
    return best ? to_stairs(game, best) : command_of(CMD_NONE);
}

static Command plan_fight(Bot *bot, Game *game)
{
    const Entity *p = game->player;
    const Floor *floor = game_floor(game);
    Entity *target = NULL;
    bool out_of_line = false;
    for (Entity *e = floor->entities.head; e; e = e->next) {
        if (e->kind != KIND_MONSTER || abs(e->x - p->x) > 1 || abs(e->y - p->y) > 1)
            continue;
        if (!floor_diagonal_allowed(floor, p->x, p->y, e->x - p->x, e->y - p->y))
            out_of_line = true;
        else if (!target || e->stats.hp < target->stats.hp)
            target = e;
    }
    if (target)
        return command_move(target->x - p->x, target->y - p->y);
    /* A mouse it cannot strike (diagonal at a doorway, or round a corner) cannot strike it
     * either: waiting makes the mouse step in line, and the bot strikes first. Not for ever:
     * a mouse with no way round (a hidden door between) would hold the bot there. */
    if (out_of_line && bot->corner_waits < CORNER_WAIT_TURNS) {
        bot->corner_waits++;
        return command_of(CMD_SEARCH);
    }
    if (!out_of_line)
        bot->corner_waits = 0;
    return command_of(CMD_NONE);
}

/* The turns the known way takes to beside (x, y) (a mouse's own cell is never walked on: its
 * neighbours are), at most: a straight step costs PATH_STRAIGHT and a door one step more, a
 * diagonal less than two steps. -1 when the player knows no way there. */
static int turns_to_beside(Game *game, int x, int y)
{
    int32_t best = game_known_cost_beside(game, x, y);
    return best == PATH_UNREACHED ? -1 : best / PATH_STRAIGHT + 1;
}

/* The mouse being chased, while it is in view (and not fleeing), or NULL. */
static Entity *chased_in_view(const Bot *bot, Game *game)
{
    if (game->turn >= bot->chase_until || bot->chase_floor != game->current)
        return NULL;
    for (Entity *e = game_floor(game)->entities.head; e; e = e->next)
        if (e->id == bot->chase_id && e->kind == KIND_MONSTER &&
            game_cell_visible(game, e->x, e->y) &&
            (e->mind.state != MIND_FLEEING || chase_fleeing(bot, game)))
            return e;
    return NULL;
}

/* Walks up to a mouse it sees, and on to where it last saw it when a step hides it: walking
 * away from a mouse one has just seen would only undo the step toward it. One mouse at a time
 * until the chase ends (another coming into view as a step hides the first would turn the bot
 * back, and the next step back again), and for as long as the known way there takes: a chase
 * given up half way round leaves the bot where exploring brings the mouse into view again. */
static Command plan_chase(Bot *bot, Game *game)
{
    const Entity *p = game->player;
    bool chasing = game->turn < bot->chase_until && bot->chase_floor == game->current &&
                   (p->x != bot->chase_x || p->y != bot->chase_y);
    Entity *mouse = chased_in_view(bot, game);
    if (!mouse && !chasing)
        mouse = nearest_mouse(bot, game, true);
    if (mouse) {
        int turns = turns_to_beside(game, mouse->x, mouse->y);
        bot->chase_id = mouse->id;
        bot->chase_floor = game->current;
        bot->chase_x = mouse->x;
        bot->chase_y = mouse->y;
        bot->chase_until = game->turn + (uint32_t)(turns > 0 ? turns : 0) + CHASE_TURNS;
        return command_travel(mouse->x, mouse->y);
    }
    if (chasing)
        return command_travel(bot->chase_x, bot->chase_y);
    bot->chase_until = 0;
    return command_of(CMD_NONE);
}

/* A rest or a long search under way goes on (the game stops it when disturbed). */
static Command plan_carry_on(Bot *bot, Game *game)
{
    (void)bot;
    bool still = game->activity == ACTIVITY_REST || game->activity == ACTIVITY_SEARCH;
    return command_of(still ? CMD_CONTINUE : CMD_NONE);
}

/* See the top of the file. */
static Command plan_read_floor_plan(Bot *bot, Game *game)
{
    (void)bot;
    int plan = game_find_item(game, KIND_ID_FLOOR_PLAN);
    bool stairs_unknown = floor_find(game_floor(game), KIND_ID_STAIRS_UP) != NULL &&
                          game_known_stairs(game, +1) == NULL;
    if (plan >= 0 && stairs_unknown && !bot_mouse_in_view(game))
        return command_item(CMD_USE, plan);
    return command_of(CMD_NONE);
}

/* See the top of the file. */
static Command plan_adrenaline(Bot *bot, Game *game)
{
    (void)bot;
    int letter = game_find_item(game, KIND_ID_ADRENALINE);
    if (letter < 0 || !bot_known_vial(game, game->inventory[letter]) ||
        game->vials.adrenaline > 0 || bot_hp_percent(game) >= 50 || !bot_mouse_in_view(game))
        return command_of(CMD_NONE);
    return command_item(CMD_USE, letter);
}

/* See the top of the file. */
static Command plan_drink_unknown(Bot *bot, Game *game)
{
    (void)bot;
    const Stats *s = &game->player->stats;
    if (s->hp < s->max_hp || bot_mouse_in_view(game))
        return command_of(CMD_NONE);
    for (int i = 0; i < RULES_INVENTORY_CAP; i++) {
        const Entity *it = game->inventory[i];
        if (it && vial_index(it->kind_id) >= 0 && !bot_known_vial(game, it))
            return command_item(CMD_USE, i);
    }
    return command_of(CMD_NONE);
}

static Command plan_rest(Bot *bot, Game *game)
{
    (void)bot;
    if (bot_hp_percent(game) < REST_BELOW_PERCENT && !bot_mouse_in_view(game))
        return command_of(CMD_REST);
    return command_of(CMD_NONE);
}

static Command plan_explore(Bot *bot, Game *game)
{
    (void)bot;
    (void)game;
    return command_of(CMD_EXPLORE);
}

static Command plan_unlock(Bot *bot, Game *game)
{
    (void)bot;
    const Entity *door = known_locked_door(game);
    if (door && game_find_item(game, KIND_ID_KEY) >= 0)
        return command_travel(door->x, door->y);
    return command_of(CMD_NONE);
}

static Command plan_climb(Bot *bot, Game *game)
{
    (void)bot;
    const Entity *up = game_known_stairs(game, +1);
    if (!up)
        return command_of(CMD_NONE);
    if (bot_hp_percent(game) < CLIMB_FROM_PERCENT) /* rest first: the next floor is harder */
        return command_of(bot_mouse_in_view(game) ? CMD_SEARCH : CMD_REST);
    return to_stairs(game, up);
}

static Command plan_wait(Bot *bot, Game *game)
{
    (void)bot;
    (void)game;
    return command_of(CMD_SEARCH);
}

typedef Command (*Plan)(Bot *bot, Game *game);

/* Since when fleeing mice have been about (chase_fleeing). */
static void count_fleeing(Bot *bot, Game *game)
{
    for (const Entity *e = game_floor(game)->entities.head; e; e = e->next)
        if (e->kind == KIND_MONSTER && e->mind.state == MIND_FLEEING &&
            game_cell_visible(game, e->x, e->y)) {
            if (!bot->fleeing_about || game->turn - bot->fleeing_seen > FLEEING_FORGET)
                bot->fleeing_since = game->turn;
            bot->fleeing_about = true;
            bot->fleeing_seen = game->turn;
            return;
        }
}

/* A search that was the thorough_after-th in a row was the thorough one ("You search every
 * wall in sight"): the player saw it made, and where. */
static void note_thorough(Bot *bot, const Game *game, int streak_before)
{
    if ((game->events & GAME_EVENT_SEARCHED) &&
        streak_before + 1 >= game->rules->search_thorough_after) {
        bot->thorough_at = game->player->y * MAP_WIDTH + game->player->x;
        bot->thorough_turn = game->turn;
    }
}

bool bot_play_turn(Bot *bot, Game *game)
{
    static const Plan plans[] = {plan_heal,          plan_adrenaline,
                                 plan_equip,         plan_close_behind,
                                 plan_tools,         plan_flee,
                                 plan_fight,         plan_chase,
                                 plan_carry_on,      plan_read_floor_plan,
                                 plan_drink_unknown, plan_rest,
                                 plan_locker,        plan_explore,
                                 plan_drop_junk,     plan_unlock,
                                 plan_climb,         plan_search_walls,
                                 plan_wait};
    if (game->outcome != GAME_PLAYING)
        return false;
    count_fleeing(bot, game);
    bot_note_found(bot, game);
    for (size_t i = 0; i < sizeof plans / sizeof *plans; i++) {
        Command cmd = plans[i](bot, game);
        if (cmd.type != CMD_NONE) {
            int streak = game->search_streak, tool = bot_command_tool(bot, game, &cmd);
            bool took_turn = game_apply(game, &cmd);
            if (took_turn && tool >= 0)
                bot->tool_uses[tool]++;
            note_thorough(bot, game, streak);
            note_locker(bot, game);
            if (bot->on_command)
                bot->on_command(bot->on_command_ctx, &cmd, game);
            if (took_turn)
                return true;
        }
        if (game->outcome != GAME_PLAYING)
            return false;
    }
    return false;
}
