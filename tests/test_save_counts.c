/* The counters of a save against what the floors visited allow (game_check_counts in
 * src/game/invariants_counts.c): a real game's save sits at each bound and loads; each counter
 * edited one past its bound (the checksum made right, so that only the content is wrong) is
 * refused with a line naming the counter and the numbers; so are commands past their limit. */
#define _POSIX_C_SOURCE 200809L /* strdup */
#include "test_support.h"

#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bot/bot.h"
#include "entities/entities.h"
#include "game/invariants.h"
#include "gen/gen.h"
#include "save_edit.h"
#include "store/save.h"
#include "test_rules.h"

/* The bot's game of seed 6 played until it reached floor 5: mice killed, doors opened, Keys
 * used with a locked door left, hidden doors found, items picked up. */
static const char *sample(void)
{
    static char *text;
    if (text)
        return text;
    Game *g = malloc(sizeof *g);
    Bot *bot = malloc(sizeof *bot);
    assert_non_null(g);
    assert_non_null(bot);
    /* Seed 7: its bot leaves a locked door on floors 0..5 (seed 6's took floor 3's locker). */
    assert_true(game_init(g, 7, test_rules()));
    bot_init(bot);
    while (g->deepest < 5 && g->outcome == GAME_PLAYING && bot_play_turn(bot, g))
        ;
    assert_int_equal(g->outcome, GAME_PLAYING);
    text = save_to_json(g);
    assert_non_null(text);
    game_free(g);
    free(g);
    free(bot);
    return text;
}

/* The index in floor's entities of the first one named `name`, or -1. */
static int find_named(const char *text, int floor, const char *name)
{
    cJSON *root = cJSON_Parse(text);
    const cJSON *list = cJSON_GetObjectItemCaseSensitive(
        cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(root, "floors"), floor), "entities");
    int i = 0, found = -1;
    for (const cJSON *e = list->child; e && found < 0; e = e->next, i++)
        if (strcmp(cJSON_GetObjectItemCaseSensitive(e, "name")->valuestring, name) == 0)
            found = i;
    cJSON_Delete(root);
    return found;
}

/* `edits` pairs of (path, value) applied one after the other, the checksum made right. */
static char *edited_many(const char *text, const char *const *edits, int count)
{
    char *now = strdup(text);
    for (int i = 0; i < count; i++) {
        char *next = edited(now, edits[2 * i], edits[2 * i + 1]);
        free(now);
        now = next;
    }
    return now;
}

static void assert_impossible(const char *name, const char *bad, const char *expect)
{
    Game g;
    char err[SAVE_ERROR_MAX] = "";
    if (save_from_json(&g, bad, strlen(bad), test_rules(), err, sizeof err)) {
        game_free(&g);
        fail_msg("%s: the save loaded", name);
    }
    if (strncmp(err, "impossible: ", 12) != 0 || strcmp(err + 12, expect) != 0)
        fail_msg("%s: refused with '%s', not for '%s'", name, err, expect);
}

static void impossible_edit(const char *name, const char *text, const char *path, const char *json,
                            const char *expect)
{
    char *bad = edited(text, path, json);
    assert_impossible(name, bad, expect);
    free(bad);
}

/* What the sample's floors 0..5 hold now (pack included) and what generation made on them,
 * counted here on floors made again from their seeds. */
typedef struct Holds {
    int mice, keys, fresh_items, items, locked, hidden, open;
} Holds;

static void hold(const Entity *e, Holds *h)
{
    h->mice += e->kind == KIND_MONSTER;
    h->items += e->kind == KIND_ITEM;
    h->keys += e->kind_id == KIND_ID_KEY;
    h->fresh_items += e->kind == KIND_ITEM && !(e->flags & EF_CARRIED_BEFORE);
    h->locked += e->kind == KIND_DOOR && e->door == DOOR_LOCKED;
    h->hidden += e->kind == KIND_DOOR && e->door == DOOR_HIDDEN;
    h->open += e->kind == KIND_DOOR && e->door == DOOR_OPEN;
}

static void sample_holds(const Game *g, Holds *now, Holds *made)
{
    *now = *made = (Holds){0};
    for (int f = 0; f <= g->deepest; f++) {
        for (const Entity *e = g->floors[f]->entities.head; e; e = e->next)
            hold(e, now);
        EntityFactory factory;
        factory_init(&factory, g->factory.kinds);
        Floor floor;
        assert_true(gen_floor(&floor, f, g->seeds.floors[f], &factory, NULL));
        for (const Entity *e = floor.entities.head; e; e = e->next)
            hold(e, made);
        floor_free(&floor);
    }
    for (int i = 0; i < RULES_INVENTORY_CAP; i++)
        if (g->inventory[i])
            hold(g->inventory[i], now);
}

/* The sample's counters and what its floors hold and were made with, checked to sit exactly
 * at each bound (so the bounds are as tight as they can be and a real game still loads). */
static GameCounters sample_at_its_bounds(Holds *now, Holds *made)
{
    const char *text = sample();
    Game g;
    char err[SAVE_ERROR_MAX];
    if (!save_from_json(&g, text, strlen(text), test_rules(), err, sizeof err))
        fail_msg("the sample: %s", err);
    sample_holds(&g, now, made);
    GameCounters c = g.counters;
    assert_int_equal(g.deepest, 5);
    game_free(&g);
    assert_int_equal(c.kills + now->mice, made->mice);
    assert_int_equal(c.keys_used, made->locked - now->locked);
    assert_int_equal(c.keys_used + now->keys, made->keys);
    assert_int_equal(c.hidden_found, made->hidden - now->hidden);
    assert_int_equal(c.items_picked + now->fresh_items, made->items);
    assert_true(c.doors_opened <= now->open - made->open);
    assert_true(c.kills > 0 && c.keys_used > 0 && c.hidden_found > 0 && now->locked > 0);
    return c;
}

/* Kills one past the kills by kind, and one past the mice made (the kills by kind agreeing). */
static void kills_past_what_the_floors_allow_are_refused(void **state)
{
    (void)state;
    const char *text = sample();
    Holds now, made;
    GameCounters c = sample_at_its_bounds(&now, &made);
    char v[64], m[200];
    snprintf(v, sizeof v, "%d", c.kills + 1);
    snprintf(m, sizeof m, "kills %d but the kills by kind sum to %d", c.kills + 1, c.kills);
    impossible_edit("kills", text, "counters/kills", v, m);
    char by_kind[64];
    snprintf(by_kind, sizeof by_kind, "{\"Micro Mouse\":%d}", c.kills + 1);
    const char *edits[] = {"counters/kills", v, "counters/by_kind", by_kind};
    char *bad = edited_many(text, edits, 2);
    snprintf(m, sizeof m,
             "kills %d with %d mice alive, but floors 0..5 made %d mice and summoners could call "
             "0 more",
             c.kills + 1, now.mice, made.mice);
    assert_impossible("kills past the mice", bad, m);
    free(bad);
}

/* Doors opened, Keys used, hidden doors found and items picked up, each one past its bound;
 * every door opened by the player (none by a mouse) still loads. */
static void counters_past_what_the_floors_allow_are_refused(void **state)
{
    (void)state;
    const char *text = sample();
    Holds now, made;
    GameCounters c = sample_at_its_bounds(&now, &made);
    char v[64], m[200], err[SAVE_ERROR_MAX];
    int opened = now.open - made.open; /* mice open doors too: the player may have fewer */
    snprintf(v, sizeof v, "%d", opened);
    char *at_bound = edited(text, "counters/doors_opened", v);
    Game every_door;
    if (!save_from_json(&every_door, at_bound, strlen(at_bound), test_rules(), err, sizeof err))
        fail_msg("every door opened by the player: %s", err);
    game_free(&every_door);
    free(at_bound);
    snprintf(v, sizeof v, "%d", opened + 1);
    snprintf(m, sizeof m,
             "doors_opened %d but only %d doors on floors 0..5 were opened since they were made",
             opened + 1, opened);
    impossible_edit("doors", text, "counters/doors_opened", v, m);

    snprintf(v, sizeof v, "%d", c.keys_used + 1);
    snprintf(m, sizeof m,
             "keys_used %d but only %d of the %d locked doors made on floors 0..5 are unlocked",
             c.keys_used + 1, c.keys_used, made.locked);
    impossible_edit("keys and locks", text, "counters/keys_used", v, m);

    snprintf(v, sizeof v, "%d", c.hidden_found + 1);
    snprintf(m, sizeof m,
             "hidden_found %d but only %d of the %d hidden doors made on floors 0..5 are found",
             c.hidden_found + 1, c.hidden_found, made.hidden);
    impossible_edit("hidden", text, "counters/hidden_found", v, m);

    snprintf(v, sizeof v, "%d", c.items_picked + 1);
    snprintf(m, sizeof m,
             "items_picked %d with %d items never picked up, but floors 0..5 made %d items",
             c.items_picked + 1, now.fresh_items, made.items);
    impossible_edit("items", text, "counters/items_picked", v, m);
}

/* A Key used on a door that was never locked: the door turned from locked to closed by hand,
 * one more key used than the Keys the floors made allow. */
static void keys_past_the_keys_made_are_refused(void **state)
{
    (void)state;
    const char *text = sample();
    Game g;
    char err[SAVE_ERROR_MAX];
    assert_true(save_from_json(&g, text, strlen(text), test_rules(), err, sizeof err));
    Holds now, made;
    sample_holds(&g, &now, &made);
    int used = g.counters.keys_used;
    game_free(&g);
    int floor = -1, door = -1;
    for (int f = 0; f <= 5 && door < 0; f++)
        door = find_named(text, (floor = f), "Door (Locked)");
    assert_true(door >= 0);
    char name[96], state_at[96], v[32], m[160];
    snprintf(name, sizeof name, "floors/%d/entities/%d/name", floor, door);
    snprintf(state_at, sizeof state_at, "floors/%d/entities/%d/door", floor, door);
    snprintf(v, sizeof v, "%d", used + 1);
    const char *edits[] = {name, "\"Door\"", state_at, "\"closed\"", "counters/keys_used", v};
    char *unlocked = edited_many(text, edits, 2); /* possible: a Key may still be used */
    Game ok;
    if (!save_from_json(&ok, unlocked, strlen(unlocked), test_rules(), err, sizeof err))
        fail_msg("a door unlocked by hand: %s", err);
    game_free(&ok);
    free(unlocked);
    char *bad = edited_many(text, edits, 3);
    snprintf(m, sizeof m, "keys_used %d with %d Keys left, but floors 0..5 made %d", used + 1,
             now.keys, made.keys);
    assert_impossible("keys past the keys", bad, m);
    free(bad);
}

/* Commands: any number up to their limit (commands that take no turn repeat without end),
 * never past it, never fewer than the turns. */
static void commands_past_their_limit_are_refused(void **state)
{
    (void)state;
    const char *text = sample();
    char v[32], m[96];
    snprintf(v, sizeof v, "\"%llu\"", (unsigned long long)GAME_COMMANDS_MAX);
    char *at_limit = edited(text, "commands", v);
    Game g;
    char err[SAVE_ERROR_MAX];
    if (!save_from_json(&g, at_limit, strlen(at_limit), test_rules(), err, sizeof err))
        fail_msg("commands at their limit: %s", err);
    game_free(&g);
    free(at_limit);
    snprintf(v, sizeof v, "\"%llu\"", (unsigned long long)GAME_COMMANDS_MAX + 1);
    snprintf(m, sizeof m, "commands %llu, more than %llu",
             (unsigned long long)GAME_COMMANDS_MAX + 1, (unsigned long long)GAME_COMMANDS_MAX);
    impossible_edit("commands", text, "commands", v, m);
}

/* The Mouse King calls a mouse at most every 5 of his acts, one act a turn: kills may pass the
 * mice the floors made by turns / 5 + 1 and no more, until the clock stops at its limit and
 * the turns bound nothing. */
static void the_kings_calls_are_bounded_by_the_turns(void **state)
{
    (void)state;
    Game *g = malloc(sizeof *g);
    assert_non_null(g);
    assert_true(game_init(g, 6, test_rules()));
    for (int f = 1; f <= MAX_FLOORS; f++)
        assert_true(game_change_floor(g, f));
    Holds now, made;
    sample_holds(g, &now, &made);
    g->turn = 1000;
    g->commands = 1000;
    int calls = 1000 / 5 + 1, kills = made.mice - now.mice + calls;
    char err[SAVE_ERROR_MAX], m[200];
    for (int extra = 0; extra <= 1; extra++) {
        g->counters.kills = g->counters.kills_by_kind[KIND_ID_RABID_MOUSE] = kills + extra;
        bool ok = game_check_invariants(g, err, sizeof err);
        assert_true(ok == !extra);
    }
    snprintf(m, sizeof m,
             "kills %d with %d mice alive, but floors 0..13 made %d mice and summoners could call "
             "%d more",
             kills + 1, now.mice, made.mice, calls);
    assert_string_equal(err, m);
    g->turn = GAME_TURN_MAX;
    g->commands = GAME_TURN_MAX;
    g->counters.kills = g->counters.kills_by_kind[KIND_ID_RABID_MOUSE] = GAME_COUNT_MAX;
    if (!game_check_invariants(g, err, sizeof err))
        fail_msg("the clock stopped: %s", err);
    game_free(g);
    free(g);
}

/* The count stops at its limit rather than pass it, so the game never holds a count it could
 * not save and read back. */
static void the_command_count_stops_at_its_limit(void **state)
{
    (void)state;
    Game *g = malloc(sizeof *g);
    assert_non_null(g);
    assert_true(game_init(g, 6, test_rules()));
    g->commands = GAME_COMMANDS_MAX - 1;
    for (int i = 0; i < 2; i++)
        game_apply(g, &(Command){.type = CMD_WAIT});
    assert_true(g->commands == GAME_COMMANDS_MAX);
    char *text = save_to_json(g);
    assert_non_null(text);
    Game loaded;
    char err[SAVE_ERROR_MAX];
    if (!save_from_json(&loaded, text, strlen(text), test_rules(), err, sizeof err))
        fail_msg("%s", err);
    assert_true(loaded.commands == GAME_COMMANDS_MAX);
    game_free(&loaded);
    free(text);
    game_free(g);
    free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(kills_past_what_the_floors_allow_are_refused),
        cmocka_unit_test(counters_past_what_the_floors_allow_are_refused),
        cmocka_unit_test(keys_past_the_keys_made_are_refused),
        cmocka_unit_test(commands_past_their_limit_are_refused),
        cmocka_unit_test(the_command_count_stops_at_its_limit),
        cmocka_unit_test(the_kings_calls_are_bounded_by_the_turns),
    };
    int failed = RUN_TESTS(tests);
    free((char *)sample());
    return failed;
}
