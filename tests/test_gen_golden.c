/* Golden floor hashes: seeds 1..25 x floors 0..13 must generate byte for byte as recorded in
 * tests/golden_floors.txt. A change to any floor must be on purpose: bump DUNGEON_VERSION in
 * src/gen/gen.h and rewrite the file with
 *     MOUSEKING_UPDATE_GOLDEN=1 ctest -R test_gen_golden */
#include "test_support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/seeds.h"
#include "entities/entities.h"
#include "gen/gen.h"
#include "test_rules.h"

enum { GOLDEN_SEEDS = 25 };

static EntityFactory factory;

static uint64_t fnv1a(uint64_t h, const void *data, size_t len)
{
    const unsigned char *p = data;
    for (size_t i = 0; i < len; i++) {
        h ^= p[i];
        h *= 0x100000001b3ULL;
    }
    return h;
}

/* Integers are hashed as four little-endian bytes, so the hash is the same on any machine. */
static uint64_t fnv1a_int(uint64_t h, int v)
{
    uint32_t u = (uint32_t)v;
    unsigned char b[4] = {u & 0xff, (u >> 8) & 0xff, (u >> 16) & 0xff, u >> 24};
    return fnv1a(h, b, 4);
}

/* The hash of everything a floor is: its cells and zones, rooms, arrival point, and every
 * entity's name and place in list order. */
static uint64_t floor_hash(const Floor *f)
{
    size_t cells = (size_t)(f->map.width * f->map.height);
    uint64_t h = fnv1a(0xcbf29ce484222325ULL, f->map.tiles, cells);
    h = fnv1a(h, f->map.zones, cells);
    for (int i = 0; i < f->room_count; i++) {
        h = fnv1a_int(h, f->rooms[i].x);
        h = fnv1a_int(h, f->rooms[i].y);
        h = fnv1a_int(h, f->rooms[i].w);
        h = fnv1a_int(h, f->rooms[i].h);
    }
    h = fnv1a_int(fnv1a_int(h, f->arrival_x), f->arrival_y);
    for (const Entity *e = f->entities.head; e; e = e->next) {
        h = fnv1a(h, e->name, strlen(e->name) + 1);
        h = fnv1a_int(fnv1a_int(h, e->x), e->y);
    }
    return h;
}

static uint64_t golden_of(int seed, int n)
{
    GameSeeds seeds;
    seeds_derive(&seeds, (uint64_t)seed);
    Floor f;
    assert_true(gen_floor(&f, n, seeds.floors[n], &factory, NULL));
    uint64_t h = floor_hash(&f);
    floor_free(&f);
    return h;
}

static void write_golden(void)
{
    FILE *out = fopen(GOLDEN_FILE, "w");
    assert_non_null(out);
    fprintf(out, "# seed floor fnv1a64 (tests/test_gen_golden.c)\nDUNGEON_VERSION %d\n",
            DUNGEON_VERSION);
    for (int seed = 1; seed <= GOLDEN_SEEDS; seed++)
        for (int n = 0; n < FLOOR_COUNT; n++)
            fprintf(out, "%d %d %016llx\n", seed, n, (unsigned long long)golden_of(seed, n));
    assert_int_equal(fclose(out), 0);
}

static void floors_match_the_golden_file(void **state)
{
    (void)state;
    if (getenv("MOUSEKING_UPDATE_GOLDEN"))
        write_golden();
    FILE *in = fopen(GOLDEN_FILE, "r");
    assert_non_null(in);
    char line[128];
    int version = -1, checked = 0, changed = 0;
    while (fgets(line, sizeof line, in)) {
        int seed, n;
        unsigned long long want;
        if (line[0] == '#' || sscanf(line, "DUNGEON_VERSION %d", &version) == 1)
            continue;
        assert_int_equal(sscanf(line, "%d %d %llx", &seed, &n, &want), 3);
        uint64_t got = golden_of(seed, n);
        if (got != want) {
            if (changed++ < 5)
                print_error("seed %d floor %d: hash %016llx, golden %016llx\n", seed, n,
                            (unsigned long long)got, want);
        }
        checked++;
    }
    fclose(in);
    assert_int_equal(version, DUNGEON_VERSION);
    assert_int_equal(checked, GOLDEN_SEEDS * FLOOR_COUNT);
    assert_int_equal(changed, 0);
}

/* The hash sees every part of a floor: moving one entity changes it. */
static void the_hash_sees_a_moved_entity(void **state)
{
    (void)state;
    GameSeeds seeds;
    seeds_derive(&seeds, 3);
    Floor f;
    assert_true(gen_floor(&f, 4, seeds.floors[4], &factory, NULL));
    uint64_t before = floor_hash(&f);
    f.entities.tail->x++;
    assert_true(floor_hash(&f) != before);
    floor_free(&f);
}

int main(void)
{
    factory_init(&factory, &shipped_rules()->kinds);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(floors_match_the_golden_file),
        cmocka_unit_test(the_hash_sees_a_moved_entity),
    };
    return RUN_TESTS(tests);
}
