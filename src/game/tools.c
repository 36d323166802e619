/* Throwing (docs/RULES.md R-THROW): the line of flight, the mice in reach, and CMD_THROW,
 * which hands the landing cell to the item's effect (game/tool_effects.c). */
#include "game/tools.h"

#include <stdlib.h>

#include "game/effects.h"
#include "game/game.h"

TargetHow game_throw_how(const Game *game, int letter)
{
    const Entity *item = game_pack_item(game, letter);
    const KindDef *kind = item ? kind_get(game->factory.kinds, item->kind_id) : NULL;
    return kind ? (TargetHow)effect_get(kind->effect)->aim : TARGET_NONE;
}

/* Whether something in (x, y) stops a throw before it: a wall, a closed, locked or hidden
 * door, or the stairs. */
static bool stops_before(const Floor *floor, int x, int y)
{
    if (map_is_wall(&floor->map, x, y))
        return true;
    const Entity *solid = floor_entity_at(floor, x, y, EF_SOLID);
    return solid && solid->kind != KIND_MONSTER;
}

/* A diagonal step of the line between two walls: nothing squeezes through. */
static bool squeezed(const Floor *floor, int x0, int y0, int x1, int y1)
{
    return x0 != x1 && y0 != y1 && map_is_wall(&floor->map, x1, y0) &&
           map_is_wall(&floor->map, x0, y1);
}

/* R-THROW-1: the cells of the line, and where it comes down. */
void game_throw_line(const Game *game, int tx, int ty, ThrowLine *out)
{
    const Floor *floor = game->floors[game->current];
    const Entity *p = game->player;
    if (!map_in_bounds(&floor->map, tx, ty)) { /* off the map: no line at all */
        *out = (ThrowLine){.count = 0, .land = -1, .reaches = false};
        return;
    }
    int dx = tx - p->x, dy = ty - p->y;
    int n = abs(dx) > abs(dy) ? abs(dx) : abs(dy);
    if (n >= THROW_LINE_MAX)
        n = THROW_LINE_MAX - 1;
    out->count = 0;
    out->land = -1;
    bool flying = true;
    int px = p->x, py = p->y;
    for (int t = 1; t <= n; t++) {
        int x = p->x + tool_line_step(dx, t, n), y = p->y + tool_line_step(dy, t, n);
        out->x[out->count] = (short)x;
        out->y[out->count] = (short)y;
        out->count++;
        if (!flying)
            continue;
        if (!map_in_bounds(&floor->map, x, y) || stops_before(floor, x, y) ||
            squeezed(floor, px, py, x, y)) {
            flying = false; /* it lands before: out->land stays where it was */
            continue;
        }
        out->land = out->count - 1;
        if (t >= THROW_RANGE || floor_entity_at(floor, x, y, EF_SOLID))
            flying = false;
        px = x;
        py = y;
    }
    out->reaches = out->land >= 0 && out->land == out->count - 1;
}

int game_throw_targets(const Game *game, Entity **out, int max)
{
    int count = 0;
    const Entity *p = game->player;
    for (Entity *e = game->floors[game->current]->entities.head; e && count < max; e = e->next) {
        if (e->kind != KIND_MONSTER || (e->flags & EF_REMOVED) ||
            !game_cell_visible(game, e->x, e->y))
            continue;
        ThrowLine line;
        game_throw_line(game, e->x, e->y, &line);
        if (!line.reaches)
            continue;
        int d = tool_distance(p->x, p->y, e->x, e->y);
        int at = count++;
        for (; at > 0; at--) { /* insertion by distance; ties keep the list's order */
            const Entity *q = out[at - 1];
            int dq = tool_distance(p->x, p->y, q->x, q->y);
            if (dq <= d)
                break;
            out[at] = out[at - 1];
        }
        out[at] = e;
    }
    return count;
}

static bool refuse(Game *game, const char *text, const char *name)
{
    msglog_add_tone(&game->log, game->turn, MSG_WARN, text, name);
    return false;
}

/* R-TOOL-2: a trap goes on an open cell beside her with nothing on it. */
static bool place_ok(Game *game, int x, int y, const char *name)
{
    const Entity *p = game->player;
    const Floor *floor = game_floor(game);
    if (abs(x - p->x) > 1 || abs(y - p->y) > 1 || (x == p->x && y == p->y))
        return refuse(game, "The %s goes on a cell beside you.", name);
    if (map_is_wall(&floor->map, x, y) || floor_entity_at(floor, x, y, ~0u))
        return refuse(game, "There is no room for the %s there.", name);
    return true;
}

/* Where the item comes down, or -1 (refused, with the reason said). */
static int aim_at(Game *game, TargetHow how, int x, int y, const char *name, ThrowLine *line)
{
    const Entity *p = game->player;
    if (how == TARGET_NONE)
        return refuse(game, "The %s is not something to throw.", name), -1;
    if (!map_in_bounds(&game_floor(game)->map, x, y)) /* a recording's bad line */
        return refuse(game, "The %s cannot go off the map.", name), -1;
    if (how == TARGET_ADJACENT)
        return place_ok(game, x, y, name) ? 0 : -1;
    if (x == p->x && y == p->y)
        return refuse(game, "Throw the %s at another cell.", name), -1;
    game_throw_line(game, x, y, line);
    if (line->land < 0)
        return refuse(game, "Something is in the way of the %s.", name), -1;
    if (how == TARGET_MOUSE &&
        !floor_entity_at(game_floor(game), line->x[line->land], line->y[line->land], EF_SOLID))
        return refuse(game, "There is no mouse in reach to throw the %s at.", name), -1;
    return line->land;
}

bool game_throw(Game *game, int letter, int x, int y)
{
    Entity *item = game_pack_item(game, letter);
    if (!item)
        return false;
    const KindDef *kind = kind_get(game->factory.kinds, item->kind_id);
    const ItemEffect *effect = effect_get(kind ? kind->effect : EFFECT_NONE);
    TargetHow how = effect->thrown ? (TargetHow)effect->aim : TARGET_NONE;
    ThrowLine line;
    int land = aim_at(game, how, x, y, item->name, &line);
    if (land < 0)
        return false;
    int lx = how == TARGET_ADJACENT ? x : line.x[land],
        ly = how == TARGET_ADJACENT ? y : line.y[land];
    if (lx != game->player->x)
        game->player->facing = lx > game->player->x ? 1 : -1;
    Entity *mouse = floor_entity_at(game_floor(game), lx, ly, EF_SOLID);
    effect->thrown(game, letter, item, lx, ly, mouse && mouse->kind == KIND_MONSTER ? mouse : NULL);
    return true;
}
