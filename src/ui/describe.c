#include "ui/describe.h"

#include <stdio.h>
#include <string.h>

#include "game/memory.h"
#include "game/tools.h"
#include "game/view_list.h"

const Entity *describe_entity_at(const Game *game, int x, int y)
{
    const Floor *floor = game->floors[game->current];
    if (!map_in_bounds(&floor->map, x, y))
        return NULL;
    bool visible = game_cell_visible(game, x, y);
    const Entity *best = NULL;
    int best_rank = -1;
    for (const Entity *e = floor->entities.head; e; e = e->next) {
        if ((e->flags & EF_REMOVED) || e->x != x || e->y != y)
            continue;
        bool known = visible || (e->flags & EF_ALWAYS_SHOWN);
        if (e->kind == KIND_DOOR && e->door == DOOR_HIDDEN)
            known = false; /* it looks like the wall it hides in */
        int rank = e->kind == KIND_PLAYER    ? 3
                   : e->kind == KIND_MONSTER ? 2
                   : e->kind == KIND_ITEM    ? 1
                                             : 0;
        if (known && rank > best_rank) { /* whatever the order of the floor's list */
            best = e;
            best_rank = rank;
        }
    }
    return best;
}

void describe_body(const char *description, char *out, size_t size)
{
    if (!description)
        description = "";
    const char *colon = strstr(description, ": ");
    /* A short lead ("Neo Mouse: ", "The Mouse King: ") is the name again. */
    if (colon && colon - description <= 32 &&
        !memchr(description, '.', (size_t)(colon - description)))
        description = colon + 2;
    snprintf(out, size, "%s", description);
    if (out[0] >= 'a' && out[0] <= 'z')
        out[0] = (char)(out[0] - 'a' + 'A');
}

/* An unfound hidden door is a wall as far as the player knows. */
static bool hidden_door_at(const Floor *floor, int x, int y)
{
    for (const Entity *e = floor->entities.head; e; e = e->next)
        if (!(e->flags & EF_REMOVED) && e->x == x && e->y == y && e->kind == KIND_DOOR &&
            e->door == DOOR_HIDDEN)
            return true;
    return false;
}

const char *describe_mood(const Game *game, const Entity *mouse)
{
    return monster_mood_label(game_monster_mood(game, mouse));
}

/* What sets an item apart, "" for none: its count, its charges, set, caged. */
static void item_marks(const Game *game, const Entity *e, char *out, size_t size)
{
    const KindDef *kind = kind_get(game->factory.kinds, e->kind_id);
    bool stacks = kind && kind->stacks;
    out[0] = '\0';
    if (e->flags & EF_SET)
        snprintf(out, size, "set");
    else if (e->flags & EF_BAIT)
        snprintf(out, size, "being eaten");
    else if (e->flags & EF_CAGE_SHUT)
        snprintf(out, size, "cage shut");
    else if (e->flags & EF_CAGED)
        snprintf(out, size, "caged");
    size_t n = strlen(out);
    const char *sep = n ? ", " : "";
    if (stacks && e->item.count > 1)
        snprintf(out + n, size - n, "%s%d", sep, e->item.count);
    else if (!stacks && e->item.count > 0)
        snprintf(out + n, size - n, "%s%d charge%s", sep, e->item.count,
                 e->item.count == 1 ? "" : "s");
}

void describe_name(const Game *game, const Entity *e, char *out, size_t size)
{
    char marks[64] = "";
    if (e->kind == KIND_ITEM)
        item_marks(game, e, marks, sizeof marks);
    if (marks[0])
        snprintf(out, size, "%s (%s)", e->name, marks);
    else
        snprintf(out, size, "%s", e->name);
}

void describe_mouse_state(const Game *game, const Entity *mouse, char *out, size_t size)
{
    const char *mood = describe_mood(game, mouse), *fx = mouse_fx_word(mouse);
    if (fx && strcmp(fx, mood) != 0)
        snprintf(out, size, "%s, %s", mood, fx);
    else
        snprintf(out, size, "%s", mood);
}

bool describe_cell(const Game *game, int x, int y, CellText *out)
{
    return describe_cell_as(game, x, y, NULL, out);
}

/* What the player remembers on a cell out of view: "Health Pack (remembered)"; a mouse she lost
 * lately says when she saw it last. False when she remembers nothing there. */
static bool describe_memory(const Game *game, int x, int y, CellText *out)
{
    MemoryMark mark;
    if (game_cell_visible(game, x, y) || !game_memory_at(game, x, y, &mark))
        return false;
    snprintf(out->title, sizeof out->title, "%s (remembered)", mark.name);
    if (mark.mouse)
        snprintf(out->status, sizeof out->status, "last seen here %d turn%s ago", mark.age,
                 mark.age == 1 ? "" : "s");
    else
        snprintf(out->status, sizeof out->status, "where you last saw it");
    const KindDef *kind = kind_get(game->factory.kinds, kind_find(game->factory.kinds, mark.name));
    describe_body(kind ? kind->description : "", out->body, sizeof out->body);
    return true;
}

/* The entity the player chose (a sidebar row: an item under her feet, say) if it is on this
 * cell and known; else what the cell shows first. */
static const Entity *entity_shown(const Game *game, int x, int y, const Entity *chosen,
                                  bool visible)
{
    bool known = chosen && (visible || (chosen->flags & EF_ALWAYS_SHOWN));
    if (known && chosen->x == x && chosen->y == y && !(chosen->flags & EF_REMOVED))
        return chosen;
    return describe_entity_at(game, x, y);
}

/* The player, a mouse, or anything else on the cell (an item, a door, the stairs). */
static void describe_entity(const Game *game, const Entity *e, bool visible, CellText *out)
{
    if (e->kind == KIND_PLAYER) {
        snprintf(out->title, sizeof out->title, "You");
        snprintf(out->status, sizeof out->status, "HP %d/%d", e->stats.hp, e->stats.max_hp);
    } else if (e->kind == KIND_MONSTER) {
        char state[64];
        describe_mouse_state(game, e, state, sizeof state);
        snprintf(out->title, sizeof out->title, "%s", e->name);
        snprintf(out->status, sizeof out->status, "HP %d/%d, %s", e->stats.hp, e->stats.max_hp,
                 state);
    } else {
        describe_name(game, e, out->title, sizeof out->title);
        if (!visible)
            snprintf(out->status, sizeof out->status, "as you remember it");
    }
    describe_body(e->description, out->body, sizeof out->body);
}

/* A cell with nothing on it: a wall (an unfound hidden door is one) or the floor. */
static void describe_ground(const Floor *floor, int x, int y, bool visible, CellText *out)
{
    if (map_is_wall(&floor->map, x, y) || hidden_door_at(floor, x, y)) {
        snprintf(out->title, sizeof out->title, "Wall");
        describe_body(MAP_WALL_DESCRIPTION, out->body, sizeof out->body);
        return;
    }
    snprintf(out->title, sizeof out->title, "Floor");
    if (!visible)
        snprintf(out->status, sizeof out->status, "as you remember it");
    describe_body("Bare lab floor.", out->body, sizeof out->body);
}

bool describe_cell_as(const Game *game, int x, int y, const Entity *chosen, CellText *out)
{
    const Floor *floor = game->floors[game->current];
    memset(out, 0, sizeof *out);
    if (!map_in_bounds(&floor->map, x, y) || !floor->seen[y * floor->map.width + x])
        return false;
    bool visible = game_cell_visible(game, x, y);
    const Entity *e = entity_shown(game, x, y, chosen, visible);
    out->entity = e;
    bool thing = e && (e->kind == KIND_PLAYER || e->kind == KIND_MONSTER || e->kind == KIND_ITEM);
    if (!thing && describe_memory(game, x, y, out))
        out->entity = NULL; /* what is there now she does not know */
    else if (e)
        describe_entity(game, e, visible, out);
    else
        describe_ground(floor, x, y, visible, out);
    return true;
}
