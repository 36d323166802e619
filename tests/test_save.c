/* Saving and loading the game (src/store/save*.c): save, load, save gives the same bytes; a
 * game loaded from a save taken at each floor change of a bot's game plays on exactly as the
 * game that was never saved; damaged, truncated, hostile and too-new saves are refused with
 * a message naming the field; a crash between write and rename keeps the previous save; and
 * deleting removes the save and its backup. */
#define _POSIX_C_SOURCE 200809L /* mkdtemp */
#include "test_dir.h"
#include "test_support.h"

#include <cjson/cJSON.h>
#include <dirent.h>
#include <inttypes.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bot/bot.h"
#include "core/userfile.h"
#include "game_fixture.h"
#include "gen/gen.h"
#include "save_edit.h"
#include "store/journal.h"
#include "store/save.h"

/* ---- helpers ------------------------------------------------------------------------ */

static Game *new_game(uint64_t seed)
{
    Game *g = malloc(sizeof *g);
    assert_non_null(g);
    assert_true(game_init(g, seed, test_rules()));
    return g;
}

static void drop_game(Game *g)
{
    if (g) {
        game_free(g);
        free(g);
    }
}

static char *must_save(const Game *g)
{
    char *text = save_to_json(g);
    assert_non_null(text);
    return text;
}

/* The game in `text`, or a failed test naming the error. */
static Game *must_load(const char *text)
{
    Game *g = malloc(sizeof *g);
    assert_non_null(g);
    char err[SAVE_ERROR_MAX];
    bool ok = save_from_json(g, text, strlen(text), test_rules(), err, sizeof err);
    if (!ok)
        fail_msg("the save did not load: %s", err);
    return g;
}

/* Whether loading `text` (len bytes) is refused; err gets the message. A refused load must
 * leave the game zeroed. */
static bool refused(const char *text, size_t len, char *err, size_t err_size)
{
    Game g;
    memset(&g, 0xA5, sizeof g);
    if (save_from_json(&g, text, len, test_rules(), err, err_size)) {
        game_free(&g);
        return false;
    }
    static const Game zero;
    assert_memory_equal(&g, &zero, sizeof g);
    return true;
}

/* Plays up to `turns` bot turns; returns how many it played. */
static int play(Bot *bot, Game *g, int turns)
{
    int n = 0;
    while (n < turns && g->outcome == GAME_PLAYING && bot_play_turn(bot, g))
        n++;
    return n;
}

/* Fails naming where two saves first differ (they are too long to print whole). */
static void assert_same_save(const char *a, const char *b)
{
    size_t i = 0;
    while (a[i] && a[i] == b[i])
        i++;
    if (a[i] == b[i])
        return;
    size_t from = i > 80 ? i - 80 : 0;
    fail_msg("saves differ at byte %zu:\n  %.160s\n  %.160s", i, a + from, b + from);
}

/* Takes n mice off the floors visited, as n kills would: a save's kills must be mice that
 * were there. */
static void take_mice(Game *g, int n)
{
    for (int floor = 0; n > 0 && floor <= g->deepest; floor++) {
        EntityList *list = &g->floors[floor]->entities;
        Entity *mouse = list->head;
        while (n > 0 && mouse) {
            while (mouse && mouse->kind != KIND_MONSTER)
                mouse = mouse->next;
            if (!mouse)
                break;
            Entity *next = mouse->next; /* before it is unlinked */
            entity_list_remove(list, mouse);
            n--;
            mouse = next;
        }
        entity_list_purge(list);
    }
    assert_int_equal(n, 0);
}

/* ---- round trips -------------------------------------------------------------------- */

static void assert_edit_refused(const char *text, const char *path, const char *json,
                                const char *expect);

/* The log's entry of `age` (0 = newest) in a save's text, as an "log/entries/N" path. */
static void log_entry_path(const Game *g, int age, const char *field, char *out, size_t size)
{
    snprintf(out, size, "log/entries/%d/%s", msglog_count(&g->log) - 1 - age, field);
}

static void assert_round_trip(const Game *g)
{
    char *first = must_save(g);
    Game *loaded = must_load(first);
    char *second = must_save(loaded);
    assert_same_save(first, second);
    drop_game(loaded);
    free(first);
    free(second);
}

static void a_fresh_game_saves_loads_and_saves_the_same_bytes(void **state)
{
    (void)state;
    Game *g = new_game(1);
    assert_round_trip(g);
    drop_game(g);
}

/* A behaviour's state (R-MOUSE-7) is saved: a fleeing mouse, when it heals next; a mouse
 * answering a call. */
static void a_mouses_behaviour_state_round_trips(void **state)
{
    (void)state;
    Game *g = new_game(4);
    assert_true(game_change_floor(g, 1)); /* Micro Mice live on floor 1 and up */
    take_mice(g, 2); /* two others go, so that no more mice live than the floors made */
    Floor *f = game_floor(g);
    const Entity *p = g->player;
    Entity *mice[2] = {NULL, NULL};
    for (int i = 0, n = 0; i < 9 * 9 && n < 2; i++) {
        int x = p->x + i % 9 - 4, y = p->y + i / 9 - 4;
        if (map_in_bounds(&f->map, x, y) && !map_is_wall(&f->map, x, y) &&
            !floor_entity_at(f, x, y, EF_SOLID) && (x != p->x || y != p->y))
            mice[n++] = game_spawn(g, f, KIND_ID_MICRO_MOUSE, x, y);
    }
    assert_non_null(mice[1]);
    mice[0]->mind = (Mind){.state = MIND_FLEEING, .target_x = 3, .target_y = 4, .ready_turn = 77};
    mice[1]->mind = (Mind){.state = MIND_ANSWERING, .target_x = 5, .target_y = 6};
    char *text = must_save(g);
    Game *loaded = must_load(text);
    for (int k = 0; k < 2; k++) {
        const Entity *e = game_floor(loaded)->entities.head;
        while (e && e->id != mice[k]->id)
            e = e->next;
        assert_non_null(e);
        assert_int_equal(e->mind.state, mice[k]->mind.state);
        assert_int_equal(e->mind.ready_turn, mice[k]->mind.ready_turn);
        assert_int_equal(e->mind.target_x, mice[k]->mind.target_x);
    }
    assert_round_trip(loaded);
    drop_game(loaded);
    free(text);
    drop_game(g);
}

static void the_log_keeps_its_tones_and_old_saves_read_plain(void **state)
{
    (void)state;
    Game *g = new_game(3);
    for (int t = 0; t < MSG_TONE_COUNT; t++)
        msglog_add_tone(&g->log, g->turn, (MsgTone)t, "tone %d", t);
    char *text = must_save(g);
    Game *loaded = must_load(text);
    assert_int_equal(msglog_count(&loaded->log), msglog_count(&g->log));
    for (int age = 0; age < msglog_count(&g->log); age++) {
        assert_string_equal(msglog_get(&loaded->log, age)->text, msglog_get(&g->log, age)->text);
        assert_int_equal(msglog_get(&loaded->log, age)->tone, msglog_get(&g->log, age)->tone);
    }
    assert_int_equal(msglog_get(&loaded->log, 0)->tone, MSG_FLOOR);
    assert_int_equal(msglog_get(&loaded->log, 1)->tone, MSG_WARN);
    assert_round_trip(loaded);
    drop_game(loaded);

    /* A save made before tones has no "tone": its messages load plain. */
    char path[64];
    log_entry_path(g, 1, "tone", path, sizeof path);
    char *old = edited(text, path, NULL);
    loaded = must_load(old);
    assert_int_equal(msglog_get(&loaded->log, 1)->tone, MSG_PLAIN);
    assert_int_equal(msglog_get(&loaded->log, 0)->tone, MSG_FLOOR);
    drop_game(loaded);
    free(old);

    /* "plain" is never written (it is the tone left out), and unknown tones are refused. */
    assert_edit_refused(text, path, "\"plain\"", "tone: 'plain' is not one of the names");
    assert_edit_refused(text, path, "\"loud\"", "tone: 'loud' is not one of the names");
    assert_edit_refused(text, path, "3", "tone: should be a string");
    free(text);
    drop_game(g);
}

/* The commands applied so far go with the save (a recording resumes after them); a save made
 * before them loads with the count unknown, and a count below the turn is refused. */
static void the_command_count_is_kept_and_old_saves_read_unknown(void **state)
{
    (void)state;
    Game *g = new_game(5);
    Command moves[] = {command_move(1, 0), command_of(CMD_STOP), command_of(CMD_SEARCH),
                       command_move(0, 0), command_wait()};
    for (size_t i = 0; i < sizeof moves / sizeof *moves; i++)
        game_apply(g, &moves[i]);
    assert_int_equal(g->commands, 5); /* every call counts, those that take no turn too */
    assert_true(g->commands_known);
    char *text = must_save(g);
    assert_non_null(strstr(text, "\"commands\":\"5\""));
    Game *loaded = must_load(text);
    assert_int_equal(loaded->commands, 5);
    assert_true(loaded->commands_known);
    assert_round_trip(loaded);
    drop_game(loaded);

    char *old = edited(text, "commands", NULL);
    loaded = must_load(old);
    assert_int_equal(loaded->commands, 0);
    assert_false(loaded->commands_known);
    char *again = must_save(loaded); /* still left out: nothing is made up */
    assert_null(strstr(again, "\"commands\""));
    free(again);
    drop_game(loaded);
    free(old);

    char turns[24];
    snprintf(turns, sizeof turns, "\"%u\"", g->turn - 1);
    assert_edit_refused(text, "commands", turns, "is fewer than the");
    assert_edit_refused(text, "commands", "5", "commands: should be a decimal string");
    free(text);
    drop_game(g);
}

/* Each item keeps its letter through a save, free letters too (null in "inventory"); a
 * worn item is named by its letter; a save of format 1 (no nulls) still loads. */
static void the_pack_keeps_its_letters_through_a_save(void **state)
{
    (void)state;
    Game *g = new_game(4);
    assert_true(game_change_floor(g, 1));
    /* No Key among them: a Key the floors did not make would make the save impossible. */
    static const KindId names[] = {KIND_ID_CROWBAR, KIND_ID_BIKER_JACKET, KIND_ID_HEALTH_PACK,
                                   KIND_ID_MICROCHIP};
    for (int i = 0; i < 4; i++) {
        Entity *e = game_spawn(g, game_floor(g), names[i], 1, 1);
        assert_non_null(e);
        entity_list_detach(&game_floor(g)->entities, e);
        e->flags |= EF_CARRIED_BEFORE;
        assert_int_equal(game_pack_add(g, e), i);
    }
    assert_true(game_equip_item(g, 1));
    free(game_take_item(g, 2));
    free(game_take_item(g, 0)); /* b Jacket (worn) and d Microchip; a and c free */
    char *text = must_save(g);
    assert_non_null(strstr(text, "\"inventory\":[null,{\"name\":\"Biker Jacket\""));
    assert_non_null(strstr(text, "\"equipped\":{\"weapon\":-1,\"armour\":1,\"chip\":-1}"));
    Game *loaded = must_load(text);
    assert_int_equal(loaded->inventory_count, 2);
    for (int i = 0; i < RULES_INVENTORY_CAP; i++)
        if (i == 1 || i == 3)
            assert_string_equal(loaded->inventory[i]->name, g->inventory[i]->name);
        else
            assert_null(loaded->inventory[i]);
    assert_ptr_equal(loaded->equipped[SLOT_ARMOUR], loaded->inventory[1]);
    assert_int_equal(game_state_hash(loaded), game_state_hash(g));
    assert_round_trip(loaded);
    /* The next item picked up takes the lowest free letter, as it would have unsaved. */
    Entity *e = game_spawn(loaded, game_floor(loaded), KIND_ID_STUN_BATON, 1, 1);
    entity_list_detach(&game_floor(loaded)->entities, e);
    assert_int_equal(game_pack_add(loaded, e), 0);
    drop_game(loaded);

    assert_edit_refused(text, "equipped/armour", "0",
                        "equipped.armour: inventory[0] is an empty letter");
    assert_edit_refused(text, "equipped/armour", "4",
                        "equipped.armour: 4 is not a whole number in -1..3");
    assert_edit_refused(text, "inventory", "[null,null,null,null,null,null,null,null,null]",
                        "inventory: more than the 8 letters of the pack");
    char *old = edited(text, "format", "1"); /* format 1: the same file without holes */
    Game *older = must_load(old);
    assert_ptr_equal(older->equipped[SLOT_ARMOUR], older->inventory[1]);
    drop_game(older);
    free(old);
    free(text);
    drop_game(g);
}

/* A mouse the player has seen stays seen (it is not announced again after a load); a save
 * made before the flag loads its mice as never seen. */
static void a_seen_mouse_stays_seen_and_old_saves_read_unseen(void **state)
{
    (void)state;
    Game *g = new_game(4);
    for (int f = 1; f <= 3; f++)
        assert_true(game_change_floor(g, f));
    Entity *mouse = NULL;
    for (Entity *e = game_floor(g)->entities.head; e && !mouse; e = e->next)
        if (e->kind == KIND_MONSTER)
            mouse = e;
    assert_non_null(mouse);
    mouse->flags |= EF_SEEN;
    char *text = must_save(g);
    Game *loaded = must_load(text);
    const Entity *back = game_floor(loaded)->entities.head;
    while (back && back->id != mouse->id)
        back = back->next;
    assert_non_null(back);
    assert_true(back->flags & EF_SEEN);
    int unseen = 0;
    for (const Entity *e = game_floor(loaded)->entities.head; e; e = e->next)
        unseen += e->kind == KIND_MONSTER && !(e->flags & EF_SEEN);
    assert_true(unseen > 0); /* only the one marked */
    assert_round_trip(loaded);
    drop_game(loaded);

    /* Its place in the save: the only mouse with "seen". */
    cJSON *root = cJSON_Parse(text);
    assert_non_null(root);
    char path[64] = "";
    cJSON *floors = cJSON_GetObjectItemCaseSensitive(root, "floors");
    for (int f = 0; f < cJSON_GetArraySize(floors); f++) {
        cJSON *list = cJSON_GetObjectItemCaseSensitive(cJSON_GetArrayItem(floors, f), "entities");
        for (int i = 0; i < cJSON_GetArraySize(list); i++)
            if (cJSON_GetObjectItemCaseSensitive(cJSON_GetArrayItem(list, i), "seen"))
                snprintf(path, sizeof path, "floors/%d/entities/%d/seen", f, i);
    }
    cJSON_Delete(root);
    assert_true(path[0]);
    char *old = edited(text, path, NULL);
    loaded = must_load(old);
    for (const Entity *e = game_floor(loaded)->entities.head; e; e = e->next)
        assert_false(e->flags & EF_SEEN);
    drop_game(loaded);
    free(old);
    assert_edit_refused(text, path, "false", "seen: should be true or left out");
    free(text);
    drop_game(g);
}

/* Kills by kind and the time played survive a save; a save without them loads with zeros
 * (every save of this dungeon version has "by_kind", so kills must then be 0); values no
 * game can reach are refused. */
static void kills_by_kind_and_time_played_round_trip_and_old_saves_read_zero(void **state)
{
    (void)state;
    Game *g = new_game(5);
    for (int f = 1; f <= 3; f++)
        assert_true(game_change_floor(g, f));
    take_mice(g, 6);
    g->counters.kills = 6;
    g->counters.kills_by_kind[KIND_ID_MICRO_MOUSE] = 4;
    g->counters.kills_by_kind[KIND_ID_RABID_MOUSE] = 2;
    g->played_ms = 4000000000123ULL; /* past 32 bits */
    char *text = must_save(g);
    assert_non_null(strstr(text, "\"by_kind\":{\"Micro Mouse\":4,\"Rabid Mouse\":2}"));
    Game *loaded = must_load(text);
    for (int k = 0; k < KIND_MAX; k++)
        assert_int_equal(loaded->counters.kills_by_kind[k], g->counters.kills_by_kind[k]);
    assert_true(loaded->played_ms == 4000000000123ULL);
    assert_round_trip(loaded);
    drop_game(loaded);

    /* A save without them: zeros; with kills left, those kills are of no kind. */
    char *no_kinds = edited(text, "counters/by_kind", NULL);
    char *no_time = edited(no_kinds, "played_ms", NULL);
    char *old = edited(no_time, "counters/kills", "0");
    loaded = must_load(old);
    for (int k = 0; k < KIND_MAX; k++)
        assert_int_equal(loaded->counters.kills_by_kind[k], 0);
    assert_true(loaded->played_ms == 0);
    assert_int_equal(loaded->counters.kills, 0);
    drop_game(loaded);
    assert_edit_refused(no_time, "counters/kills", "6",
                        "impossible: kills 6 but the kills by kind sum to 0");
    free(old);
    free(no_time);
    free(no_kinds);

    assert_edit_refused(text, "counters/by_kind/Micro Mouse", "6",
                        "impossible: kills 6 but the kills by kind sum to 8");
    assert_edit_refused(text, "counters/by_kind/Micro Mouse", "0", "counters.by_kind.Micro Mouse");
    assert_edit_refused(text, "counters/by_kind/Ion Mouse", "1",
                        "counters.by_kind.Ion Mouse: unknown field");
    assert_edit_refused(text, "counters/by_kind", "[4,2]", "counters.by_kind: should be an object");
    assert_edit_refused(text, "played_ms", "-1", "played_ms");
    assert_edit_refused(text, "played_ms", "\"12\"", "played_ms");
    free(text);
    drop_game(g);
}

/* A kill counts under its kind, by the kind's index and never its name. */
static void a_kill_counts_under_its_kind(void **state)
{
    (void)state;
    static const char *const rows[] = {"#####", "#@n##", "#####", NULL};
    Game *g = fixture_game(9, 1, rows);
    Entity *mouse = NULL;
    for (Entity *e = game_floor(g)->entities.head; e; e = e->next)
        if (e->kind == KIND_MONSTER)
            mouse = e;
    assert_non_null(mouse);
    assert_int_equal(mouse->kind_id, KIND_ID_NEO_MOUSE);
    mouse->stats.hp = 1;
    g->player->stats.hit = 1000;
    for (int i = 0; i < 50 && g->counters.kills == 0; i++)
        game_apply(g, &(Command){.type = CMD_MOVE, .dx = 1});
    assert_int_equal(g->counters.kills, 1);
    assert_int_equal(g->counters.kills_by_kind[KIND_ID_NEO_MOUSE], 1);
    for (int k = 0; k < KIND_MAX; k++)
        if (k != KIND_ID_NEO_MOUSE)
            assert_int_equal(g->counters.kills_by_kind[k], 0);
    fixture_free(g);
}

static void a_played_game_saves_loads_and_saves_the_same_bytes(void **state)
{
    (void)state;
    Game *g = new_game(2);
    Bot *bot = malloc(sizeof *bot);
    bot_init(bot);
    int floors_seen = 0;
    for (int round = 0; round < 6; round++) {
        play(bot, g, 500);
        assert_round_trip(g);
    }
    for (int f = 0; f < FLOOR_COUNT; f++)
        floors_seen += g->floors[f] != NULL;
    assert_true(floors_seen >= 3);
    free(bot);
    drop_game(g);
}

/* ---- a loaded game plays on as the game that was never saved ------------------------ */

enum { FORK_TURNS = 300, FORK_EVERY = 499, FORKS_MAX = 8 };

/* A game loaded from a save of the main game, with a copy of the main game's bot. */
typedef struct Fork {
    Game *game;
    Bot *bot;
    int turns;
    int floor; /* the floor change it was saved at */
} Fork;

static void assert_same_play(const Game *a, const Game *b)
{
    assert_int_equal(a->turn, b->turn);
    assert_int_equal(a->outcome, b->outcome);
    assert_int_equal(a->current, b->current);
    assert_int_equal(a->player->x, b->player->x);
    assert_int_equal(a->player->y, b->player->y);
    assert_memory_equal(&a->player->stats, &b->player->stats, sizeof a->player->stats);
    assert_int_equal(a->inventory_count, b->inventory_count);
    assert_memory_equal(&a->rng_play, &b->rng_play, sizeof a->rng_play);
    assert_int_equal(a->log.total, b->log.total);
}

static void end_fork(Fork *f, const Game *main_game)
{
    assert_same_play(main_game, f->game);
    char *a = must_save(main_game), *b = must_save(f->game);
    assert_same_save(a, b);
    free(a);
    free(b);
    drop_game(f->game);
    free(f->bot);
    f->game = NULL;
}

/* The bot plays `seed` for up to max_turns; after every floor change (and every
 * FORK_EVERY turns, to catch mice in mid-hunt and the King mid-fight) the game is saved and
 * loaded into a fork that a copy of the bot plays alongside for FORK_TURNS turns or to the end
 * of the game. */
static int play_with_forks(uint64_t seed, int max_turns)
{
    Game *g = new_game(seed);
    Bot *bot = malloc(sizeof *bot);
    bot_init(bot);
    Fork forks[FORKS_MAX] = {0};
    int made = 0;
    for (int t = 0; t < max_turns && g->outcome == GAME_PLAYING; t++) {
        int floor_before = g->current;
        bool played = bot_play_turn(bot, g);
        for (int i = 0; i < FORKS_MAX; i++) {
            Fork *f = &forks[i];
            if (!f->game)
                continue;
            assert_int_equal(bot_play_turn(f->bot, f->game), played);
            assert_same_play(g, f->game);
            if (++f->turns >= FORK_TURNS || !played)
                end_fork(f, g);
        }
        if (!played)
            break;
        if (g->current == floor_before && (t + 1) % FORK_EVERY != 0)
            continue;
        for (int i = 0; i < FORKS_MAX; i++)
            if (!forks[i].game) {
                char *text = must_save(g);
                forks[i] = (Fork){
                    .game = must_load(text), .bot = malloc(sizeof *bot), .floor = g->current};
                free(text);
                memcpy(forks[i].bot, bot, sizeof *bot);
                made++;
                break;
            }
    }
    for (int i = 0; i < FORKS_MAX; i++)
        if (forks[i].game)
            end_fork(&forks[i], g);
    print_message("seed %" PRIu64 ": %d loaded games, deepest floor %d, turn %u, %s\n", seed, made,
                  g->deepest, (unsigned)g->turn,
                  g->outcome == GAME_DIED  ? "died"
                  : g->outcome == GAME_WON ? "won"
                                           : "playing");
    free(bot);
    drop_game(g);
    return made;
}

static void a_game_loaded_after_each_floor_change_plays_on_identically(void **state)
{
    (void)state;
    /* Seed 1 is won, 2 lost on floor 11, 11 lost to the King (autoplay --seed 1 --games 11). */
    static const uint64_t seeds[] = {1, 2, 11};
    int forks = 0;
    for (int i = 0; i < 3; i++)
        forks += play_with_forks(seeds[i], 20000);
    assert_true(forks >= 60);
}

/* ---- damaged and hostile saves -------------------------------------------------------- */

/* A bot's game with a few floors, mice, doors, a pack and a log: the save the damage tests
 * start from. */
static char *sample_save(int turns)
{
    Game *g = new_game(2);
    Bot *bot = malloc(sizeof *bot);
    bot_init(bot);
    play(bot, g, turns);
    char *text = must_save(g);
    free(bot);
    drop_game(g);
    return text;
}

static void the_checksum_is_fnv1a_of_the_document_without_it(void **state)
{
    (void)state;
    char *text = sample_save(300);
    cJSON *root = cJSON_Parse(text);
    assert_non_null(root);
    char *again = signed_text(root);
    assert_same_save(text, again);
    cJSON_Delete(root);
    free(again);
    free(text);
}

static void assert_refused(const char *text, size_t len, const char *what)
{
    char err[SAVE_ERROR_MAX];
    err[0] = '\0';
    if (!refused(text, len, err, sizeof err))
        fail_msg("%s: loaded", what);
    if (strlen(err) < 8 || strchr(err, '\n'))
        fail_msg("%s: message '%s'", what, err);
}

static void truncated_saves_are_refused(void **state)
{
    (void)state;
    char *text = sample_save(400);
    size_t len = strlen(text);
    for (int k = 0; k < 16; k++)
        assert_refused(text, len * (size_t)k / 16, "truncated");
    assert_refused(text, len - 1, "the last byte cut");
    free(text);
}

static void flipped_bytes_are_refused(void **state)
{
    (void)state;
    char *text = sample_save(400);
    size_t len = strlen(text);
    Rng rng;
    rng_seed(&rng, 7, 1);
    int by_checksum = 0, digits = 0;
    for (int i = 0; i < 600; i++) {
        size_t at = (size_t)rng_range(&rng, 0, (int)len - 1);
        char was = text[at];
        text[at] = (char)(was ^ (1 << rng_range(&rng, 0, 7)));
        assert_refused(text, len, "a flipped bit");
        text[at] = was;
    }
    /* A digit changed for another digit keeps the JSON valid: the checksum must catch it. */
    for (size_t at = 0; at < len; at += 7) {
        char was = text[at];
        if (was < '0' || was > '9')
            continue;
        text[at] = was == '9' ? '1' : (char)(was + 1);
        char err[SAVE_ERROR_MAX];
        assert_true(refused(text, len, err, sizeof err));
        by_checksum += strstr(err, "checksum") != NULL;
        digits++;
        text[at] = was;
    }
    assert_true(digits > 100);
    assert_true(by_checksum >= digits - 4); /* "format":3 and "dungeon_version":4 say so first */
    free(text);
}

static void random_bytes_are_refused(void **state)
{
    (void)state;
    char *text = sample_save(400);
    size_t len = strlen(text);
    Rng rng;
    rng_seed(&rng, 11, 1);
    char *noise = malloc(len + 1);
    for (int i = 0; i < 200; i++) {
        size_t n = (size_t)rng_range(&rng, 0, i < 100 ? 300 : (int)len);
        for (size_t k = 0; k < n; k++)
            noise[k] = (char)rng_u32(&rng);
        if (i % 2 && n)
            noise[0] = '{';
        assert_refused(noise, n, "random bytes");
    }
    /* Random bytes over part of a real save. */
    for (int i = 0; i < 100; i++) {
        memcpy(noise, text, len);
        size_t at = (size_t)rng_range(&rng, 0, (int)len - 1);
        size_t n = (size_t)rng_range(&rng, 1, 64);
        for (size_t k = at; k < at + n && k < len; k++)
            noise[k] = (char)rng_u32(&rng);
        if (memcmp(noise, text, len) != 0)
            assert_refused(noise, len, "random bytes in a save");
    }
    free(noise);
    free(text);
}

/* Loading the edited save fails with a message containing `expect`. */
static void assert_edit_refused(const char *text, const char *path, const char *json,
                                const char *expect)
{
    char *bad = edited(text, path, json);
    char err[SAVE_ERROR_MAX] = "";
    if (!refused(bad, strlen(bad), err, sizeof err))
        fail_msg("%s = %.60s: loaded", path, json ? json : "(removed)");
    if (!strstr(err, expect))
        fail_msg("%s = %.60s: message '%s' does not say '%s'", path, json ? json : "(removed)", err,
                 expect);
    free(bad);
}

/* The first entity of the save for which `want` holds: its floor's index in "floors" and its
 * own in "entities". */
static bool find_entity(const char *text, bool (*want)(const cJSON *), int *floor, int *index)
{
    cJSON *root = cJSON_Parse(text);
    const cJSON *floors = cJSON_GetObjectItemCaseSensitive(root, "floors");
    *floor = 0;
    for (const cJSON *f = floors->child; f; f = f->next, ++*floor) {
        *index = 0;
        const cJSON *list = cJSON_GetObjectItemCaseSensitive(f, "entities");
        for (const cJSON *e = list->child; e; e = e->next, ++*index)
            if (want(e)) {
                cJSON_Delete(root);
                return true;
            }
    }
    cJSON_Delete(root);
    return false;
}

static bool is_mouse(const cJSON *e)
{
    return cJSON_GetObjectItemCaseSensitive(e, "mind") != NULL;
}

static bool is_closed_door(const cJSON *e)
{
    const cJSON *d = cJSON_GetObjectItemCaseSensitive(e, "door");
    return d && strcmp(d->valuestring, "closed") == 0;
}

static const char *long_string(size_t n)
{
    static char s[1024];
    s[0] = '"';
    memset(s + 1, 'x', n);
    s[n + 1] = '"';
    s[n + 2] = '\0';
    return s;
}

static void bad_values_are_refused_naming_the_field(void **state)
{
    (void)state;
    char *text = sample_save(600);
    Game *g = must_load(text); /* the facts the cases need */
    int pack = g->inventory_count;
    drop_game(g);
    assert_true(pack >= 1);
    int mf = 0, mi = 0, df = 0, di = 0;
    assert_true(find_entity(text, is_mouse, &mf, &mi));
    assert_true(find_entity(text, is_closed_door, &df, &di));
    char mouse[64], door[64], floor[32];
    snprintf(mouse, sizeof mouse, "floors/%d/entities/%d", mf, mi);
    snprintf(door, sizeof door, "floors/%d/entities/%d", df, di);
    snprintf(floor, sizeof floor, "floors/%d", mf);
    char mouse_at[64];
    snprintf(mouse_at, sizeof mouse_at, "floors[%d].entities[%d]", mf, mi);

    static const struct {
        const char *path, *json, *expect;
    } cases[] = {
        {"turn", "\"abc\"", "turn: should be a whole number, not a string"},
        {"turn", "1e300", "turn: 1e+300 is not a whole number"},
        {"turn", "-1", "turn: -1 is not"},
        {"turn", "4294967296", "turn: 4294967296 is not"},
        {"next_id", "9223372036854775808", "next_id: 9.22337203685478e+18 is not"},
        {"next_id", "1", "player.id: 1 is not below next_id (1)"},
        {"counters/kills", "-1", "counters.kills: -1"},
        {"counters/kills", "1.5", "counters.kills: 1.5 is not a whole number"},
        {"counters", "[]", "counters: should be an object, not an array"},
        {"current", "14", "current: 14"},
        {"current", "null", "current: should be a whole number, not null"},
        {"deepest", "13", "deepest: floor 13 is not among the floors"},
        {"player/stats/hp", "1e300", "player.stats.hp: 1e+300"},
        {"player/stats/hp", "-5", "player.stats.hp: -5"},
        {"player/stats/max_hp", "0", "player.stats.max_hp: 0"},
        {"player/stats/sight", "0", "player.stats.sight: 0"},
        {"player/stats/level", "99", "player.stats.level: 99"},
        {"player/stats", NULL, "player.stats: missing"},
        {"player/x", "91", "player.x: 91 is outside the map (0..79)"},
        {"player/y", "-1", "player.y: -1 is outside the map (0..49)"},
        {"player/x", "0", "player: (0, "},
        {"player/facing", "0", "player.facing: must be -1 or 1"},
        {"player/bogus", "1", "player.bogus: unknown field"},
        {"rng/play/inc", "\"4\"", "rng.play.inc: must be odd"},
        {"rng/play/state", "12", "rng.play.state: should be a decimal string, not a number"},
        {"rng/play/state", "\"18446744073709551616\"", "rng.play.state: '18446744073709551616'"},
        {"rng/cosmetic/state", "\"-1\"", "rng.cosmetic.state"},
        {"seed", "\"01\"", "seed: '01' is not"},
        {"seed", "\"3\"", "floor_seeds[0]: does not follow from the game seed"},
        {"floor_seeds/3", "\"1\"", "floor_seeds[3]: does not follow"},
        {"floor_seeds/13", NULL, "floor_seeds: 13 seeds instead of 14"},
        {"outcome", "\"lost\"", "outcome: 'lost' is not one of"},
        {"activity", "7", "activity: should be a string, not a number"},
        {"killed_by", "\"Giant Rat\"", "killed_by: 'Giant Rat' is not an entity"},
        {"last_dx", "2", "last_dx: 2"},
        {"search_streak", "9", "search_streak: 9 is more than"},
        {"log/total", "0", "log.total: 0 is less than"},
        {"log/entries/0/text", "\"a\\nb\"", "log.entries[0].text: has a control character"},
        {"log/entries/0/repeats", "0", "log.entries[0].repeats: 0"},
        {"log/entries/0/turn", "99999", "log.entries[0].turn: 99999"},
        {"log/entries", "{}", "log.entries: should be an array, not an object"},
        {"equipped/chip", "99", "equipped.chip: 99"},
        {"inventory/0/name", "\"Stairs (Up)\"",
         "inventory[0].name: a Stairs (Up) cannot be carried"},
        {"inventory/0/name", "\"Player\"", "inventory[0].name: 'Player' is not an entity"},
        {"inventory/0/item/slot", "\"hat\"", "inventory[0].item.slot: 'hat'"},
        {"inventory/0/item/floor", "14", "inventory[0].item.floor: 14"},
        {"inventory/0/item/slot", "\"chip\"", "inventory[0].item.slot: a "},
        {"inventory/0/mind", "{}", "inventory[0].mind: unknown field"},
        {"floors/0/number", "14", "floors[0].number: 14"},
        {"floors/1/number", "0", "floors[1].number: floor 0 is given twice"},
        {"floors/0/width", "81", "floors[0].width: 81"},
        {"floors/0/rows/3", "\"###\"", "floors[0].rows[3]: should be a string of 80 characters"},
        {"floors/0/rows/49", NULL, "floors[0].rows: 49 rows instead of 50"},
        {"floors/0/seen/0", "7", "floors[0].seen[0]: should be a string of 80"},
        {"floors/0/rooms/0", "[0, 0, 100, 3]", "floors[0].rooms[0]: [0, 0, 100, 3] is not a room"},
        {"floors/0/rooms/0", "[1, 2]", "floors[0].rooms[0]: should be an array of 4 numbers"},
        {"floors/0/arrival", "[80, 3]", "floors[0].arrival: (80, 3) is outside the map"},
        {"floors/0/entities/0/name", "\"Giant Rat\"",
         "floors[0].entities[0].name: 'Giant Rat' is not an entity this game knows"},
        {"floors/0/entities/0/name", "\"\"", "floors[0].entities[0].name: '' is not an entity"},
        {"floors/0/entities/0/name", NULL, "floors[0].entities[0].name: missing"},
        {"floors/0/entities/0/x", "0", "floors[0].entities[0]: (0, "},
        {"floors/0/entities/0", "[]", "floors[0].entities[0]: should be an object"},
        {"floors", "{}", "floors: should be an array, not an object"},
        {"format", "4", "format: 4: made by a newer version of Mouse King"},
        {"format", "0", "format: 0 is not a whole number in 1..3"},
        {"format", NULL, "format: missing"},
        {"dungeon_version", "1", "dungeon_version: 1, but this version"},
        {"dungeon_version", "\"2\"", "dungeon_version: should be a whole number"},
        {"extra", "1", "extra: unknown field"},
        {"floors/0/entities/0/mind", "{}", "floors[0].entities[0].mind: unknown field"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        assert_edit_refused(text, cases[i].path, cases[i].json, cases[i].expect);
    }

    /* The mouse and the door found above. */
    char path[96], expect[128];
#define MOUSE_CASE(field, json, says)                                                              \
    snprintf(path, sizeof path, "%s/%s", mouse, field);                                            \
    snprintf(expect, sizeof expect, "%s.%s", mouse_at, says);                                      \
    assert_edit_refused(text, path, json, expect)
    MOUSE_CASE("name", "\"Giant Rat\"", "name: 'Giant Rat' is not an entity this game knows");
    MOUSE_CASE("x", "91", "x: 91 is outside the map (0..79)");
    MOUSE_CASE("y", "50", "y: 50 is outside the map (0..49)");
    MOUSE_CASE("y", "-2147483649", "y: -2147483649 is not a whole number in 0..49");
    MOUSE_CASE("stats/hp", "2147483648", "stats.hp: 2147483648 is not");
    MOUSE_CASE("stats/hp", "0", "stats.hp: 0 is not");
    MOUSE_CASE("stats/speed", "1000", "stats.speed: 1000");
    MOUSE_CASE("stats/attack_max", "-1", "stats.attack_max: -1");
    MOUSE_CASE("mind/state", "\"asleep\"", "mind.state: 'asleep'");
    MOUSE_CASE("mind/target_x", "80", "mind.target_x: 80 is outside the map");
    MOUSE_CASE("mind/energy", "1e9", "mind.energy: 1000000000");
    MOUSE_CASE("mind", "[]", "mind: should be an object, not an array");
    MOUSE_CASE("mind", NULL, "mind: missing");
    MOUSE_CASE("facing", "2", "facing: 2");
    MOUSE_CASE("item", "{}", "item: unknown field");
    MOUSE_CASE("id", "0", "id: 0 is not");
    snprintf(path, sizeof path, "%s/x", mouse);
    snprintf(expect, sizeof expect, "%s: (0, ", mouse_at);
    assert_edit_refused(text, path, "0", expect); /* the map's edge is wall */

    snprintf(path, sizeof path, "%s/door", door);
    snprintf(expect, sizeof expect, "floors[%d].entities[%d].door: a 'Door' is not locked", df, di);
    assert_edit_refused(text, path, "\"locked\"", expect);
    assert_edit_refused(text, path, "\"ajar\"", "is not one of the names");
    snprintf(path, sizeof path, "%s/name", door);
    assert_edit_refused(text, path, "\"Door (Hidden)\"", "a 'Door (Hidden)' is not closed");

    /* A mouse moved onto the cell of another solid entity, of the player, of a wall. */
    cJSON *root = cJSON_Parse(text);
    cJSON *parent;
    char last[64];
    cJSON *list = item_at(root, floor, &parent, last, sizeof last);
    list = cJSON_GetObjectItemCaseSensitive(list, "entities");
    const cJSON *other = NULL;
    int other_index = 0;
    for (const cJSON *e = list->child; e; e = e->next, other_index++) {
        const char *name = cJSON_GetObjectItemCaseSensitive(e, "name")->valuestring;
        if (strncmp(name, "Stairs", 6) == 0) {
            other = e;
            break;
        }
    }
    assert_non_null(other);
    char json[32];
    snprintf(path, sizeof path, "%s/x", mouse);
    snprintf(json, sizeof json, "%d", cJSON_GetObjectItemCaseSensitive(other, "x")->valueint);
    char *moved = edited(text, path, json);
    snprintf(path, sizeof path, "%s/y", mouse);
    snprintf(json, sizeof json, "%d", cJSON_GetObjectItemCaseSensitive(other, "y")->valueint);
    snprintf(expect, sizeof expect, "already holds a solid entity");
    assert_edit_refused(moved, path, json, expect);
    free(moved);
    cJSON_Delete(root);

    /* Duplicate ids, too many entities, items, log lines. */
    snprintf(path, sizeof path, "%s/id", mouse);
    assert_edit_refused(text, path, "1", "id 1 is given to two entities");

    root = cJSON_Parse(text);
    cJSON *inv = cJSON_GetObjectItemCaseSensitive(root, "inventory");
    while (cJSON_GetArraySize(inv) <= test_rules()->inventory_limit)
        cJSON_AddItemToArray(inv, cJSON_Duplicate(inv->child, true));
    char *bad = signed_text(root);
    char err[SAVE_ERROR_MAX];
    assert_true(refused(bad, strlen(bad), err, sizeof err));
    assert_non_null(strstr(err, "inventory: more than the 8 letters of the pack"));
    free(bad);
    cJSON *entries =
        cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(root, "log"), "entries");
    while (cJSON_GetArraySize(entries) <= MSGLOG_CAPACITY)
        cJSON_AddItemToArray(entries, cJSON_Duplicate(entries->child, true));
    cJSON_DeleteItemFromObjectCaseSensitive(root, "inventory");
    cJSON_AddItemToObject(root, "inventory", cJSON_CreateArray());
    cJSON *eq = cJSON_GetObjectItemCaseSensitive(root, "equipped");
    for (cJSON *c = eq->child; c; c = c->next)
        cJSON_SetNumberValue(c, -1);
    bad = signed_text(root);
    assert_true(refused(bad, strlen(bad), err, sizeof err));
    assert_non_null(strstr(err, "log.entries: more than 256"));
    free(bad);
    cJSON_Delete(root);

    root = cJSON_Parse(text);
    cJSON *f0 = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(root, "floors"), 0);
    cJSON *many = cJSON_GetObjectItemCaseSensitive(f0, "entities");
    while (cJSON_GetArraySize(many) <= SAVE_FLOOR_ENTITIES_MAX)
        cJSON_AddItemToArray(many, cJSON_Duplicate(many->child, true));
    bad = signed_text(root);
    assert_true(refused(bad, strlen(bad), err, sizeof err));
    assert_non_null(strstr(err, "floors[0].entities: 1001 entities, more than 1000"));
    free(bad);
    cJSON_Delete(root);

    /* A string far too long, and an unknown field. */
    assert_edit_refused(text, "killed_by", long_string(40), "killed_by: longer than 31 bytes");
    assert_edit_refused(text, "log/entries/0/text", long_string(300), "longer than 127 bytes");
    root = cJSON_Parse(text);
    cJSON_AddNumberToObject(root, "extra", 1);
    bad = signed_text(root);
    assert_true(refused(bad, strlen(bad), err, sizeof err));
    assert_string_equal(err, "extra: unknown field");
    free(bad);
    cJSON_Delete(root);
    free(text);
}

/* Every value of a save, in turn, given a value of the wrong type or far out of range: each is
 * refused, and the message begins with that value's place in the file. */
typedef struct Sweep {
    const char *text;
    int leaves, refusals;
} Sweep;

static void try_value(Sweep *sw, cJSON *root, cJSON *leaf, const char *where, const char *json,
                      bool must_refuse)
{
    cJSON *copy = cJSON_Duplicate(leaf, true);
    cJSON *value = cJSON_Parse(json);
    /* Swap the contents in place: the leaf keeps its name and place. */
    cJSON tmp = *leaf;
    leaf->type = value->type;
    leaf->valuestring = value->valuestring;
    leaf->valuedouble = value->valuedouble;
    leaf->valueint = value->valueint;
    leaf->child = value->child;
    char *bad = signed_text(root);
    leaf->type = tmp.type;
    leaf->valuestring = tmp.valuestring;
    leaf->valuedouble = tmp.valuedouble;
    leaf->valueint = tmp.valueint;
    leaf->child = tmp.child;
    cJSON_Delete(value);
    cJSON_Delete(copy);
    char err[SAVE_ERROR_MAX] = "";
    bool no = refused(bad, strlen(bad), err, sizeof err);
    free(bad);
    if (!no) {
        if (must_refuse)
            fail_msg("%s = %s: loaded", where, json);
        return;
    }
    sw->refusals++;
    /* The message names the value, or the array of numbers or rows it is in. */
    char prefix[160];
    snprintf(prefix, sizeof prefix, "%s", where);
    char *bracket = strrchr(prefix, '[');
    if (bracket && !strchr(bracket, '.'))
        *bracket = '\0';
    /* A value in its range may still make a game that cannot be: the content check says so,
     * naming the rule rather than the place in the file. */
    bool content = !must_refuse && strncmp(err, "impossible: ", 12) == 0;
    if (!content && strncmp(err, prefix, strlen(prefix)) != 0)
        fail_msg("%s = %s: message '%s' does not begin with '%s'", where, json, err, prefix);
}

static void sweep(Sweep *sw, cJSON *root, cJSON *node, const char *where)
{
    int i = 0;
    for (cJSON *c = node->child; c; c = c->next, i++) {
        char path[160];
        if (cJSON_IsArray(node))
            snprintf(path, sizeof path, "%s[%d]", where, i);
        else
            snprintf(path, sizeof path, "%s%s%s", where, where[0] ? "." : "", c->string);
        if (strcmp(path, "checksum") == 0)
            continue;
        if (cJSON_IsArray(node) && i > 1 && cJSON_IsString(c)) /* rows: two of each are plenty */
            continue;
        if (cJSON_IsObject(c) || cJSON_IsArray(c)) {
            sweep(sw, root, c, path);
            if (cJSON_IsObject(c))
                try_value(sw, root, c, path, "[]", true);
            continue;
        }
        sw->leaves++;
        try_value(sw, root, c, path, "null", true);
        try_value(sw, root, c, path, "{}", true);
        try_value(sw, root, c, path, "1e300", true);
        try_value(sw, root, c, path, "-9223372036854775808", true);
        if (cJSON_IsNumber(c)) {
            try_value(sw, root, c, path, "\"7\"", true);
            try_value(sw, root, c, path, "-1", false);
            try_value(sw, root, c, path, "2147483648", false); /* fits a turn or an id */
            try_value(sw, root, c, path, "0.5", true);
        } else {
            try_value(sw, root, c, path, long_string(300), true);
        }
    }
}

static void every_value_of_the_wrong_type_or_range_is_refused(void **state)
{
    (void)state;
    Game *g = new_game(4);
    assert_true(game_change_floor(g, 1)); /* mice, items, doors, stairs */
    Entity *item = NULL;
    for (Entity *e = game_floor(g)->entities.head; e && !item; e = e->next)
        if (e->kind == KIND_ITEM)
            item = e;
    assert_non_null(item);
    entity_list_detach(&game_floor(g)->entities, item); /* a pack with something in it */
    item->flags |= EF_CARRIED_BEFORE;
    assert_true(game_pack_add(g, item) >= 0);
    char *text = must_save(g);
    drop_game(g);
    cJSON *root = cJSON_Parse(text);
    Sweep sw = {.text = text};
    sweep(&sw, root, root, "");
    cJSON_Delete(root);
    free(text);
    print_message("%d values tried, %d refusals\n", sw.leaves, sw.refusals);
    assert_true(sw.leaves > 300);
}

/* ---- files ---------------------------------------------------------------------------- */

typedef TestDir Dir;

static int make_dir(void **state)
{
    return test_dir_setup(state, "mk_save", "save.json");
}

static int remove_dir(void **state)
{
    return test_dir_teardown(state);
}

static bool exists(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0;
}

static char *file_text(const char *path)
{
    size_t len;
    char err[512];
    char *text = userfile_read(path, SAVE_FILE_MAX, &len, NULL, err, sizeof err);
    if (!text)
        fail_msg("%s", err);
    return text;
}

static bool crash(const char *path)
{
    (void)path;
    return true;
}

static void a_crash_before_the_rename_keeps_the_previous_save(void **state)
{
    Dir *d = *state;
    char err[1024];
    Game *g = new_game(3);
    Bot *bot = malloc(sizeof *bot);
    bot_init(bot);
    play(bot, g, 200);
    assert_true(save_write(g, d->file, err, sizeof err));
    char *before = must_save(g);
    play(bot, g, 200);
    assert_true(save_write(g, d->file, err, sizeof err)); /* the first is now the .bak */
    char *second = must_save(g);
    play(bot, g, 200);
    userfile_test_fail_before_rename = crash;
    bool ok = save_write(g, d->file, err, sizeof err);
    userfile_test_fail_before_rename = NULL;
    assert_false(ok);
    assert_non_null(strstr(err, "save.json"));

    char *on_disk = file_text(d->file);
    assert_same_save(second, on_disk);
    Game loaded;
    assert_int_equal(save_load(&loaded, d->file, test_rules(), err, sizeof err), SAVE_LOAD_OK);
    char *again = must_save(&loaded);
    assert_same_save(second, again);
    game_free(&loaded);

    char bak[400];
    snprintf(bak, sizeof bak, "%s.bak", d->file);
    char *backup = file_text(bak);
    assert_same_save(before, backup);
    free(before);
    free(second);
    free(on_disk);
    free(again);
    free(backup);
    free(bot);
    drop_game(g);
}

/* The names in the folder that begin with `prefix`, counted. */
static int names_beginning(const Dir *d, const char *prefix)
{
    int n = 0;
    DIR *dir = opendir(d->path);
    for (struct dirent *e; dir && (e = readdir(dir));)
        n += strncmp(e->d_name, prefix, strlen(prefix)) == 0;
    if (dir)
        closedir(dir);
    return n;
}

/* Three saves of one game, turns apart: save.json is the third, save.json.bak the second.
 * Their turns go into turns[3]. */
static void three_saves(const Dir *d, uint64_t seed, uint32_t turns[3])
{
    char err[1024];
    Game *g = new_game(seed);
    Bot *bot = malloc(sizeof *bot);
    bot_init(bot);
    for (int i = 0; i < 3; i++) {
        play(bot, g, 150);
        turns[i] = g->turn;
        assert_true(save_write(g, d->file, err, sizeof err));
    }
    free(bot);
    drop_game(g);
}

static void flip_a_digit(const char *path)
{
    char *text = file_text(path);
    char *turn = strstr(text, "\"turn\":");
    assert_non_null(turn);
    turn[7] = turn[7] == '9' ? '8' : (char)(turn[7] + 1);
    FILE *f = fopen(path, "wb");
    fputs(text, f);
    fclose(f);
    free(text);
}

/* save.json damaged by one changed digit, save.json.bak whole: the backup is offered, saying
 * how far back it goes, and nothing is written over before the player chooses. */
static void a_damaged_save_offers_its_whole_backup(void **state)
{
    Dir *d = *state;
    uint32_t turns[3];
    three_saves(d, 5, turns);
    flip_a_digit(d->file);
    char bak[400];
    snprintf(bak, sizeof bak, "%s.bak", d->file);
    char *backup = file_text(bak);
    Game g;
    SaveStart *s = malloc(sizeof *s);
    save_start(&g, d->file, test_rules(), true, s);
    assert_false(s->continue_main);
    assert_true(s->has_recovery);
    assert_false(s->recovery.from_crash);
    assert_string_equal(s->recovery.path, bak);
    assert_int_equal(s->recovery.info.turn, turns[1]);
    assert_non_null(strstr(s->notice, "checksum"));
    assert_non_null(strstr(s->notice, "its backup is on offer"));
    char want[96];
    snprintf(want, sizeof want, "turn %u on floor", (unsigned)turns[1]);
    assert_non_null(strstr(s->offer, want));
    assert_non_null(strstr(s->offer, "Continue from the backup"));
    assert_false(exists(d->file)); /* moved aside, kept */
    assert_int_equal(names_beginning(d, "save.json.damaged-"), 1);
    char *still = file_text(bak); /* the backup as it was */
    assert_string_equal(still, backup);
    Game loaded;
    char err[SAVE_ERROR_MAX + 1024];
    assert_int_equal(save_load(&loaded, s->recovery.path, test_rules(), err, sizeof err),
                     SAVE_LOAD_OK);
    assert_int_equal(loaded.turn, turns[1]);
    game_free(&loaded);
    free(still);
    free(backup);
    free(s);
}

/* A crash between writing save.json.tmp and the rename: the .tmp is whole and newer than
 * save.json, and is offered beside it; an ordinary .bak beside a good save is not. */
static void a_newer_save_left_by_a_crash_is_offered(void **state)
{
    Dir *d = *state;
    char err[1024];
    uint32_t turns[3];
    three_saves(d, 6, turns);
    Game g;
    SaveStart *s = malloc(sizeof *s);
    save_start(&g, d->file, test_rules(), true, s);
    assert_true(s->continue_main);
    assert_false(s->has_recovery); /* the .bak is older: nothing to say */
    assert_string_equal(s->notice, "");
    assert_int_equal(g.turn, turns[2]);
    Bot *bot = malloc(sizeof *bot);
    bot_init(bot);
    play(bot, &g, 100);
    uint32_t newer = g.turn;
    userfile_test_fail_before_rename = crash;
    assert_false(save_write(&g, d->file, err, sizeof err));
    userfile_test_fail_before_rename = NULL;
    game_free(&g);
    save_start(&g, d->file, test_rules(), true, s);
    assert_true(s->continue_main);
    assert_int_equal(g.turn, turns[2]);
    assert_true(s->has_recovery);
    assert_true(s->recovery.from_crash);
    assert_int_equal(s->recovery.info.turn, newer);
    assert_non_null(strstr(s->offer, "Continue the newer save"));
    game_free(&g);
    free(bot);
    free(s);
}

/* A save whose game is over (it could not be deleted at the end) is not continued, says why,
 * is kept aside, and its backup (the floor before the death) is not offered. */
static void a_save_of_an_ended_game_is_named_and_its_backup_not_offered(void **state)
{
    Dir *d = *state;
    char err[1024];
    Game *g = new_game(25);
    Bot *bot = malloc(sizeof *bot);
    bot_init(bot);
    play(bot, g, 150);
    assert_true(save_write(g, d->file, err, sizeof err));
    while (g->outcome == GAME_PLAYING && play(bot, g, 1000) > 0)
        ;
    assert_int_not_equal(g->outcome, GAME_PLAYING);
    assert_true(save_write(g, d->file, err, sizeof err)); /* the .bak: a game still in play */
    Game loaded;
    SaveStart *s = malloc(sizeof *s);
    save_start(&loaded, d->file, test_rules(), true, s);
    assert_false(s->continue_main);
    assert_false(s->has_recovery);
    assert_non_null(strstr(s->notice, "the game in it is over"));
    assert_non_null(strstr(s->notice, g->outcome == GAME_WON ? "(won on floor" : "(died on floor"));
    assert_non_null(strstr(s->notice, "kept as"));
    assert_int_equal(names_beginning(d, "save.json.ended-"), 1);
    free(s);
    free(bot);
    drop_game(g);
}

static void deleting_removes_the_save_and_its_backup(void **state)
{
    Dir *d = *state;
    char err[1024], bak[400], tmp[400];
    snprintf(bak, sizeof bak, "%s.bak", d->file);
    snprintf(tmp, sizeof tmp, "%s.tmp", d->file);
    Game *g = new_game(5);
    assert_false(save_exists(d->file));
    assert_true(save_write(g, d->file, err, sizeof err));
    assert_true(save_write(g, d->file, err, sizeof err));
    userfile_test_fail_before_rename = crash; /* leaves a .tmp behind */
    assert_false(save_write(g, d->file, err, sizeof err));
    userfile_test_fail_before_rename = NULL;
    assert_true(save_exists(d->file) && exists(bak) && exists(tmp));
    assert_true(save_delete(d->file, err, sizeof err));
    assert_false(exists(d->file));
    assert_false(exists(bak));
    assert_false(exists(tmp));
    assert_true(save_delete(d->file, err, sizeof err)); /* nothing there is fine */
    drop_game(g);
}

static void loading_tells_missing_damaged_and_moves_damage_aside(void **state)
{
    Dir *d = *state;
    char err[1024];
    Game g;
    assert_int_equal(save_load(&g, d->file, test_rules(), err, sizeof err), SAVE_LOAD_MISSING);
    assert_string_equal(err, "");

    FILE *f = fopen(d->file, "w");
    fputs("{\"format\":1,", f);
    fclose(f);
    assert_int_equal(save_load(&g, d->file, test_rules(), err, sizeof err), SAVE_LOAD_DAMAGED);
    assert_non_null(strstr(err, d->file));
    assert_non_null(strstr(err, "not valid JSON"));

    /* A newer format is damage for this version, and says so. */
    Game *fresh = new_game(6);
    char *text = must_save(fresh);
    drop_game(fresh);
    char *newer = edited(text, "format", "4");
    f = fopen(d->file, "w");
    fputs(newer, f);
    fclose(f);
    char msg[2048];
    assert_int_equal(save_load_or_set_aside(&g, d->file, test_rules(), msg, sizeof msg),
                     SAVE_LOAD_DAMAGED);
    assert_non_null(strstr(msg, "newer version"));
    assert_non_null(strstr(msg, "kept as"));
    assert_false(exists(d->file)); /* moved aside, not deleted: */
    int aside = 0;
    DIR *dir = opendir(d->path);
    for (struct dirent *e; (e = readdir(dir));)
        aside += strstr(e->d_name, "save.json.damaged-") != NULL;
    closedir(dir);
    assert_int_equal(aside, 1);

    /* Too large to be a save. */
    f = fopen(d->file, "w");
    for (size_t i = 0; i <= SAVE_FILE_MAX; i += 1024)
        fwrite(text, 1, 1024, f);
    fclose(f);
    assert_int_equal(save_load(&g, d->file, test_rules(), err, sizeof err), SAVE_LOAD_DAMAGED);
    free(newer);
    free(text);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_fresh_game_saves_loads_and_saves_the_same_bytes),
        cmocka_unit_test(a_played_game_saves_loads_and_saves_the_same_bytes),
        cmocka_unit_test(a_mouses_behaviour_state_round_trips),
        cmocka_unit_test(the_log_keeps_its_tones_and_old_saves_read_plain),
        cmocka_unit_test(a_seen_mouse_stays_seen_and_old_saves_read_unseen),
        cmocka_unit_test(the_command_count_is_kept_and_old_saves_read_unknown),
        cmocka_unit_test(the_pack_keeps_its_letters_through_a_save),
        cmocka_unit_test(kills_by_kind_and_time_played_round_trip_and_old_saves_read_zero),
        cmocka_unit_test(a_kill_counts_under_its_kind),
        cmocka_unit_test(a_game_loaded_after_each_floor_change_plays_on_identically),
        cmocka_unit_test(the_checksum_is_fnv1a_of_the_document_without_it),
        cmocka_unit_test(truncated_saves_are_refused),
        cmocka_unit_test(flipped_bytes_are_refused),
        cmocka_unit_test(random_bytes_are_refused),
        cmocka_unit_test(bad_values_are_refused_naming_the_field),
        cmocka_unit_test(every_value_of_the_wrong_type_or_range_is_refused),
        cmocka_unit_test_setup_teardown(a_crash_before_the_rename_keeps_the_previous_save, make_dir,
                                        remove_dir),
        cmocka_unit_test_setup_teardown(a_damaged_save_offers_its_whole_backup, make_dir,
                                        remove_dir),
        cmocka_unit_test_setup_teardown(a_newer_save_left_by_a_crash_is_offered, make_dir,
                                        remove_dir),
        cmocka_unit_test_setup_teardown(a_save_of_an_ended_game_is_named_and_its_backup_not_offered,
                                        make_dir, remove_dir),
        cmocka_unit_test_setup_teardown(deleting_removes_the_save_and_its_backup, make_dir,
                                        remove_dir),
        cmocka_unit_test_setup_teardown(loading_tells_missing_damaged_and_moves_damage_aside,
                                        make_dir, remove_dir),
    };
    return RUN_TESTS(tests);
}
