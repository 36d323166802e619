#include "test_support.h"

#include <stdlib.h>
#include <string.h>

#include "core/seeds.h"
#include "entities/entities.h"
#include "gen/gen.h"
#include "test_rules.h"

enum { SEEDS = 300 };

static EntityFactory factory;

static int count_named(const Floor *f, const char *name)
{
    int n = 0;
    for (const Entity *e = f->entities.head; e; e = e->next)
        n += strcmp(e->name, name) == 0;
    return n;
}

static void assert_clear_space(const Floor *f, const Entity *stairs)
{
    assert_int_equal(map_count_wall_neighbours(&f->map, stairs->x, stairs->y), 0);
    assert_int_equal(map_zone(&f->map, stairs->x, stairs->y), ZONE_ROOM);
}

/* Every open cell can be walked to from the arrival point (8-way, no squeezing between two
 * walls, the same rule the player moves by). */
static void assert_all_reachable(const Floor *f)
{
    const Map *m = &f->map;
    int cells = m->width * m->height;
    char *seen = calloc((size_t)cells, 1);
    int *queue = malloc(sizeof(int) * (size_t)cells);
    int head = 0, tail = 0, reached = 0, open = 0;
    queue[tail++] = f->arrival_y * m->width + f->arrival_x;
    seen[queue[0]] = 1;
    while (head < tail) {
        int c = queue[head++], x = c % m->width, y = c / m->width;
        reached++;
        for (int dy = -1; dy <= 1; dy++)
            for (int dx = -1; dx <= 1; dx++) {
                int nx = x + dx, ny = y + dy;
                if (map_is_wall(m, nx, ny) || seen[ny * m->width + nx])
                    continue;
                if (dx && dy && map_is_wall(m, x + dx, y) && map_is_wall(m, x, y + dy))
                    continue;
                seen[ny * m->width + nx] = 1;
                queue[tail++] = ny * m->width + nx;
            }
    }
    for (int i = 0; i < cells; i++)
        open += m->tiles[i] == TILE_FLOOR;
    assert_int_equal(reached, open);
    free(seen);
    free(queue);
}

static void assert_rooms_valid(const Floor *f)
{
    assert_in_range(f->room_count, 5, 15);
    for (int i = 0; i < f->room_count; i++) {
        const Room *r = &f->rooms[i];
        assert_in_range(r->w, 5, 19);
        assert_in_range(r->h, 3, 9);
        assert_true(r->x >= 1 && r->y >= 1);
        assert_true(r->x + r->w <= f->map.width - 1 && r->y + r->h <= f->map.height - 1);
        for (int y = r->y; y < r->y + r->h; y++)
            for (int x = r->x; x < r->x + r->w; x++)
                assert_int_equal(map_zone(&f->map, x, y), ZONE_ROOM);
        for (int j = 0; j < i; j++) { /* walls included, no two rooms overlap */
            const Room *o = &f->rooms[j];
            bool apart = r->x + r->w < o->x - 1 || o->x + o->w < r->x - 1 ||
                         r->y + r->h < o->y - 1 || o->y + o->h < r->y - 1;
            assert_true(apart);
        }
    }
}

static void check_floor(const Floor *f)
{
    int n = f->number;
    int ups = count_named(f, "Stairs (Up)"), downs = count_named(f, "Stairs (Down)");
    assert_int_equal(ups, n < MAX_FLOORS ? 1 : 0);
    assert_int_equal(downs, n > 0 ? 1 : 0);
    assert_int_equal(map_tile(&f->map, f->arrival_x, f->arrival_y), TILE_FLOOR);
    assert_null(floor_entity_at(f, f->arrival_x, f->arrival_y, 0));
    for (const Entity *e = f->entities.head; e; e = e->next)
        assert_int_equal(map_tile(&f->map, e->x, e->y), TILE_FLOOR);
    const Entity *up = floor_find(f, KIND_ID_STAIRS_UP), *down = floor_find(f, KIND_ID_STAIRS_DOWN);
    if (up)
        assert_clear_space(f, up);
    if (down) {
        assert_clear_space(f, down);
        assert_true(abs(down->x - f->arrival_x) <= 1 && abs(down->y - f->arrival_y) <= 1);
    }
    if (up && down) {
        int dx = up->x - down->x, dy = up->y - down->y;
        assert_true(9 * (dx * dx + dy * dy) >= f->map.width * f->map.width);
    }
    if (n == 0) {
        assert_int_equal(f->room_count, 1);
        assert_int_equal(f->entities.count, 1);
    } else {
        assert_rooms_valid(f);
    }
    if (n == MAX_FLOORS) {
        const Entity *king = floor_find(f, KIND_ID_MOUSE_KING);
        assert_non_null(king);
        assert_int_equal(f->entities.count, 2);
        assert_true(abs(king->x - f->arrival_x) > 6 || abs(king->y - f->arrival_y) > 6);
    } else {
        assert_int_equal(count_named(f, "Mouse King"), 0);
    }
    assert_all_reachable(f);
}

static void every_floor_of_many_seeds_follows_the_rules(void **state)
{
    (void)state;
    for (uint64_t seed = 1; seed <= SEEDS; seed++) {
        GameSeeds seeds;
        seeds_derive(&seeds, seed);
        for (int n = 0; n < FLOOR_COUNT; n++) {
            Floor f;
            GenStats stats;
            assert_true(gen_floor(&f, n, seeds.floors[n], &factory, &stats));
            assert_int_equal(f.number, n);
            check_floor(&f);
            floor_free(&f);
        }
    }
}

static char *ascii_of(int number, uint64_t seed)
{
    Floor f;
    size_t size = (MAP_WIDTH + 1) * MAP_HEIGHT + 1;
    char *buf = malloc(size);
    assert_true(gen_floor(&f, number, seed, &factory, NULL));
    assert_true(gen_floor_to_ascii(&f, buf, size));
    floor_free(&f);
    return buf;
}

static void same_seed_same_floor(void **state)
{
    (void)state;
    GameSeeds seeds;
    seeds_derive(&seeds, 77);
    char *first = ascii_of(5, seeds.floors[5]);
    /* Generating other floors first changes nothing about floor 5. */
    for (int n = 0; n < FLOOR_COUNT; n++)
        free(ascii_of(n, seeds.floors[n]));
    char *again = ascii_of(5, seeds.floors[5]);
    assert_string_equal(first, again);
    char *other = ascii_of(5, seeds.floors[6]);
    assert_string_not_equal(first, other);
    free(first);
    free(again);
    free(other);
}

static void floor_zero_is_one_room_with_stairs_up(void **state)
{
    (void)state;
    char *map = ascii_of(0, 1234);
    assert_non_null(strchr(map, '<'));
    assert_null(strchr(map, '>'));
    assert_non_null(strchr(map, '@'));
    size_t open = 0;
    for (const char *p = map; *p; p++)
        open += *p == '.' || *p == '<' || *p == '@';
    assert_in_range(open, 15, 60); /* small */
    free(map);
}

static void ascii_needs_room(void **state)
{
    (void)state;
    Floor f;
    assert_true(gen_floor(&f, 0, 1, &factory, NULL));
    char tiny[16];
    assert_false(gen_floor_to_ascii(&f, tiny, sizeof tiny));
    floor_free(&f);
}

int main(void)
{
    factory_init(&factory, &test_rules()->kinds);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_floor_of_many_seeds_follows_the_rules),
        cmocka_unit_test(same_seed_same_floor),
        cmocka_unit_test(floor_zero_is_one_room_with_stairs_up),
        cmocka_unit_test(ascii_needs_room),
    };
    return RUN_TESTS(tests);
}
