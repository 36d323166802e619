/* The generation steps' own rules (docs/RULES.md R-GEN-1, 5, 8, 9, 10, 11) on floors 1..13 of
 * a few dozen seeds: what each step makes, counted on the finished floor. The guarantees
 * (R-GUAR) over 10,000 seeds are test_gen_invariants'; this one is quick enough for
 * tests/mutations.txt to run once a block. */
#include "test_support.h"

#include <stdio.h>
#include <stdlib.h>

#include "core/seeds.h"
#include "entities/entities.h"
#include "gen/gen.h"
#include "test_rules.h"

enum { SEEDS = 60 };

static EntityFactory factory;

/* Each floor of the seeds, generated, handed to `check`, freed. */
static void each_floor(int first, int last, void (*check)(const Floor *f, void *ctx), void *ctx)
{
    for (uint64_t seed = 1; seed <= SEEDS; seed++) {
        GameSeeds seeds;
        seeds_derive(&seeds, seed);
        for (int n = first; n <= last; n++) {
            Floor f;
            assert_true(gen_floor(&f, n, seeds.floors[n], &factory, NULL));
            check(&f, ctx);
            floor_free(&f);
        }
    }
}

/* R-GEN-1: 5..15 rooms, each interior 5..19 by 3..9, a wall and a rock cell from the map's
 * edge, sorted west to east by their centres. */
static void rooms_of(const Floor *f, void *ctx)
{
    (void)ctx;
    const Map *m = &f->map;
    assert_in_range(f->room_count, 5, 15);
    for (int i = 0; i < f->room_count; i++) {
        const Room *r = &f->rooms[i];
        assert_in_range(r->w, 5, 19);
        assert_in_range(r->h, 3, 9);
        assert_true(r->x >= 2 && r->y >= 2);
        assert_true(r->x + r->w <= m->width - 2 && r->y + r->h <= m->height - 2);
        if (i > 0)
            assert_true(room_centre_x(&f->rooms[i - 1]) <= room_centre_x(r));
    }
}

static void rooms_follow_their_rule(void **state)
{
    (void)state;
    each_floor(1, MAX_FLOORS, rooms_of, NULL);
}

/* Counts over the floors 1..12 for R-GEN-5, 8, 9 and 10. */
typedef struct Tally {
    long room_doors, hidden, loose_keys, floors, mice_below_least, plans;
} Tally;

static bool touches_room(const Floor *f, int x, int y)
{
    return map_zone(&f->map, x + 1, y) == ZONE_ROOM || map_zone(&f->map, x - 1, y) == ZONE_ROOM ||
           map_zone(&f->map, x, y + 1) == ZONE_ROOM || map_zone(&f->map, x, y - 1) == ZONE_ROOM;
}

static void stairs_of(const Floor *f)
{
    const Entity *up = floor_find(f, KIND_ID_STAIRS_UP);
    const Entity *down = floor_find(f, KIND_ID_STAIRS_DOWN);
    assert_non_null(up);
    assert_non_null(down);
    int dx = up->x - down->x, dy = up->y - down->y;
    assert_true(9 * (dx * dx + dy * dy) >= f->map.width * f->map.width); /* R-GEN-9 */
}

static void tally_floor(const Floor *f, void *ctx)
{
    Tally *t = ctx;
    int n = f->number, mice = 0, loose = 0, keys = 0, cages = 0;
    stairs_of(f);
    for (const Entity *e = f->entities.head; e; e = e->next) {
        cages += (e->flags & EF_CAGED) != 0;
        if (e->kind == KIND_DOOR && touches_room(f, e->x, e->y)) {
            t->room_doors++;
            t->hidden += e->door == DOOR_HIDDEN;
        } else if (e->kind == KIND_MONSTER) {
            mice++;
            /* R-GEN-10: more than 6 cells from the arrival point along one axis at least */
            assert_true(abs(e->x - f->arrival_x) > 6 || abs(e->y - f->arrival_y) > 6);
        } else if (e->kind_id == KIND_ID_FLOOR_PLAN && map_zone(&f->map, e->x, e->y) == ZONE_ROOM) {
            t->plans++; /* R-GEN-9: the Floor Plan of floors 4, 7 and 10 */
        } else if (e->kind == KIND_ITEM && map_zone(&f->map, e->x, e->y) == ZONE_ROOM) {
            /* R-GEN-8: the other items of the rooms are the loose ones, a Key or a Health Pack */
            assert_true(e->kind_id == KIND_ID_KEY || e->kind_id == KIND_ID_HEALTH_PACK);
            keys += e->kind_id == KIND_ID_KEY;
            loose++;
        }
    }
    assert_in_range(loose, 0, cages ? 3 : 2); /* R-LOCKER-3: the locker's Key */
    if (!cages) /* a locker's own Key (R-LOCKER-3) is not one of R-GEN-8's loose items */
        t->loose_keys += keys;
    assert_true(mice <= 5 + n / 2); /* R-GEN-10; a mouse with no room to stand may be missing */
    t->mice_below_least += mice < 3 + n / 2;
    t->floors++;
}

static void doors_items_stairs_and_mice_follow_their_rules(void **state)
{
    (void)state;
    Tally t = {0};
    each_floor(1, MAX_FLOORS - 1, tally_floor, &t);
    double hidden = (double)t.hidden / (double)t.room_doors;
    print_message("%ld floors: hidden %.3f of %ld room doors, %ld loose Keys, %ld floors with "
                  "fewer mice than the least\n",
                  t.floors, hidden, t.room_doors, t.loose_keys, t.mice_below_least);
    assert_true(t.room_doors > 2000);
    assert_true(hidden > 0.2 && hidden < 0.3);       /* R-GEN-5: 1/4 */
    assert_true(t.loose_keys > 50);                  /* R-GEN-8: half of them Keys */
    assert_true(t.mice_below_least * 50 < t.floors); /* R-GEN-10: all but a rare crowded room */
    assert_int_equal(t.plans, 3 * (t.floors / (MAX_FLOORS - 1))); /* R-GEN-9: floors 4, 7, 10 */
}

/* R-GEN-11: the Mouse King stands at the centre of the room farthest from the arrival point. */
static void king_of(const Floor *f, void *ctx)
{
    (void)ctx;
    const Room *far = NULL;
    int best = -1;
    for (int i = 0; i < f->room_count; i++) {
        int dx = room_centre_x(&f->rooms[i]) - f->arrival_x;
        int dy = room_centre_y(&f->rooms[i]) - f->arrival_y;
        if (dx * dx + dy * dy > best) {
            best = dx * dx + dy * dy;
            far = &f->rooms[i];
        }
    }
    const Entity *king = NULL;
    for (const Entity *e = f->entities.head; e; e = e->next)
        if (e->kind == KIND_MONSTER)
            king = e;
    assert_non_null(far);
    assert_non_null(king);
    assert_int_equal(king->x, room_centre_x(far));
    assert_int_equal(king->y, room_centre_y(far));
}

static void the_king_stands_in_the_farthest_room(void **state)
{
    (void)state;
    each_floor(MAX_FLOORS, MAX_FLOORS, king_of, NULL);
}

int main(void)
{
    factory_init(&factory, &shipped_rules()->kinds);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(rooms_follow_their_rule),
        cmocka_unit_test(doors_items_stairs_and_mice_follow_their_rules),
        cmocka_unit_test(the_king_stands_in_the_farthest_room),
    };
    return RUN_TESTS(tests);
}
