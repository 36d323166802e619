#include "game/memory.h"

#include <string.h>

static MemoryMark mark_of(const Game *game, const FloorMark *f, bool mouse)
{
    const KindDef *kind = kind_get(game->factory.kinds, f->kind_id);
    MemoryMark m = {f->x, f->y, kind ? kind->sprite : 0, kind ? kind->name : "", mouse, 0};
    int vial = vial_index(f->kind_id);
    if (vial >= 0) { /* R-VIAL-2: remembered by its colour until its kind is known */
        m.sprite = (SpriteId)(SPRITE_VIAL_BLUE + game->vials.look[vial]);
        m.name = vials_shown_name(game, f->kind_id, m.name);
    }
    if (f->set)
        m.sprite = SPRITE_SPRING_TRAP_SET;
    if (mouse)
        m.age = (int)(game->turn - f->turn);
    return m;
}

/* A mouse's mark is shown while it is out of her sight, at a cell out of view (the mark is
 * kept at most MEMORY_MOUSE_TURNS turns: game_memory_update). */
static bool mouse_mark_shown(const Game *game, const FloorMark *f)
{
    return !f->in_view && !game_cell_visible(game, f->x, f->y);
}

int game_remembered_items(const Game *game, MemoryMark *out, int max)
{
    const Floor *floor = game->floors[game->current];
    int n = 0;
    for (int i = 0; i < floor->item_marks && n < max; i++) {
        const FloorMark *f = &floor->items[i];
        if (!game_cell_visible(game, f->x, f->y))
            out[n++] = mark_of(game, f, false);
    }
    return n;
}

int game_lost_mice(const Game *game, MemoryMark *out, int max)
{
    const Floor *floor = game->floors[game->current];
    int n = 0;
    for (int i = 0; i < floor->mouse_marks && n < max; i++)
        if (mouse_mark_shown(game, &floor->mice[i]))
            out[n++] = mark_of(game, &floor->mice[i], true);
    return n;
}

bool game_memory_at(const Game *game, int x, int y, MemoryMark *out)
{
    const Floor *floor = game->floors[game->current];
    for (int i = 0; i < floor->mouse_marks; i++) {
        const FloorMark *f = &floor->mice[i];
        if (f->x == x && f->y == y && mouse_mark_shown(game, f))
            return *out = mark_of(game, f, true), true;
    }
    for (int i = 0; i < floor->item_marks; i++) {
        const FloorMark *f = &floor->items[i];
        if (f->x == x && f->y == y && !game_cell_visible(game, x, y))
            return *out = mark_of(game, f, false), true;
    }
    return false;
}

/* Keeps the marks for which keep() holds, in their order. */
static int filter_marks(const Game *game, FloorMark *marks, int n,
                        bool (*keep)(const Game *, const FloorMark *))
{
    int kept = 0;
    for (int i = 0; i < n; i++)
        if (keep(game, &marks[i]))
            marks[kept++] = marks[i];
    return kept;
}

static bool item_out_of_view(const Game *game, const FloorMark *f)
{
    return !game_cell_visible(game, f->x, f->y);
}

static int find_mark(const FloorMark *marks, int n, uint32_t id)
{
    for (int i = 0; i < n; i++)
        if (marks[i].id == id)
            return i;
    return -1;
}

/* An item in view is remembered where it lies now, and nowhere else. */
static void remember_item(Floor *floor, const Entity *e)
{
    int at = find_mark(floor->items, floor->item_marks, e->id);
    if (at >= 0) {
        memmove(&floor->items[at], &floor->items[at + 1],
                (size_t)(floor->item_marks - at - 1) * sizeof *floor->items);
        floor->item_marks--;
    }
    if (floor->item_marks < FLOOR_MEMORY_ITEMS)
        floor->items[floor->item_marks++] =
            (FloorMark){e->id, e->kind_id, e->x, e->y, 0, false, (e->flags & EF_SET) != 0};
}

static void see_mouse(Game *game, Floor *floor, const Entity *e)
{
    int at = find_mark(floor->mice, floor->mouse_marks, e->id);
    if (at < 0 && floor->mouse_marks < FLOOR_MEMORY_MICE)
        at = floor->mouse_marks++;
    if (at >= 0)
        floor->mice[at] = (FloorMark){e->id, e->kind_id, e->x, e->y, game->turn, true, false};
}

/* A mouse's mark stays while it is in view, or for MEMORY_MOUSE_TURNS turns after, until its
 * cell is seen again. */
static bool mouse_mark_kept(const Game *game, const FloorMark *f)
{
    return f->in_view ||
           (game->turn - f->turn <= MEMORY_MOUSE_TURNS && !game_cell_visible(game, f->x, f->y));
}

void game_memory_update(Game *game)
{
    Floor *floor = game_floor(game);
    if (!floor || !game->player)
        return;
    floor->item_marks = filter_marks(game, floor->items, floor->item_marks, item_out_of_view);
    for (int i = 0; i < floor->mouse_marks; i++)
        floor->mice[i].in_view = false;
    for (Entity *e = floor->entities.head; e; e = e->next) {
        if ((e->kind != KIND_ITEM && e->kind != KIND_MONSTER) || (e->flags & EF_REMOVED))
            continue;
        if (!game_cell_visible(game, e->x, e->y)) {
            e->in_view_since = 0;
            continue;
        }
        if (!e->in_view_since)
            e->in_view_since = game->turn + 1;
        if (e->kind == KIND_ITEM)
            remember_item(floor, e);
        else
            see_mouse(game, floor, e);
    }
    floor->mouse_marks = filter_marks(game, floor->mice, floor->mouse_marks, mouse_mark_kept);
}

void game_memory_arrive(Game *game)
{
    for (Entity *e = game_floor(game)->entities.head; e; e = e->next)
        e->in_view_since = 0;
    game_memory_update(game);
}
