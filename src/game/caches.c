#include "game/caches.h"

#include <stdlib.h>
#include <string.h>

#include "core/errline.h"
#include "core/fov.h"
#include "game/game.h"

enum { COST_CLOSED_DOOR = 10 /* bumping it open is one more turn */ };

bool game_caches_init(GameCaches *c)
{
    memset(c, 0, sizeof *c);
    const size_t cells = (size_t)MAP_WIDTH * MAP_HEIGHT;
    c->visible = calloc(cells, 1);
    c->in_line = calloc(cells, 1);
    c->opaque = calloc(cells, 1);
    c->marked = calloc(cells, 1);
    c->costs = calloc(cells, sizeof *c->costs);
    c->dist = calloc(cells, sizeof *c->dist);
    c->flee = calloc(cells, sizeof *c->flee);
    c->goals = calloc(cells, sizeof *c->goals);
    c->item_goals = calloc(cells, sizeof *c->item_goals);
    c->known_base = calloc(cells, sizeof *c->known_base);
    c->walk_base = calloc(cells, sizeof *c->walk_base);
    c->kept_dist = calloc(cells, sizeof *c->kept_dist);
    c->kept_costs = calloc(cells, sizeof *c->kept_costs);
    c->kept_goals = calloc(cells, sizeof *c->kept_goals);
    c->kept_count = -1;
    c->trip_dist = calloc(cells, sizeof *c->trip_dist);
    c->trip_costs = calloc(cells, sizeof *c->trip_costs);
    c->trip_count = -1;
    c->opaque_stale = c->known_stale = c->walk_stale = true;
    c->frontier_count = -1;
    return c->visible && c->in_line && c->opaque && c->marked && c->costs && c->dist && c->flee &&
           c->goals && c->item_goals && c->known_base && c->walk_base && c->kept_dist &&
           c->kept_costs && c->kept_goals && c->trip_dist && c->trip_costs &&
           path_finder_init(&c->paths, MAP_WIDTH, MAP_HEIGHT);
}

void game_caches_free(GameCaches *c)
{
    free(c->visible);
    free(c->in_line);
    free(c->opaque);
    free(c->marked);
    free(c->costs);
    free(c->dist);
    free(c->flee);
    free(c->goals);
    free(c->item_goals);
    free(c->known_base);
    free(c->walk_base);
    free(c->kept_dist);
    free(c->kept_costs);
    free(c->kept_goals);
    free(c->trip_dist);
    free(c->trip_costs);
    path_finder_free(&c->paths);
    memset(c, 0, sizeof *c);
}

void game_caches_invalidate(Game *game, CacheChange what)
{
    GameCaches *c = &game->caches;
    if (what & (CACHE_DOOR_CHANGED | CACHE_FLOOR_CHANGED))
        c->opaque_stale = c->walk_stale = true; /* what blocks sight or a walk: only doors */
    if (what & (CACHE_SEEN_MORE | CACHE_DOOR_CHANGED | CACHE_FLOOR_CHANGED)) {
        c->known_stale = true;
        c->frontier_count = -1;
        c->knowledge++;
    }
    if (what & (CACHE_PLAYER_MOVED | CACHE_DOOR_CHANGED | CACHE_FLOOR_CHANGED))
        c->sight_due = true;
    if (what & CACHE_FLOOR_CHANGED)
        c->kept_count = c->trip_count = -1; /* (they depend only on what they were made
                                               from: this is tidiness) */
}

static void build_known_rect(const Game *game, int16_t *base, int x0, int y0, int x1, int y1);

/* New cells seen: what the player knows is built again only where the sight reached, when it
 * was current (a bot's turn had spent a sixteenth of its time building it whole). */
static void seen_more(Game *game, int sight)
{
    GameCaches *c = &game->caches;
    const bool was_current = !c->known_stale;
    game_caches_invalidate(game, CACHE_SEEN_MORE);
    const Map *m = &game_floor(game)->map;
    const Entity *p = game->player;
    if (!was_current || sight <= 0)
        return;
    build_known_rect(game, c->known_base, p->x - sight > 0 ? p->x - sight : 0,
                     p->y - sight > 0 ? p->y - sight : 0,
                     p->x + sight < m->width - 1 ? p->x + sight : m->width - 1,
                     p->y + sight < m->height - 1 ? p->y + sight : m->height - 1);
    c->known_stale = false;
}

void game_caches_update_sight(Game *game)
{
    GameCaches *c = &game->caches;
    c->sight_due = false;
    Floor *floor = game_floor(game);
    const Map *m = &floor->map;
    if (c->opaque_stale) {
        floor_sight_map(floor, c->opaque);
        c->opaque_stale = false;
    }
    const Entity *p = game->player;
    const int sight = game_player_sight(game);
    fov_compute(c->opaque, m->width, m->height, p->x, p->y, 0, c->in_line);
    fov_within(c->in_line, m->width, m->height, p->x, p->y, sight, c->visible);
    /* Into the floor's memory: only the rows the radius reaches (fov_within cleared the
     * rest of `visible`), eight cells at a time. */
    int y0 = 0, y1 = m->height - 1;
    if (sight > 0) {
        y0 = p->y - sight > 0 ? p->y - sight : 0;
        y1 = p->y + sight < m->height - 1 ? p->y + sight : m->height - 1;
    }
    const size_t from = (size_t)y0 * (size_t)m->width, to = (size_t)(y1 + 1) * (size_t)m->width;
    uint8_t *seen = floor->seen;
    const uint8_t *visible = c->visible;
    uint64_t added = 0;
    size_t i = from;
    for (; i + 8 <= to; i += 8) {
        uint64_t v, s;
        memcpy(&v, visible + i, 8);
        memcpy(&s, seen + i, 8);
        added |= v & ~s;
        s |= v;
        memcpy(seen + i, &s, 8);
    }
    for (; i < to; i++) {
        added |= visible[i] & (uint8_t)~seen[i];
        seen[i] |= visible[i];
    }
    if (added)
        seen_more(game, sight);
}

void game_caches_settle_sight(Game *game)
{
    if (game->caches.sight_due)
        game_caches_update_sight(game);
}

void game_rebuild_derived(Game *game)
{
    game_caches_invalidate(game, CACHE_ALL);
    game_caches_update_sight(game);
}

/* What a walker who knows only what the player has seen can pass: seen open cells; closed
 * doors at the price of opening them; never locked doors or stairs. Doorways seen carry
 * PATH_NO_DIAGONAL (floor_diagonal_allowed: never a diagonal step into or out of one), so no
 * walk is planned through one diagonally. Only the cells of the rectangle from (x0, y0) to
 * (x1, y1) are written: the whole map, or where the sight reached (game_caches_update_sight). */
static void build_known_rect(const Game *game, int16_t *base, int x0, int y0, int x1, int y1)
{
    const Floor *floor = game->floors[game->current];
    const Map *m = &floor->map;
    for (int y = y0; y <= y1; y++)
        for (int i = y * m->width + x0; i <= y * m->width + x1; i++)
            base[i] = floor->seen[i] && m->tiles[i] == TILE_FLOOR ? 0 : PATH_BLOCKED;
    for (const Entity *e = floor->entities.head; e; e = e->next) {
        int i = e->y * m->width + e->x;
        if (e->x < x0 || e->x > x1 || e->y < y0 || e->y > y1 || !floor->seen[i] ||
            e == game->player)
            continue;
        if (e->kind == KIND_DOOR)
            base[i] = e->door == DOOR_OPEN     ? PATH_NO_DIAGONAL
                      : e->door == DOOR_CLOSED ? COST_CLOSED_DOOR | PATH_NO_DIAGONAL
                                               : PATH_BLOCKED;
        else if (e->kind == KIND_STAIRS)
            base[i] = PATH_BLOCKED;
    }
}

static void build_known_base(const Game *game, int16_t *base)
{
    const Map *m = &game->floors[game->current]->map;
    build_known_rect(game, base, 0, 0, m->width - 1, m->height - 1);
}

const int16_t *game_caches_known_base(Game *game)
{
    GameCaches *c = &game->caches;
    if (c->known_stale) {
        build_known_base(game, c->known_base);
        c->known_stale = false;
    }
    return c->known_base;
}

/* A doorway that is passable carries PATH_NO_DIAGONAL, so A* keeps to the rule that no step
 * goes diagonally into or out of one (floor_diagonal_allowed). */
void game_walk_costs(const Floor *floor, int16_t *base)
{
    const Map *m = &floor->map;
    for (int i = 0; i < m->width * m->height; i++)
        base[i] = m->tiles[i] == TILE_WALL ? PATH_BLOCKED : 0;
    for (const Entity *e = floor->entities.head; e; e = e->next) {
        int16_t *c = &base[e->y * m->width + e->x];
        if (e->kind == KIND_DOOR) {
            *c = e->door == DOOR_OPEN ? *c : e->door == DOOR_CLOSED ? GAME_COST_DOOR : PATH_BLOCKED;
            if (*c >= 0)
                *c |= PATH_NO_DIAGONAL;
        } else if (e->kind == KIND_STAIRS) {
            *c = PATH_BLOCKED;
        }
    }
}

const int16_t *game_caches_walk_base(Game *game)
{
    GameCaches *c = &game->caches;
    if (c->walk_stale) {
        game_walk_costs(game_floor(game), c->walk_base);
        c->walk_stale = false;
    }
    return c->walk_base;
}

/* The unseen neighbours of known passable cell (x, y), in the order (dy, dx) from (-1, -1),
 * each added to goals once (marked). */
static int add_unseen_around(const Floor *floor, int x, int y, uint8_t *marked, PathCell *goals,
                             int n)
{
    const Map *m = &floor->map;
    for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++) {
            int nx = x + dx, ny = y + dy, i = ny * m->width + nx;
            if (map_in_bounds(m, nx, ny) && !floor->seen[i] && !marked[i]) {
                marked[i] = 1;
                goals[n++] = (PathCell){(int16_t)nx, (int16_t)ny};
            }
        }
    return n;
}

/* The edge of what the player knows, found from the passable cells outward (there are far
 * fewer of them than unseen ones), in the order of the passable cells row by row. Mice are
 * left out: they move, and a mouse in view stops exploring anyway.
 *
 * Most passable cells have nothing unseen round them, so first a pass over the map finds the
 * cells with an unseen cell in their 3x3 square (a row's unseen cells spread sideways, then
 * the rows spread up and down, all in byte-wide passes the compiler vectorizes), and only
 * those are looked round. The goals come out the same, in the same order, in about a third of
 * the time; exploring had spent an eighth of a bot's turn here. */
static int build_frontier(const Game *game, const int16_t *base, uint8_t *marked, PathCell *goals)
{
    const Floor *floor = game->floors[game->current];
    const Map *m = &floor->map;
    const int w = m->width, h = m->height, cells = w * h;
    memset(marked, 0, (size_t)cells);
    int n = 0;
    if (w > MAP_WIDTH || h > MAP_HEIGHT) { /* larger than the game's floors: cell by cell */
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++)
                if (base[y * w + x] >= 0)
                    n = add_unseen_around(floor, x, y, marked, goals, n);
        return n;
    }
    /* side: unseen in the cell or beside it in its row (with a row of nothing above and
     * below the map); near: also in the rows above and below, on a cell known passable.
     * Outside the map counts as seen. */
    uint8_t side[MAP_WIDTH * (MAP_HEIGHT + 2)], near[MAP_WIDTH * MAP_HEIGHT];
    memset(side, 0, (size_t)w);
    memset(&side[(h + 1) * w], 0, (size_t)w);
    for (int y = 0; y < h; y++) {
        uint8_t unseen[MAP_WIDTH + 2] = {0};
        const uint8_t *seen = &floor->seen[y * w];
        for (int x = 0; x < w; x++)
            unseen[x + 1] = !seen[x];
        uint8_t *row = &side[(y + 1) * w];
        for (int x = 0; x < w; x++)
            row[x] = unseen[x] | unseen[x + 1] | unseen[x + 2];
    }
    for (int i = 0; i < cells; i++)
        near[i] = (uint8_t)((side[i] | side[i + w] | side[i + 2 * w]) & (base[i] >= 0));
    for (int i = 0; i < cells; i += 8) { /* eight cells at a time: nearly all are 0 */
        uint64_t eight = 0;
        memcpy(&eight, &near[i], (size_t)(cells - i < 8 ? cells - i : 8));
        if (eight)
            for (int k = i; k < i + 8 && k < cells; k++)
                if (near[k])
                    n = add_unseen_around(floor, k % w, k / w, marked, goals, n);
    }
    return n;
}

int game_caches_frontier(Game *game, const PathCell **goals)
{
    GameCaches *c = &game->caches;
    const int16_t *base = game_caches_known_base(game);
    if (c->frontier_count < 0)
        c->frontier_count = build_frontier(game, base, c->marked, c->goals);
    *goals = c->goals;
    return c->frontier_count;
}

/* ---- the check ------------------------------------------------------------------------ */

/* The first cell where two grids of `cells` elements of `size` bytes differ, or -1. */
static int first_difference(const void *a, const void *b, size_t size, int cells)
{
    const unsigned char *pa = a, *pb = b;
    for (int i = 0; i < cells; i++)
        if (memcmp(pa + (size_t)i * size, pb + (size_t)i * size, size) != 0)
            return i;
    return -1;
}

static bool differs(const char *what, int at, int width, char *err, size_t err_size)
{
    if (at < 0)
        return false;
    errline_format(err, err_size, "%s: stale at (%d, %d)", what, at % width, at / width);
    return true;
}

bool game_caches_check(const Game *game, char *err, size_t err_size)
{
    const GameCaches *c = &game->caches;
    const Floor *floor = game->floors[game->current];
    const Map *m = &floor->map;
    const int cells = m->width * m->height, w = m->width;
    uint8_t *opaque = malloc((size_t)cells), *fresh = malloc((size_t)cells),
            *marked = malloc((size_t)cells);
    int16_t *base = malloc((size_t)cells * sizeof *base);
    PathCell *goals = malloc((size_t)cells * sizeof *goals);
    bool ok = opaque && fresh && marked && base && goals;
    if (!ok)
        errline_format(err, err_size, "out of memory");
    if (ok) {
        floor_sight_map(floor, opaque);
        ok = c->opaque_stale ||
             !differs("sight map", first_difference(opaque, c->opaque, 1, cells), w, err, err_size);
    }
    const Entity *p = game->player;
    if (ok && !c->sight_due) {
        fov_compute(opaque, m->width, m->height, p->x, p->y, game_player_sight(game), fresh);
        ok = !differs("visible", first_difference(fresh, c->visible, 1, cells), w, err, err_size);
        fov_compute(opaque, m->width, m->height, p->x, p->y, 0, fresh);
        ok = ok &&
             !differs("in_line", first_difference(fresh, c->in_line, 1, cells), w, err, err_size);
        for (int i = 0; ok && i < cells; i++)
            if (c->visible[i] && !floor->seen[i])
                ok = !differs("memory of what is visible", i, w, err, err_size);
    }
    if (ok && !c->walk_stale) {
        game_walk_costs(floor, base);
        ok = !differs("walking costs", first_difference(base, c->walk_base, sizeof *base, cells), w,
                      err, err_size);
    }
    if (ok && !c->known_stale) {
        build_known_base(game, base);
        ok = !differs("known map", first_difference(base, c->known_base, sizeof *base, cells), w,
                      err, err_size);
    }
    if (ok && !c->known_stale && c->frontier_count >= 0) {
        int n = build_frontier(game, base, marked, goals);
        if (n != c->frontier_count) {
            errline_format(err, err_size, "unexplored edge: %d cells kept, %d now",
                           c->frontier_count, n);
            ok = false;
        } else {
            int at = first_difference(goals, c->goals, sizeof *goals, n);
            ok = at < 0 ||
                 !differs("unexplored edge", goals[at].y * w + goals[at].x, w, err, err_size);
        }
    }
    free(opaque);
    free(fresh);
    free(marked);
    free(base);
    free(goals);
    return ok;
}
