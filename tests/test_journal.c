/* Recordings (src/store/journal.c): command lines both ways, a bot game recorded and replayed
 * to the same state and the same save, torn tails cut to the last good line, a wrong
 * checksum or a changed command caught and named, appending after a snapshot, header errors. */
#define _POSIX_C_SOURCE 200809L
#include "test_support.h"

#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bot/bot.h"
#include "gen/gen.h"
#include "store/journal.h"
#include "store/save.h"
#include "test_dir.h"
#include "test_rules.h"

/* ---- command lines -------------------------------------------------------------------- */

static void every_command_type_round_trips(void **state)
{
    (void)state;
    const Command cmds[] = {command_move(1, -1),
                            command_move(-1, 0),
                            command_move(0, 1),
                            command_move(7, -2147483647 - 1),
                            command_wait(),
                            command_of(CMD_SEARCH),
                            command_item(CMD_USE, 3),
                            command_item(CMD_EQUIP, 0),
                            command_item(CMD_DROP, 25),
                            command_item(CMD_USE, -4),
                            command_travel(12, 34),
                            command_travel(-1, 2147483647),
                            command_travel_stairs(1),
                            command_travel_stairs(-1),
                            command_of(CMD_EXPLORE),
                            command_of(CMD_CONTINUE),
                            command_of(CMD_STOP),
                            command_of(CMD_NONE),
                            command_of(CMD_REST),
                            command_of(CMD_SEARCH_LONG),
                            command_close(0, -1),
                            command_close(0, 0),
                            command_throw(3, 12, 40)};
    for (size_t i = 0; i < sizeof cmds / sizeof *cmds; i++) {
        char line[JOURNAL_LINE_MAX];
        journal_format_command(&cmds[i], line);
        Command back;
        memset(&back, 0xff, sizeof back);
        if (!journal_parse_command(line, strlen(line), &back))
            fail_msg("'%s' does not parse back", line);
        assert_int_equal(back.type, cmds[i].type);
        assert_int_equal(back.dx, cmds[i].dx);
        assert_int_equal(back.dy, cmds[i].dy);
        assert_int_equal(back.x, cmds[i].x);
        assert_int_equal(back.y, cmds[i].y);
        assert_int_equal(back.item, cmds[i].item);
    }
    char line[JOURNAL_LINE_MAX];
    journal_format_command(&(Command){.type = CMD_MOVE, .dx = 1, .dy = -1}, line);
    assert_string_equal(line, "m 1 -1");
    journal_format_command(&(Command){.type = CMD_TRAVEL_STAIRS, .dy = 1}, line);
    assert_string_equal(line, "ts 1");
    journal_format_command(&(Command){.type = CMD_CLOSE, .dx = -1, .dy = 0}, line);
    assert_string_equal(line, "cl -1 0");
    journal_format_command(&(Command){.type = CMD_THROW, .item = 2, .x = 7, .y = 9}, line);
    assert_string_equal(line, "th 2 7 9");
    const char *bad[] = {"",
                         "m",
                         "m 1",
                         "m 1 2 3",
                         "m  1 2",
                         "m 1 2 ",
                         "w ",
                         "ww",
                         "u",
                         "u x",
                         "u 1x",
                         "ts",
                         "ts 1 2",
                         "q",
                         "m 1 -",
                         "m --1 2",
                         "t 1 99999999999",
                         "u 2147483648",
                         "# 1 2 3",
                         "M 1 1",
                         "m +1 1",
                         "cl",
                         "cl 1",
                         "cl1 0",
                         "cl 1 0 ",
                         "th 1 2",
                         "th 1 2 3 4",
                         "th1 2 3"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        Command c;
        if (journal_parse_command(bad[i], strlen(bad[i]), &c))
            fail_msg("'%s' parsed as a command", bad[i]);
    }
}

/* ---- a recorded bot game -------------------------------------------------------------- */

typedef struct Recorded {
    char *text; /* the whole recording */
    size_t len;
    uint64_t final_hash;
    char *final_save;
    uint32_t turns;
    size_t commands;
    int floor_changes;
} Recorded;

static void record_command(void *ctx, const Command *cmd, const Game *after)
{
    journal_add(ctx, cmd, after);
}

static char *read_whole(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *text = malloc((size_t)n + 1);
    assert_non_null(text);
    assert_int_equal(fread(text, 1, (size_t)n, f), (size_t)n);
    text[n] = '\0';
    fclose(f);
    *len = (size_t)n;
    return text;
}

static void write_whole(const char *path, const char *text, size_t len)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(text, 1, len, f), len);
    fclose(f);
}

/* The bot plays `seed` for at most max_turns, recorded into path. */
static Recorded record_bot_game(const char *path, uint64_t seed, uint32_t max_turns)
{
    Game *g = malloc(sizeof *g);
    Bot *bot = malloc(sizeof *bot);
    assert_non_null(g);
    assert_non_null(bot);
    assert_true(game_init(g, seed, test_rules()));
    bot_init(bot);
    JournalHeader h;
    journal_header_for(&h, g);
    JournalWriter w;
    char err[1400];
    if (!journal_create(&w, path, &h, err, sizeof err))
        fail_msg("%s", err);
    bot->on_command = record_command;
    bot->on_command_ctx = &w;
    int floor_changes = 0;
    while (g->outcome == GAME_PLAYING && g->turn < max_turns && bot_play_turn(bot, g)) {
        if (g->events & GAME_EVENT_FLOOR_CHANGED) {
            floor_changes++;
            assert_true(journal_flush(&w, err, sizeof err));
        }
    }
    journal_add_check(&w, g);
    assert_true(journal_sync(&w, err, sizeof err));
    assert_int_equal(w.commands, g->commands);
    journal_close(&w);
    Recorded r = {.final_hash = game_state_hash(g),
                  .final_save = save_to_json(g),
                  .turns = g->turn,
                  .commands = (size_t)g->commands,
                  .floor_changes = floor_changes};
    r.text = read_whole(path, &r.len);
    game_free(g);
    free(g);
    free(bot);
    return r;
}

static void recorded_free(Recorded *r)
{
    free(r->text);
    free(r->final_save);
}

/* Replays a recording's text whole; false with err when it is refused or goes out of step. */
static bool replay_text(const char *text, size_t len, Journal *j, uint64_t *hash, char **save,
                        char *err, size_t err_size)
{
    if (!journal_parse(text, len, "rec.mkrec", test_rules(), j, err, err_size))
        return false;
    Game *g = malloc(sizeof *g);
    assert_non_null(g);
    bool ok = journal_start_game(j, test_rules(), g, err, err_size) &&
              journal_replay(j, g, 0, j->count, err, err_size);
    if (hash)
        *hash = game_state_hash(g);
    if (save)
        *save = save_to_json(g);
    game_free(g);
    free(g);
    return ok;
}

static int dir_setup(void **state)
{
    return test_dir_setup(state, "mk_journal", "rec.mkrec");
}

static int dir_teardown(void **state)
{
    return test_dir_teardown(state);
}

static void a_bot_game_recorded_replays_to_the_same_state_and_save(void **state)
{
    TestDir *d = *state;
    /* Seed 9: a game that climbs past floor 10 (seed 4's now ends lower). */
    Recorded r = record_bot_game(d->file, 9, 50000);
    assert_true(r.commands > 1000);
    Journal j;
    char err[512] = "";
    uint64_t hash = 0;
    char *save = NULL;
    if (!replay_text(r.text, r.len, &j, &hash, &save, err, sizeof err))
        fail_msg("%s", err);
    assert_false(j.torn);
    assert_int_equal(j.good_bytes, r.len);
    assert_int_equal(j.count, r.commands);
    assert_int_equal(j.header.seed, 9);
    assert_int_equal(j.header.dungeon_version, DUNGEON_VERSION);
    assert_int_equal(j.header.rules_hash, rules_hash(test_rules()));
    /* Checks every 64 commands at least, and the last one at the very end. */
    assert_true(j.check_count >= j.count / JOURNAL_CHECK_EVERY);
    size_t every = 0, others = 0;
    for (size_t i = 0; i < j.check_count; i++) {
        every += j.checks[i].commands % JOURNAL_CHECK_EVERY == 0;
        others += j.checks[i].commands % JOURNAL_CHECK_EVERY != 0;
    }
    assert_int_equal(every, j.count / JOURNAL_CHECK_EVERY);
    assert_true(r.floor_changes >= 10);
    assert_true(others + 1 >= (size_t)r.floor_changes); /* each floor change, the end */
    assert_int_equal(j.checks[j.check_count - 1].commands, j.count);
    assert_int_equal(j.checks[j.check_count - 1].turn, r.turns);
    assert_int_equal(hash, r.final_hash);
    assert_string_equal(save, r.final_save);
    /* The header reads as JSON, seed included. */
    assert_true(strncmp(r.text, "{\"mouseking_recording\":1,\"game\":\"", 33) == 0);
    assert_non_null(strstr(r.text, ",\"seed\":9,\"date\":\""));
    free(save);
    journal_free(&j);
    recorded_free(&r);
}

/* A session's resume: a save in the middle holds `commands` of the recording, and the rest
 * replayed onto it reaches the same end; a recording reopened there and appended to reads
 * as one. */
static void a_snapshot_resumes_the_recording_and_appending_continues_it(void **state)
{
    TestDir *d = *state;
    Recorded r = record_bot_game(d->file, 6, 3000);
    Journal j;
    char err[512] = "";
    assert_true(journal_parse(r.text, r.len, "rec", test_rules(), &j, err, sizeof err));
    size_t half = j.count / 2;
    Game *g = malloc(sizeof *g);
    assert_non_null(g);
    assert_true(journal_start_game(&j, test_rules(), g, err, sizeof err));
    if (!journal_replay(&j, g, 0, half, err, sizeof err))
        fail_msg("%s", err);
    char *mid = save_to_json(g);
    game_free(g);
    Game *loaded = malloc(sizeof *loaded);
    assert_true(save_from_json(loaded, mid, strlen(mid), test_rules(), err, sizeof err));
    assert_int_equal(loaded->commands, half);
    if (!journal_replay(&j, loaded, half, j.count, err, sizeof err))
        fail_msg("%s", err);
    assert_int_equal(game_state_hash(loaded), r.final_hash);
    /* Starting at the wrong command is refused. */
    assert_false(journal_replay(&j, loaded, half, j.count, err, sizeof err));
    assert_non_null(strstr(err, "the replay starts at"));
    game_free(loaded);

    /* The file cut after the half's command line, reopened and given the rest. */
    const char *p = r.text;
    size_t lines = 0;
    for (p = strchr(p, '\n') + 1; lines < half; p = strchr(p, '\n') + 1)
        lines += p[0] != '#';
    assert_true(journal_cut(d->file, (size_t)(p - r.text), err, sizeof err));
    JournalWriter w;
    if (!journal_open_append(&w, d->file, half, half, err, sizeof err))
        fail_msg("%s", err);
    assert_true(journal_start_game(&j, test_rules(), g, err, sizeof err));
    assert_true(journal_replay(&j, g, 0, half, err, sizeof err));
    for (size_t i = half; i < j.count; i++) {
        game_apply(g, &j.cmds[i]);
        journal_add(&w, &j.cmds[i], g);
    }
    journal_add_check(&w, g);
    assert_true(journal_sync(&w, err, sizeof err));
    journal_close(&w);
    game_free(g);
    Journal again;
    assert_true(journal_read(d->file, test_rules(), &again, err, sizeof err));
    assert_false(again.torn);
    assert_int_equal(again.count, j.count);
    assert_true(journal_start_game(&again, test_rules(), g, err, sizeof err));
    if (!journal_replay(&again, g, 0, again.count, err, sizeof err))
        fail_msg("%s", err);
    assert_int_equal(game_state_hash(g), r.final_hash);
    game_free(g);
    free(g);
    free(loaded);
    free(mid);
    journal_free(&again);
    journal_free(&j);
    recorded_free(&r);
}

/* The n-th checksum line's start in a recording. */
static char *nth_check(char *text, int n)
{
    char *p = text;
    for (int i = 0; i <= n; i++) {
        p = strstr(p + 1, "\n# ");
        assert_non_null(p);
    }
    return p + 1;
}

/* ---- torn tails ----------------------------------------------------------------------- */

static void torn_tails_are_cut_to_the_last_good_line(void **state)
{
    TestDir *d = *state;
    Recorded r = record_bot_game(d->file, 2, 800);
    /* The starts of the last three lines. */
    size_t starts[4], n = 0;
    for (size_t at = r.len - 1; at > 0 && n < 4; at--)
        if (r.text[at - 1] == '\n')
            starts[n++] = at;
    assert_int_equal(n, 4);
    Journal whole;
    char err[512];
    assert_true(journal_parse(r.text, r.len, "rec", test_rules(), &whole, err, sizeof err));
    for (size_t cut = starts[3]; cut < r.len; cut++) {
        Journal j;
        if (!journal_parse(r.text, cut, "rec", test_rules(), &j, err, sizeof err))
            fail_msg("cut at %zu: %s", cut, err);
        size_t good = 0;
        for (size_t i = 0; i < 4; i++)
            if (starts[i] <= cut && starts[i] > good)
                good = starts[i];
        assert_int_equal(j.good_bytes, good);
        assert_int_equal(j.torn, cut != good);
        assert_true(j.count <= whole.count && j.count + 3 >= whole.count);
        journal_free(&j);
    }
    /* Cut on disk, the file reads whole and replays its good part. */
    size_t torn_at = starts[0] + (r.len - starts[0]) / 2;
    write_whole(d->file, r.text, torn_at);
    Journal j;
    assert_true(journal_read(d->file, test_rules(), &j, err, sizeof err));
    assert_true(j.torn);
    assert_int_equal(j.good_bytes, starts[0]);
    assert_true(journal_cut(d->file, j.good_bytes, err, sizeof err));
    journal_free(&j);
    assert_true(journal_read(d->file, test_rules(), &j, err, sizeof err));
    assert_false(j.torn);
    Game g;
    assert_true(journal_start_game(&j, test_rules(), &g, err, sizeof err));
    if (!journal_replay(&j, &g, 0, j.count, err, sizeof err))
        fail_msg("%s", err);
    game_free(&g);
    journal_free(&j);
    /* A line of garbage in the middle is damage, not a torn tail: refused naming its line. */
    char *text = malloc(r.len + 16);
    size_t mid = starts[3];
    memcpy(text, r.text, mid);
    memcpy(text + mid, "zz top\n", 7);
    memcpy(text + mid + 7, r.text + mid, r.len - mid);
    size_t line = 1;
    for (size_t i = 0; i < mid; i++)
        line += r.text[i] == '\n';
    char expect[64];
    snprintf(expect, sizeof expect, "rec: line %zu: not a command", line);
    assert_false(journal_parse(text, r.len + 7, "rec", test_rules(), &j, err, sizeof err));
    if (!strstr(err, expect))
        fail_msg("'%s' does not say '%s'", err, expect);
    /* So is a checksum line whose count is not the commands before it. */
    char *check = nth_check(r.text, 1);
    size_t at = (size_t)(check - r.text);
    memcpy(text, r.text, r.len);
    text[at + 2] = text[at + 2] == '9' ? '1' : (char)(text[at + 2] + 1);
    assert_false(journal_parse(text, r.len, "rec", test_rules(), &j, err, sizeof err));
    line = 1;
    for (size_t i = 0; i < at; i++)
        line += r.text[i] == '\n';
    snprintf(expect, sizeof expect, "rec: line %zu: the checksum of command", line);
    if (!strstr(err, expect))
        fail_msg("'%s' does not say '%s'", err, expect);
    free(text);
    journal_free(&whole);
    recorded_free(&r);
}

/* ---- out of step ---------------------------------------------------------------------- */

static void a_flipped_checksum_digit_is_refused_naming_the_command(void **state)
{
    TestDir *d = *state;
    Recorded r = record_bot_game(d->file, 4, 600);
    char *check = nth_check(r.text, 2);
    unsigned long long commands, turn;
    assert_int_equal(sscanf(check, "# %llu %llu", &commands, &turn), 2);
    char *hex = strchr(strchr(check + 2, ' ') + 1, ' ') + 1;
    hex[7] = hex[7] == '0' ? '1' : '0';
    Journal j;
    char err[512] = "";
    assert_false(replay_text(r.text, r.len, &j, NULL, NULL, err, sizeof err));
    char expect[80];
    snprintf(expect, sizeof expect, "out of step at command %llu, turn %llu:", commands, turn);
    if (!strstr(err, expect))
        fail_msg("'%s' does not say '%s'", err, expect);
    journal_free(&j);
    recorded_free(&r);
}

static void a_changed_command_is_caught_by_the_next_checksum(void **state)
{
    TestDir *d = *state;
    Recorded r = record_bot_game(d->file, 5, 600);
    /* The 100th command line becomes a different move; the next checksum after it sees it. */
    char *p = strchr(r.text, '\n') + 1;
    size_t index = 0;
    while (index < 100 || p[0] == '#') {
        index += p[0] != '#';
        p = strchr(p, '\n') + 1;
    }
    char *end = strchr(p, '\n');
    /* A search where the bot did something else (a wait where it searched). */
    size_t head = (size_t)(p - r.text);
    char *text = malloc(r.len + 8);
    memcpy(text, r.text, head);
    const char *line = p[0] == 's' ? "w\n" : "s\n";
    memcpy(text + head, line, 2);
    size_t tail = r.len - (size_t)(end + 1 - r.text);
    memcpy(text + head + 2, end + 1, tail);
    size_t len = head + 2 + tail;
    Journal j;
    char err[512] = "";
    assert_false(replay_text(text, len, &j, NULL, NULL, err, sizeof err));
    size_t next = 0;
    while (j.checks[next].commands <= index)
        next++;
    char expect[80];
    snprintf(expect, sizeof expect, "out of step at command %llu, turn %u",
             (unsigned long long)j.checks[next].commands, j.checks[next].turn);
    if (!strstr(err, expect))
        fail_msg("'%s' does not say '%s'", err, expect);
    journal_free(&j);
    free(text);
    recorded_free(&r);
}

/* ---- headers -------------------------------------------------------------------------- */

static void assert_header_refused(const char *header, const char *expect)
{
    char text[600];
    snprintf(text, sizeof text, "%s\nx\n", header);
    Journal j;
    char err[512] = "";
    if (journal_parse(text, strlen(text), "old.mkrec", test_rules(), &j, err, sizeof err))
        fail_msg("'%s' was accepted", header);
    if (!strstr(err, expect))
        fail_msg("'%s' does not say '%s'", err, expect);
    assert_non_null(strstr(err, "old.mkrec: "));
}

static void header_errors_name_the_file_and_both_versions(void **state)
{
    (void)state;
    char ok[300], line[300];
    uint32_t rh = rules_hash(test_rules());
    snprintf(ok, sizeof ok,
             "{\"mouseking_recording\":1,\"game\":\"0.1.0\",\"dungeon\":%d,\"rules\":\"%08x\","
             "\"seed\":18446744073709551615,\"date\":\"2026-11-22T10:00:00Z\"}",
             DUNGEON_VERSION, rh);
    char text[400];
    snprintf(text, sizeof text, "%s\nm 1 0\n# 1 1 0000000000000000\n", ok);
    Journal j;
    char err[512] = "";
    if (!journal_parse(text, strlen(text), "ok", test_rules(), &j, err, sizeof err))
        fail_msg("%s", err);
    assert_true(j.header.seed == UINT64_MAX); /* exact past 2^53 */
    assert_int_equal(j.count, 1);
    assert_int_equal(j.check_count, 1);
    assert_string_equal(j.header.date, "2026-11-22T10:00:00Z");
    journal_free(&j);

    assert_header_refused("", "not a Mouse King recording");
    assert_header_refused("hello", "not a Mouse King recording");
    assert_header_refused("{\"format\":1,\"seed\":\"1\"}", "not a Mouse King recording");
    snprintf(line, sizeof line,
             "{\"mouseking_recording\":2,\"game\":\"9.0.0\",\"dungeon\":%d,\"rules\":\"%08x\","
             "\"seed\":1,\"date\":\"\"}",
             DUNGEON_VERSION, rh);
    assert_header_refused(line, "made with recording format 2, this game reads 1");
    char expect[120];
    snprintf(line, sizeof line,
             "{\"mouseking_recording\":1,\"game\":\"0.1.0\",\"dungeon\":%d,\"rules\":\"%08x\","
             "\"seed\":1,\"date\":\"\"}",
             DUNGEON_VERSION + 1, rh);
    snprintf(expect, sizeof expect, "made with dungeon version %d, this game has %d",
             DUNGEON_VERSION + 1, DUNGEON_VERSION);
    assert_header_refused(line, expect);
    snprintf(line, sizeof line,
             "{\"mouseking_recording\":1,\"game\":\"0.1.0\",\"dungeon\":%d,\"rules\":\"%08x\","
             "\"seed\":1,\"date\":\"\"}",
             DUNGEON_VERSION, rh ^ 1u);
    snprintf(expect, sizeof expect, "made with rules %08x, this game has %08x", rh ^ 1u, rh);
    assert_header_refused(line, expect);
    snprintf(line, sizeof line,
             "{\"mouseking_recording\":1,\"game\":\"0.1.0\",\"dungeon\":%d,\"rules\":\"%08x\","
             "\"seed\":18446744073709551616,\"date\":\"\"}",
             DUNGEON_VERSION, rh);
    assert_header_refused(line, "seed");
    snprintf(line, sizeof line,
             "{\"mouseking_recording\":1,\"game\":\"0.1.0\",\"dungeon\":%d,\"rules\":\"%08x\","
             "\"seed\":-1,\"date\":\"\"}",
             DUNGEON_VERSION, rh);
    assert_header_refused(line, "seed");
    /* A header without its line end is no recording either. */
    Journal none;
    assert_false(journal_parse(ok, strlen(ok), "cut", test_rules(), &none, err, sizeof err));
    assert_non_null(strstr(err, "not a Mouse King recording"));
}

/* Any number of the rules changed changes the hash (a recording of other rules is refused). */
static void the_rules_hash_follows_every_number(void **state)
{
    (void)state;
    Rules r = *test_rules();
    uint32_t base = rules_hash(&r);
    assert_int_equal(rules_hash(&r), base);
    r.player.hp++;
    assert_int_not_equal(rules_hash(&r), base);
    r = *test_rules();
    r.monsters[r.monster_count - 1].stats.speed++;
    assert_int_not_equal(rules_hash(&r), base);
    r = *test_rules();
    r.items[0].heal_per_floors++;
    assert_int_not_equal(rules_hash(&r), base);
    r = *test_rules();
    r.level_xp[r.level_count - 1]++;
    assert_int_not_equal(rules_hash(&r), base);
    r = *test_rules();
    r.score_victory--;
    assert_int_not_equal(rules_hash(&r), base);
}

/* The state hash sees each part of the state a replay could get wrong. */
static void the_state_hash_follows_the_state(void **state)
{
    (void)state;
    Game g;
    assert_true(game_init(&g, 8, test_rules()));
    assert_true(game_change_floor(&g, 1));
    uint64_t base = game_state_hash(&g);
    assert_int_equal(game_state_hash(&g), base);
#define CHANGED(stmt, undo)                                                                        \
    do {                                                                                           \
        stmt;                                                                                      \
        assert_int_not_equal(game_state_hash(&g), base);                                           \
        undo;                                                                                      \
        assert_int_equal(game_state_hash(&g), base);                                               \
    } while (0)
    CHANGED(g.rng_play.state++, g.rng_play.state--);
    CHANGED(g.rng_cosmetic.state++, g.rng_cosmetic.state--);
    CHANGED(g.turn++, g.turn--);
    CHANGED(g.commands++, g.commands--);
    CHANGED(g.player->x++, g.player->x--);
    CHANGED(g.player->stats.hp--, g.player->stats.hp++);
    CHANGED(g.counters.kills++, g.counters.kills--);
    CHANGED(g.log.total++, g.log.total--);
    Entity *mouse = NULL;
    for (Entity *e = game_floor(&g)->entities.head; e && !mouse; e = e->next)
        if (e->kind == KIND_MONSTER)
            mouse = e;
    assert_non_null(mouse);
    CHANGED(mouse->y++, mouse->y--);
    CHANGED(mouse->stats.hp--, mouse->stats.hp++);
    CHANGED(mouse->mind.state = MIND_HUNTING, mouse->mind.state = MIND_DORMANT);
    CHANGED(mouse->mind.energy++, mouse->mind.energy--);
    /* The letters of the pack: the same items under other letters are another state. */
    Entity *items[2] = {NULL, NULL};
    for (Entity *e = game_floor(&g)->entities.head; e; e = e->next)
        if (e->kind == KIND_ITEM && !items[1])
            items[items[0] ? 1 : 0] = e;
    assert_non_null(items[1]);
    for (int i = 0; i < 2; i++) {
        entity_list_detach(&game_floor(&g)->entities, items[i]);
        assert_int_equal(game_pack_add(&g, items[i]), i);
    }
    base = game_state_hash(&g);
    CHANGED((g.inventory[3] = g.inventory[1], g.inventory[1] = NULL),
            (g.inventory[1] = g.inventory[3], g.inventory[3] = NULL));
    CHANGED((g.inventory[2] = g.inventory[0], g.inventory[0] = NULL),
            (g.inventory[0] = g.inventory[2], g.inventory[2] = NULL));
    CHANGED((g.inventory[0] = items[1], g.inventory[1] = items[0]),
            (g.inventory[0] = items[0], g.inventory[1] = items[1]));
#undef CHANGED
    game_free(&g);
}

/* Links are never written through: the recording is made new beside them. */
static void a_recording_is_made_new_never_through_a_link(void **state)
{
    TestDir *d = *state;
    char target[400], tmp[400];
    snprintf(target, sizeof target, "%s/target", d->path);
    snprintf(tmp, sizeof tmp, "%s.tmp", d->file);
    write_whole(target, "keep\n", 5);
    assert_int_equal(symlink(target, d->file), 0);
    assert_int_equal(symlink(target, tmp), 0);
    Game g;
    assert_true(game_init(&g, 9, test_rules()));
    JournalHeader h;
    journal_header_for(&h, &g);
    JournalWriter w;
    char err[512];
    assert_true(journal_create(&w, d->file, &h, err, sizeof err));
    journal_close(&w);
    game_free(&g);
    size_t len;
    char *kept = read_whole(target, &len);
    assert_string_equal(kept, "keep\n");
    free(kept);
    struct stat st;
    assert_int_equal(lstat(d->file, &st), 0);
    assert_true(S_ISREG(st.st_mode));
    assert_int_equal(lstat(tmp, &st), -1);
    Journal j;
    assert_true(journal_read(d->file, test_rules(), &j, err, sizeof err));
    assert_int_equal(j.header.seed, 9);
    assert_int_equal(j.count, 0);
    journal_free(&j);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_command_type_round_trips),
        cmocka_unit_test_setup_teardown(a_bot_game_recorded_replays_to_the_same_state_and_save,
                                        dir_setup, dir_teardown),
        cmocka_unit_test_setup_teardown(a_snapshot_resumes_the_recording_and_appending_continues_it,
                                        dir_setup, dir_teardown),
        cmocka_unit_test_setup_teardown(torn_tails_are_cut_to_the_last_good_line, dir_setup,
                                        dir_teardown),
        cmocka_unit_test_setup_teardown(a_flipped_checksum_digit_is_refused_naming_the_command,
                                        dir_setup, dir_teardown),
        cmocka_unit_test_setup_teardown(a_changed_command_is_caught_by_the_next_checksum, dir_setup,
                                        dir_teardown),
        cmocka_unit_test(header_errors_name_the_file_and_both_versions),
        cmocka_unit_test(the_rules_hash_follows_every_number),
        cmocka_unit_test(the_state_hash_follows_the_state),
        cmocka_unit_test_setup_teardown(a_recording_is_made_new_never_through_a_link, dir_setup,
                                        dir_teardown),
    };
    return RUN_TESTS(tests);
}
