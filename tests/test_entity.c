#include "test_support.h"

#include <stdlib.h>

#include "core/entity.h"

static Entity *make(int id)
{
    Entity *e = calloc(1, sizeof *e);
    e->id = (uint32_t)id;
    return e;
}

static int ids(const EntityList *list, int *out)
{
    int n = 0;
    for (const Entity *e = list->head; e; e = e->next)
        out[n++] = (int)e->id;
    return n;
}

static void add_keeps_order_and_count(void **state)
{
    (void)state;
    EntityList list;
    entity_list_init(&list);
    for (int i = 1; i <= 4; i++)
        entity_list_add(&list, make(i));
    int got[8];
    assert_int_equal(ids(&list, got), 4);
    assert_int_equal(list.count, 4);
    for (int i = 0; i < 4; i++)
        assert_int_equal(got[i], i + 1);
    assert_int_equal(list.tail->id, 4);
    entity_list_clear(&list);
    assert_null(list.head);
    assert_int_equal(list.count, 0);
}

static void remove_unlinks_and_purge_frees(void **state)
{
    (void)state;
    EntityList list;
    entity_list_init(&list);
    Entity *e[3];
    for (int i = 0; i < 3; i++)
        entity_list_add(&list, e[i] = make(i + 1));
    entity_list_remove(&list, e[1]);
    entity_list_remove(&list, e[1]); /* twice is harmless */
    int got[8];
    assert_int_equal(ids(&list, got), 2);
    assert_int_equal(got[0], 1);
    assert_int_equal(got[1], 3);
    assert_int_equal(list.count, 2);
    assert_ptr_equal(list.removed, e[1]);
    assert_true(e[1]->flags & EF_REMOVED); /* still allocated until the purge */
    entity_list_purge(&list);
    assert_null(list.removed);
    entity_list_remove(&list, e[0]);
    entity_list_remove(&list, e[2]);
    assert_null(list.head);
    assert_null(list.tail);
    entity_list_clear(&list);
}

typedef struct Walk {
    EntityList *list;
    Entity *victim; /* removed when `trigger` is visited */
    uint32_t trigger;
    int visited[16];
    int n;
    bool add_one;
} Walk;

static bool visit(Entity *e, void *ctx)
{
    Walk *w = ctx;
    w->visited[w->n++] = (int)e->id;
    if (e->id == w->trigger && w->victim)
        entity_list_remove(w->list, w->victim);
    if (w->add_one) {
        w->add_one = false;
        entity_list_add(w->list, make(99));
    }
    return true;
}

static void removing_during_walk_is_safe(void **state)
{
    (void)state;
    /* Remove the current entity, the next one and an earlier one while walking. */
    for (int victim = 0; victim < 3; victim++) {
        EntityList list;
        entity_list_init(&list);
        Entity *e[4];
        for (int i = 0; i < 4; i++)
            entity_list_add(&list, e[i] = make(i + 1));
        Walk w = {.list = &list, .trigger = 2};
        w.victim = victim == 0 ? e[1] : victim == 1 ? e[2] : e[0];
        entity_list_each(&list, visit, &w);
        int expect_visits = victim == 1 ? 3 : 4; /* a removed next entity is skipped */
        assert_int_equal(w.n, expect_visits);
        assert_int_equal(list.count, 3);
        int got[8];
        assert_int_equal(ids(&list, got), 3); /* unlinked once the walk ended */
        assert_ptr_equal(list.removed, w.victim);
        entity_list_clear(&list);
    }
}

static void added_during_walk_waits_for_next_walk(void **state)
{
    (void)state;
    EntityList list;
    entity_list_init(&list);
    for (int i = 1; i <= 3; i++)
        entity_list_add(&list, make(i));
    Walk w = {.list = &list, .add_one = true};
    entity_list_each(&list, visit, &w);
    assert_int_equal(w.n, 3);
    assert_int_equal(list.count, 4);
    Walk again = {.list = &list};
    entity_list_each(&list, visit, &again);
    assert_int_equal(again.n, 4);
    assert_int_equal(again.visited[3], 99);
    entity_list_clear(&list);
}

static bool stop_at_two(Entity *e, void *ctx)
{
    (*(int *)ctx)++;
    return e->id != 2;
}

static void walk_stops_when_asked(void **state)
{
    (void)state;
    EntityList list;
    entity_list_init(&list);
    for (int i = 1; i <= 5; i++)
        entity_list_add(&list, make(i));
    int visits = 0;
    entity_list_each(&list, stop_at_two, &visits);
    assert_int_equal(visits, 2);
    entity_list_clear(&list);
}

/* Freeing a floor's entities keeps the player alive and unlinked. */
static void clear_spares_the_player(void **state)
{
    (void)state;
    EntityList list;
    entity_list_init(&list);
    Entity *player = make(7);
    player->flags |= EF_PLAYER;
    entity_list_add(&list, make(1));
    entity_list_add(&list, player);
    entity_list_add(&list, make(2));
    entity_list_remove(&list, list.head); /* one already removed: freed too */
    entity_list_clear(&list);
    assert_null(list.head);
    assert_null(player->next);
    assert_null(player->prev);
    EntityList other;
    entity_list_init(&other);
    entity_list_add(&other, player); /* still usable */
    assert_int_equal(other.count, 1);
    entity_list_detach(&other, player);
    assert_int_equal(other.count, 0);
    assert_null(other.head);
    free(player);
}

/* The one place articles are chosen: "a"/"an" for a kind of many, "the" for a unique one. */
static void names_take_the_article_english_needs(void **state)
{
    (void)state;
    assert_string_equal(name_a("Neo Mouse", false, false).s, "a Neo Mouse");
    assert_string_equal(name_a("Neo Mouse", false, true).s, "A Neo Mouse");
    assert_string_equal(name_a("Ion Mouse", false, false).s, "an Ion Mouse");
    assert_string_equal(name_a("Ion Mouse", false, true).s, "An Ion Mouse");
    assert_string_equal(name_a("Mouse King", true, false).s, "the Mouse King");
    assert_string_equal(name_a("Mouse King", true, true).s, "The Mouse King");
    Entity e = {.name = "Mouse King", .flags = EF_SOLID | EF_UNIQUE};
    assert_string_equal(entity_a(&e, false).s, "the Mouse King");
    assert_string_equal(entity_the(&e, true).s, "The Mouse King");
    e.name = "Micro Mouse";
    e.flags = EF_SOLID;
    assert_string_equal(entity_a(&e, false).s, "a Micro Mouse");
    assert_string_equal(entity_a(&e, true).s, "A Micro Mouse");
    assert_string_equal(entity_the(&e, false).s, "the Micro Mouse");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(add_keeps_order_and_count),
        cmocka_unit_test(remove_unlinks_and_purge_frees),
        cmocka_unit_test(removing_during_walk_is_safe),
        cmocka_unit_test(added_during_walk_waits_for_next_walk),
        cmocka_unit_test(walk_stops_when_asked),
        cmocka_unit_test(clear_spares_the_player),
        cmocka_unit_test(names_take_the_article_english_needs),
    };
    return RUN_TESTS(tests);
}
