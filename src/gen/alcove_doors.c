#include <stddef.h>

#include "gen/steps.h"

enum { LOCKED_CHANCE_NUM = 1, LOCKED_CHANCE_DEN = 3 };

static const int DIRS[4][2] = {{1, 0}, {0, 1}, {-1, 0}, {0, -1}};

static bool walked(const Cell *path, int n, int x, int y)
{
    for (int i = 0; i < n; i++)
        if (path[i].x == x && path[i].y == y)
            return true;
    return false;
}

/* Walls around (x, y), counting the cells already walked as wall: a passage cell then has 7
 * (only the way on is open) while a cell that meets a corridor or room has 5 or fewer. */
static int walls_ahead(const Map *map, const Cell *path, int n, int x, int y)
{
    int walls = 0;
    for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++)
            if ((dx || dy) && (map_is_wall(map, x + dx, y + dy) || walked(path, n, x + dx, y + dy)))
                walls++;
    return walls;
}

/* A cell of a one-wide path has at most two open sides; a junction has three or four. */
static bool is_junction(const Map *map, int x, int y)
{
    int open = 0;
    for (int d = 0; d < 4; d++)
        open += !map_is_wall(map, x + DIRS[d][0], y + DIRS[d][1]);
    return open > 2;
}

/* The way on from `at` when heading `dir` (-1 at the alcove, where any open side will do):
 * straight ahead if open and not yet walked, else a 90 degree turn; -1 when there is none. */
static int next_direction(const Map *map, const Cell *path, int n, Cell at, int dir)
{
    int options[4] = {0, 1, 2, 3}, count = 4;
    if (dir >= 0) {
        options[0] = dir;
        options[1] = (dir + 1) % 4;
        options[2] = (dir + 3) % 4;
        count = 3;
    }
    for (int i = 0; i < count; i++) {
        int nx = at.x + DIRS[options[i]][0], ny = at.y + DIRS[options[i]][1];
        if (!map_is_wall(map, nx, ny) && !walked(path, n, nx, ny))
            return options[i];
    }
    return -1;
}

int gen_alcove_walk(const Map *map, int x, int y, Cell *mouth)
{
    Cell path[GEN_WALK_MAX_STEPS + 1];
    int n = 0, dir = -1;
    path[n++] = (Cell){x, y};
    for (int steps = 0;; steps++) {
        Cell at = path[n - 1];
        dir = next_direction(map, path, n, at, dir);
        if (dir < 0) /* closed all round: no passage out */
            return -1;
        Cell next = {at.x + DIRS[dir][0], at.y + DIRS[dir][1]};
        if (walls_ahead(map, path, n, next.x, next.y) < GEN_WALK_MIN_WALLS ||
            is_junction(map, next.x, next.y)) {
            *mouth = at;
            return steps;
        }
        if (steps == GEN_WALK_MAX_STEPS)
            return -1;
        path[n++] = next;
    }
}

bool gen_place_alcove_doors(GenContext *ctx)
{
    Floor *floor = ctx->floor;
    for (int i = 0; i < ctx->alcove_count; i++) {
        Cell mouth;
        int steps = gen_alcove_walk(&floor->map, ctx->alcoves[i].x, ctx->alcoves[i].y, &mouth);
        if (steps < GEN_WALK_MIN_STEPS)
            continue;
        /* The mouth must be a true doorway (never a junction or an open floor) with no door
         * there or beside it already. */
        if (!gen_door_geometry_ok(&floor->map, mouth.x, mouth.y) ||
            gen_door_near(floor, mouth.x, mouth.y) || floor_entity_at(floor, mouth.x, mouth.y, 0))
            continue;
        bool locked = rng_chance(&ctx->rng, LOCKED_CHANCE_NUM, LOCKED_CHANCE_DEN);
        if (!gen_spawn(ctx, locked ? KIND_ID_DOOR_LOCKED : KIND_ID_DOOR, mouth.x, mouth.y))
            return false;
        ctx->stats->alcove_doors++;
        ctx->stats->locked_doors += locked;
    }
    return true;
}
