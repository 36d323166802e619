/* The save's tables of fields (store/save_format.h): the writer and the reader walk the same
 * table, so for every table, every field the writer writes is read back, in the table's
 * order and with no other member; every field the file must hold is refused when missing,
 * and every bound is refused one past it, with a message naming the field and the bound. The
 * tables hold exactly the keys save.h documents. */
#include "test_support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store/save.h"
#include "store/save_format.h"
#include "store/save_reader.h"
#include "test_rules.h"

typedef struct Named {
    const char *name;
    const SaveTable *table;
} Named;

/* Every table, under the name of the structure it walks. */
static const Named TABLES[] = {
    {"game", &SAVE_GAME},
    {"counters", &SAVE_COUNTERS},
    {"rng", &SAVE_RNGS},
    {"stream", &SAVE_RNG},
    {"player", &SAVE_PLAYER},
    {"stats", &SAVE_STATS},
    {"mouse", &SAVE_MOUSE},
    {"item", &SAVE_ITEM_ENTITY},
    {"door", &SAVE_DOOR},
    {"stairs", &SAVE_STAIRS},
    {"mind", &SAVE_MIND},
    {"item stats", &SAVE_ITEM},
    {"log", &SAVE_LOG},
    {"log entry", &SAVE_LOG_ENTRY},
    {"floor", &SAVE_FLOOR},
    {"item mark", &SAVE_ITEM_MARK},
    {"mouse mark", &SAVE_MOUSE_MARK},
};
enum { TABLE_COUNT = sizeof TABLES / sizeof *TABLES };

/* The keys of each table in the order save.h gives the file's members. */
static const char *const DOCUMENTED[TABLE_COUNT] = {
    "format dungeon_version seed floor_seeds turn commands current deepest outcome killed_by "
    "counters played_ms floor_stats search_streak activity travel_x travel_y last_dx last_dy "
    "next_id rng vials_known adrenaline adrenaline_spare radar player inventory equipped log "
    "floors checksum",
    "kills doors_opened keys_used hidden_found items_picked doors_closed by_kind",
    "play cosmetic",
    "state inc",
    "id x y facing stats",
    "hp max_hp attack_min attack_max defence hit dodge sight speed xp level",
    "name id x y facing stats mind in_view seen",
    "name id x y in_view item carried caged cage_shut set bait",
    "name id x y door",
    "name id x y",
    ("state target_x target_y energy summon_timer stuck ready_turn eating held dazed asleep "
     "scrambled repelled hasted slowed marked"),
    "slot attack defence hit dodge heal floor count",
    "total entries",
    "turn repeats text tone",
    "number width height rows seen rooms arrival player_at entities memory",
    "id name x y set",
    "id name x y turn in_view",
};

/* The structures are written from and read into a buffer as large as the largest. */
enum { BUFFER = sizeof(Game) };

static const char *key_of_part(int part)
{
    for (int t = 0; t < TABLE_COUNT; t++)
        for (int i = 0; i < TABLES[t].table->count; i++)
            if (TABLES[t].table->fields[i].type == SAVE_PART &&
                TABLES[t].table->fields[i].part == part)
                return TABLES[t].table->fields[i].key;
    return NULL;
}

/* Parts are the callers' own: here each writes a marker and reads nothing. */
static void write_marker(void *ctx, int part, cJSON *o, const void *s)
{
    (void)ctx;
    (void)s;
    cJSON_AddStringToObject(o, key_of_part(part), "part");
}

static void read_nothing(void *ctx, int part, const cJSON *o, const char *at, void *s)
{
    (void)ctx;
    (void)o;
    (void)at;
    (void)s;
    assert_non_null(key_of_part(part));
}

/* What the reader's bounds are in these tests. */
static void wide_bounds(SaveReader *r, char *err, size_t err_size)
{
    memset(r, 0, sizeof *r);
    r->json.err = err;
    r->json.err_size = err_size;
    r->next_id = 1000000;
    r->vars[SV_TURN] = 500000;
    r->vars[SV_TURN_NEXT] = 500001;
    r->vars[SV_ID_LAST] = 999999;
    r->vars[SV_HP_LO] = 1;
}

static long long lo_of(const SaveReader *r, const SaveTable *t, const SaveField *f, const void *s)
{
    if (f->lo_var)
        return r->vars[f->lo_var];
    return f->lo_key ? save_field_value(s, save_field_named(t, f->lo_key)) : f->lo;
}

static long long hi_of(const SaveReader *r, const SaveTable *t, const SaveField *f, const void *s)
{
    if (f->hi_var)
        return r->vars[f->hi_var];
    if (f->type == SAVE_ID)
        return r->next_id - 1;
    return f->hi_key ? save_field_value(s, save_field_named(t, f->hi_key)) : f->hi;
}

/* A value of its own for each field, inside its bounds; a field with a check of its own gets
 * its lowest value (facing -1, a search streak of 0, no killer). */
static void fill(const SaveReader *r, const SaveTable *t, char *s, int salt)
{
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < t->count; i++) {
            const SaveField *f = &t->fields[i];
            bool depends = f->lo_key || f->hi_key;
            if (depends != (pass == 1))
                continue;
            long long lo = lo_of(r, t, f, s), hi = hi_of(r, t, f, s);
            long long v = lo + 1 + i + salt;
            v = f->check ? lo : v > hi ? hi : v;
            switch (f->type) {
            case SAVE_INT:
            case SAVE_ID:
            case SAVE_COORD: save_field_store(s, f, v); break;
            case SAVE_U64: save_field_store(s, f, 2LL * (i + salt) + 1); break; /* odd */
            case SAVE_ENUM: {
                int n = 0;
                while (f->names[n])
                    n++;
                save_field_store(s, f, f->first + (i + salt) % (n - f->first));
                break;
            }
            case SAVE_STRING:
                if (!f->check)
                    snprintf(s + f->offset, f->size, "text %d", i + salt);
                break;
            case SAVE_TRUE: /* bits of one flags word: each set beside the others */
                save_field_store(s, f, f->bit ? save_field_value(s, f) | f->bit : 1);
                break;
            case SAVE_OBJECT: fill(r, f->table, s + f->offset, salt + 100); break;
            case SAVE_PART: break;
            }
        }
}

/* The members of o are the table's keys, in its order (nested objects too). */
static void assert_keys_in_order(const cJSON *o, const SaveTable *t, const char *name)
{
    const cJSON *c = o->child;
    for (int i = 0; i < t->count; i++, c = c ? c->next : NULL) {
        if (!c || strcmp(c->string, t->fields[i].key) != 0)
            fail_msg("%s: member %d is '%s', the table's is '%s'", name, i,
                     c ? c->string : "(none)", t->fields[i].key);
        if (t->fields[i].type == SAVE_OBJECT)
            assert_keys_in_order(c, t->fields[i].table, t->fields[i].key);
    }
    if (c)
        fail_msg("%s: '%s' is written but not in the table", name, c->string);
}

/* Every field of b is the one of a. */
static void assert_same(const SaveTable *t, const char *a, const char *b, const char *name)
{
    for (int i = 0; i < t->count; i++) {
        const SaveField *f = &t->fields[i];
        if (f->type == SAVE_PART)
            continue;
        if (f->type == SAVE_OBJECT) {
            assert_same(f->table, a + f->offset, b + f->offset, f->key);
            continue;
        }
        bool same = f->type == SAVE_STRING ? strcmp(a + f->offset, b + f->offset) == 0
                                           : save_field_value(a, f) == save_field_value(b, f);
        if (!same)
            fail_msg("%s.%s: written %lld, read back %lld", name, f->key, save_field_value(a, f),
                     save_field_value(b, f));
    }
}

/* A structure of the table's: a Game for the top (its checks read the rules). */
static char *new_struct(const SaveTable *t)
{
    char *s = calloc(1, BUFFER);
    assert_non_null(s);
    if (t == &SAVE_GAME)
        ((Game *)s)->rules = test_rules();
    return s;
}

static cJSON *written(const SaveTable *t, const void *s)
{
    cJSON *o = cJSON_CreateObject();
    SaveWriter w = {.ok = true};
    save_write_fields(&w, o, t, s, write_marker, NULL);
    assert_true(w.ok);
    /* As the file holds it: numbers go in as raw text. */
    char *text = cJSON_PrintUnformatted(o);
    cJSON_Delete(o);
    o = cJSON_Parse(text);
    assert_non_null(o);
    free(text);
    return o;
}

/* Reads o into a fresh structure; the error line, or "" when it was read. */
static char *read_back(const SaveTable *t, const cJSON *o, char **out, char *err, size_t size)
{
    SaveReader r;
    wide_bounds(&r, err, size);
    err[0] = '\0';
    *out = new_struct(t);
    save_read_fields(&r, o, "t", t, *out, read_nothing, NULL);
    return err;
}

static void every_field_written_is_read_back(void **state)
{
    (void)state;
    for (int t = 0; t < TABLE_COUNT; t++) {
        const SaveTable *table = TABLES[t].table;
        SaveReader r;
        char err[SAVE_ERROR_MAX];
        wide_bounds(&r, err, sizeof err);
        char *s = new_struct(table);
        fill(&r, table, s, 0);
        cJSON *o = written(table, s);
        assert_keys_in_order(o, table, TABLES[t].name);
        char *back;
        if (read_back(table, o, &back, err, sizeof err)[0])
            fail_msg("%s: refused what its writer wrote: %s", TABLES[t].name, err);
        assert_same(table, s, back, TABLES[t].name);
        free(back);
        cJSON_Delete(o);
        free(s);
    }
}

/* Each field in turn: left out, one past its bounds, and a member beside them. */
static void assert_refused(const SaveTable *t, const cJSON *o, const char *name, const char *expect)
{
    char err[SAVE_ERROR_MAX], *back;
    read_back(t, o, &back, err, sizeof err);
    free(back);
    if (!strstr(err, expect))
        fail_msg("%s: '%s' instead of '%s'", name, err, expect);
}

static void try_missing(const SaveTable *t, const cJSON *o, const SaveField *f, const char *name)
{
    bool optional = f->when || f->type == SAVE_TRUE || f->type == SAVE_PART;
    char expect[160];
    snprintf(expect, sizeof expect, "t.%s: missing", f->key);
    cJSON *copy = cJSON_Duplicate(o, true);
    cJSON_DeleteItemFromObjectCaseSensitive(copy, f->key);
    if (optional) {
        char err[SAVE_ERROR_MAX], *back;
        if (read_back(t, copy, &back, err, sizeof err)[0])
            fail_msg("%s.%s may be left out, but: %s", name, f->key, err);
        if (f->type != SAVE_PART && f->type != SAVE_TRUE)
            assert_int_equal(save_field_value(back, f), 0);
        free(back);
    } else {
        assert_refused(t, copy, name, expect);
    }
    cJSON_Delete(copy);
}

static void try_past_bound(const SaveTable *t, const cJSON *o, const SaveField *f, const char *s,
                           const char *name)
{
    if (f->type != SAVE_INT && f->type != SAVE_COORD && f->type != SAVE_ID)
        return;
    SaveReader r;
    char err[SAVE_ERROR_MAX], expect[200];
    wide_bounds(&r, err, sizeof err);
    long long lo = lo_of(&r, t, f, s), hi = hi_of(&r, t, f, s);
    /* The value as the message prints it: "%.15g". */
    if (f->type == SAVE_COORD)
        snprintf(expect, sizeof expect, "t.%s: %.15g is outside the map (0..%lld)", f->key,
                 (double)hi + 1, hi);
    else if (f->type == SAVE_ID)
        snprintf(expect, sizeof expect, "t.%s: %.15g is not below next_id (%lld)", f->key,
                 (double)hi + 1, hi + 1);
    else
        snprintf(expect, sizeof expect, "t.%s: %.15g is not a whole number in %lld..%lld", f->key,
                 (double)hi + 1, lo, hi);
    cJSON *copy = cJSON_Duplicate(o, true);
    cJSON_ReplaceItemInObjectCaseSensitive(copy, f->key, cJSON_CreateNumber((double)hi + 1));
    assert_refused(t, copy, name, expect);
    if (f->type == SAVE_INT && !f->lo_var) {
        snprintf(expect, sizeof expect, "t.%s: %.15g is not a whole number in %lld..%lld", f->key,
                 (double)lo - 1, lo, hi);
        cJSON_ReplaceItemInObjectCaseSensitive(copy, f->key, cJSON_CreateNumber((double)lo - 1));
        assert_refused(t, copy, name, expect);
    }
    cJSON_Delete(copy);
}

static void every_field_is_checked_naming_it_and_its_bound(void **state)
{
    (void)state;
    for (int t = 0; t < TABLE_COUNT; t++) {
        const SaveTable *table = TABLES[t].table;
        SaveReader r;
        char err[SAVE_ERROR_MAX];
        wide_bounds(&r, err, sizeof err);
        char *s = new_struct(table);
        fill(&r, table, s, 0);
        cJSON *o = written(table, s);
        for (int i = 0; i < table->count; i++) {
            try_missing(table, o, &table->fields[i], TABLES[t].name);
            try_past_bound(table, o, &table->fields[i], s, TABLES[t].name);
        }
        cJSON *extra = cJSON_Duplicate(o, true);
        cJSON_AddNumberToObject(extra, "bogus", 1);
        assert_refused(table, extra, TABLES[t].name, "t.bogus: unknown field");
        cJSON_Delete(extra);
        cJSON_Delete(o);
        free(s);
    }
}

static void the_tables_hold_the_documented_keys(void **state)
{
    (void)state;
    for (int t = 0; t < TABLE_COUNT; t++) {
        char keys[600] = "";
        const SaveTable *table = TABLES[t].table;
        assert_true(table->count < 64); /* the reader's mask of fields read */
        for (int i = 0; i < table->count; i++) {
            const SaveField *f = &table->fields[i];
            snprintf(keys + strlen(keys), sizeof keys - strlen(keys), "%s%s", i ? " " : "", f->key);
            if (f->type == SAVE_INT && !f->lo_var && !f->lo_key && !f->hi_var && !f->hi_key)
                assert_true(f->lo <= f->hi);
            if (f->lo_key)
                assert_non_null(save_field_named(table, f->lo_key));
            if (f->hi_key)
                assert_non_null(save_field_named(table, f->hi_key));
            assert_true(f->type != SAVE_ENUM || f->names);
            assert_true(f->type != SAVE_OBJECT || f->table);
        }
        if (strcmp(keys, DOCUMENTED[t]) != 0)
            fail_msg("%s: the table holds\n  %s\nsave.h documents\n  %s", TABLES[t].name, keys,
                     DOCUMENTED[t]);
    }
    assert_ptr_equal(save_entity_table(KIND_MONSTER), &SAVE_MOUSE);
    assert_ptr_equal(save_entity_table(KIND_ITEM), &SAVE_ITEM_ENTITY);
    assert_ptr_equal(save_entity_table(KIND_DOOR), &SAVE_DOOR);
    assert_ptr_equal(save_entity_table(KIND_STAIRS), &SAVE_STAIRS);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_field_written_is_read_back),
        cmocka_unit_test(every_field_is_checked_naming_it_and_its_bound),
        cmocka_unit_test(the_tables_hold_the_documented_keys),
    };
    return RUN_TESTS(tests);
}
