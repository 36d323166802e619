/* The save of format 3 keeps what the player remembers (docs/RULES.md R-MEM-5): each floor's
 * remembered items and lost mice, the turn each thing in view came into view, and each floor's
 * counts; a save of format 2 loads with nothing remembered and every count at zero, and a
 * value that could not be is refused naming its field. */
#define _POSIX_C_SOURCE 200809L /* strdup */
#include "test_support.h"

#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bot/bot.h"
#include "game/memory.h"
#include "game/view_list.h"
#include "save_edit.h"
#include "store/save.h"
#include "test_rules.h"

/* The bot's game of seed 4 until it reaches floor 2, with one mouse's mark added on the
 * current floor (where the bot last saw it, three turns ago). */
static Game *sample_game(void)
{
    Game *g = malloc(sizeof *g);
    Bot *bot = malloc(sizeof *bot);
    assert_non_null(g);
    assert_non_null(bot);
    assert_true(game_init(g, 4, test_rules()));
    bot_init(bot);
    while (g->deepest < 2 && g->outcome == GAME_PLAYING && bot_play_turn(bot, g))
        ;
    const Entity *things[1];
    for (int i = 0; i < 500 && g->outcome == GAME_PLAYING && !game_things_in_view(g, things, 1);
         i++)
        bot_play_turn(bot, g); /* on until something is in view */
    free(bot);
    Floor *f = game_floor(g);
    for (int i = 0; i < f->map.width * f->map.height; i++)
        if (f->seen[i] && f->map.tiles[i] == TILE_FLOOR) {
            f->mice[f->mouse_marks++] = (FloorMark){
                1,    KIND_ID_NEO_MOUSE, i % f->map.width, i / f->map.width, g->turn - 3, false,
                false};
            if (f->item_marks == 0) /* and an item she saw there, if she remembers none */
                f->items[f->item_marks++] = (FloorMark){
                    2, KIND_ID_KEY, i % f->map.width, i / f->map.width, 0, false, false};
            break;
        }
    return g;
}

static Game *load(const char *text)
{
    Game *g = malloc(sizeof *g);
    char err[SAVE_ERROR_MAX];
    if (!save_from_json(g, text, strlen(text), test_rules(), err, sizeof err))
        fail_msg("%s", err);
    return g;
}

static void drop(Game *g)
{
    game_free(g);
    free(g);
}

static void same_marks(const FloorMark *a, const FloorMark *b, int n)
{
    for (int i = 0; i < n; i++) {
        assert_int_equal(a[i].id, b[i].id);
        assert_int_equal(a[i].kind_id, b[i].kind_id);
        assert_int_equal(a[i].x, b[i].x);
        assert_int_equal(a[i].y, b[i].y);
        assert_int_equal(a[i].turn, b[i].turn);
        assert_int_equal(a[i].in_view, b[i].in_view);
    }
}

static void memory_and_floor_counts_round_trip(void **state)
{
    (void)state;
    Game *g = sample_game();
    char *text = save_to_json(g);
    Game *back = load(text);
    int items = 0, mice = 0, since = 0;
    for (int f = 0; f < FLOOR_COUNT; f++) {
        assert_memory_equal(&g->floor_stats[f], &back->floor_stats[f], sizeof(FloorStats));
        if (!g->floors[f])
            continue;
        const Floor *a = g->floors[f], *b = back->floors[f];
        assert_int_equal(a->item_marks, b->item_marks);
        assert_int_equal(a->mouse_marks, b->mouse_marks);
        same_marks(a->items, b->items, a->item_marks);
        same_marks(a->mice, b->mice, a->mouse_marks);
        items += a->item_marks;
        mice += a->mouse_marks;
        const Entity *e = a->entities.head, *d = b->entities.head;
        for (; e && d; e = e->next, d = d->next) {
            assert_int_equal(e->in_view_since, d->in_view_since);
            since += e->in_view_since != 0;
        }
    }
    assert_true(items > 0 && mice > 0);
    assert_true(since > 0);
    assert_true(g->floor_stats[0].turns > 0 && g->floor_stats[2].turns > 0);
    MemoryMark m[4];
    assert_int_equal(game_lost_mice(back, m, 4), game_lost_mice(g, m, 4));
    char *again = save_to_json(back);
    assert_string_equal(text, again);
    free(again);
    free(text);
    drop(back);
    drop(g);
}

/* Format 2 as it was: no floor_stats, no memory, no in_view. */
static char *as_format_2(const char *text)
{
    cJSON *root = cJSON_Parse(text);
    cJSON_ReplaceItemInObject(root, "format", cJSON_CreateNumber(2));
    cJSON_DeleteItemFromObject(root, "floor_stats");
    cJSON *floors = cJSON_GetObjectItem(root, "floors");
    for (cJSON *f = floors->child; f; f = f->next) {
        cJSON_DeleteItemFromObject(f, "memory");
        for (cJSON *e = cJSON_GetObjectItem(f, "entities")->child; e; e = e->next)
            cJSON_DeleteItemFromObject(e, "in_view");
    }
    char *old = signed_text(root);
    cJSON_Delete(root);
    return old;
}

static void a_format_2_save_loads_remembering_nothing(void **state)
{
    (void)state;
    Game *g = sample_game();
    char *text = save_to_json(g);
    char *old = as_format_2(text);
    Game *back = load(old);
    for (int f = 0; f < FLOOR_COUNT; f++) {
        assert_int_equal(back->floor_stats[f].turns, 0);
        assert_int_equal(back->floor_stats[f].kills, 0);
        if (back->floors[f])
            assert_int_equal(back->floors[f]->item_marks + back->floors[f]->mouse_marks, 0);
    }
    /* It plays on and remembers from then on. */
    Command wait = command_wait();
    game_apply(back, &wait);
    const Entity *things[64];
    int n = game_things_in_view(back, things, 64);
    for (int i = 0; i < n; i++)
        assert_true(things[i]->in_view_since != 0);
    drop(back);
    free(old);
    free(text);
    drop(g);
}

static void refused(const char *text, const char *path, const char *json, const char *says)
{
    char *bad = edited(text, path, json);
    Game g;
    char err[SAVE_ERROR_MAX] = "";
    if (save_from_json(&g, bad, strlen(bad), test_rules(), err, sizeof err)) {
        game_free(&g);
        fail_msg("%s = %s: loaded", path, json ? json : "(removed)");
    }
    if (!strstr(err, says))
        fail_msg("%s = %s: '%s' does not say '%s'", path, json ? json : "(removed)", err, says);
    free(bad);
}

static void impossible_memory_is_refused(void **state)
{
    (void)state;
    Game *g = sample_game();
    int cur = g->current;
    char *text = save_to_json(g);
    char at[96];
    snprintf(at, sizeof at, "floors/%d/memory/mice/0", cur);
    char path[128];
    /* Floors are written in order, one for each visited. */
    snprintf(path, sizeof path, "%s/name", at);
    refused(text, path, "\"Key\"", "is not a mouse this game knows");
    snprintf(path, sizeof path, "%s/x", at);
    refused(text, path, "0", "is not a floor cell the player has seen");
    snprintf(path, sizeof path, "%s/turn", at);
    refused(text, path, "999999", ".turn: 999999");
    snprintf(path, sizeof path, "%s/in_view", at);
    refused(text, path, "false", "in_view: should be true or left out");
    snprintf(path, sizeof path, "floors/%d/memory/items/0/name", cur);
    refused(text, path, "\"Neo Mouse\"", "is not an item this game knows");
    snprintf(path, sizeof path, "floors/%d/memory/extra", cur);
    refused(text, path, "1", "unknown field");
    refused(text, "floor_stats/13", "[1, 0, 0]", "never visited");
    refused(text, "floor_stats/0", "[1000000, 0, 0]", "more than the game's");
    refused(text, "floor_stats/0", "[1, 2]", "floor_stats[0]");
    refused(text, "floor_stats/13", NULL, "floor_stats: 13 floors instead of 14");
    free(text);
    drop(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(memory_and_floor_counts_round_trip),
        cmocka_unit_test(a_format_2_save_loads_remembering_nothing),
        cmocka_unit_test(impossible_memory_is_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
