/* Checked JSON reading (src/core/jread.c), the save loader's primitives: each kind of wrong
 * value is refused with a message naming its place, the first problem is the one reported,
 * nothing is read after it, and the edges of the ranges (0 and 2^64-1, lo and hi) are kept. */
#include "test_support.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "core/jread.h"

typedef struct Doc {
    cJSON *root;
    JRead r;
    char err[256];
} Doc;

static void doc_parse(Doc *d, const char *text)
{
    memset(d, 0, sizeof *d);
    d->root = cJSON_Parse(text);
    assert_non_null(d->root);
    d->r.err = d->err;
    d->r.err_size = sizeof d->err;
}

static void doc_expect_error(Doc *d, const char *expected)
{
    assert_true(d->r.failed);
    assert_string_equal(d->err, expected);
    cJSON_Delete(d->root);
}

static void doc_expect_ok(Doc *d)
{
    if (d->r.failed)
        fail_msg("unexpected error: %s", d->err);
    cJSON_Delete(d->root);
}

static void test_paths(void **state)
{
    (void)state;
    assert_string_equal(jpath_join("", "turn").s, "turn");
    assert_string_equal(jpath_join("player", "stats").s, "player.stats");
    assert_string_equal(jpath_join("floors[2]", "").s, "floors[2]");
    assert_string_equal(jpath_indexed("floors[2]", "entities", 7).s, "floors[2].entities[7]");
    assert_string_equal(jpath_indexed("log", "", 3).s, "log[3]");
    char long_at[300];
    memset(long_at, 'a', sizeof long_at - 1);
    long_at[sizeof long_at - 1] = '\0';
    JPath p = jpath_join(long_at, "x");
    assert_int_equal(strlen(p.s), sizeof p.s - 1);
    assert_string_equal(p.s + sizeof p.s - 4, "...");
}

static void test_int_range_edges(void **state)
{
    (void)state;
    Doc d;
    doc_parse(&d, "{\"lo\":-3,\"hi\":9,\"mid\":4}");
    assert_int_equal(jread_int(&d.r, d.root, "", "lo", -3, 9), -3);
    assert_int_equal(jread_int(&d.r, d.root, "", "hi", -3, 9), 9);
    assert_int_equal(jread_int(&d.r, d.root, "", "mid", -3, 9), 4);
    doc_expect_ok(&d);
}

static void test_int_refusals(void **state)
{
    (void)state;
    static const struct {
        const char *doc, *expected;
    } cases[] = {
        {"{\"a\":{\"n\":10}}", "a.n: 10 is not a whole number in 0..9"},
        {"{\"a\":{\"n\":-1}}", "a.n: -1 is not a whole number in 0..9"},
        {"{\"a\":{\"n\":2.5}}", "a.n: 2.5 is not a whole number in 0..9"},
        {"{\"a\":{\"n\":1e308}}", "a.n: 1e+308 is not a whole number in 0..9"},
        {"{\"a\":{\"n\":\"3\"}}", "a.n: should be a whole number, not a string"},
        {"{\"a\":{\"n\":null}}", "a.n: should be a whole number, not null"},
        {"{\"a\":{\"m\":1}}", "a.n: missing"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        Doc d;
        doc_parse(&d, cases[i].doc);
        const cJSON *a = jread_object(&d.r, d.root, "", "a");
        assert_int_equal(jread_int(&d.r, a, "a", "n", 0, 9), 0); /* lo when refused */
        doc_expect_error(&d, cases[i].expected);
    }
}

/* The whole type's range as bounds: 2^63 rounds to (double)LLONG_MAX yet no long long holds
 * it, so it must be refused before any cast (UBSan stops the test otherwise). */
static void test_int_range_of_the_whole_type(void **state)
{
    (void)state;
    Doc d;
    doc_parse(&d, "{\"n\":9223372036854775808,\"m\":-9223372036854775808,\"k\":1e300}");
    assert_false(jread_whole_in(cJSON_GetObjectItem(d.root, "n"), LLONG_MIN, LLONG_MAX));
    assert_true(jread_whole_in(cJSON_GetObjectItem(d.root, "m"), LLONG_MIN, LLONG_MAX));
    assert_false(jread_whole_in(cJSON_GetObjectItem(d.root, "k"), LLONG_MIN, LLONG_MAX));
    long long v = 7;
    assert_false(
        jread_number(&d.r, cJSON_GetObjectItem(d.root, "n"), "", "n", LLONG_MIN, LLONG_MAX, &v));
    assert_int_equal(v, 7);
    doc_expect_error(&d, "n: 9.22337203685478e+18 is not a whole number in "
                         "-9223372036854775808..9223372036854775807");
}

static void test_first_problem_is_kept(void **state)
{
    (void)state;
    Doc d;
    doc_parse(&d, "{\"x\":100,\"y\":\"no\",\"z\":5}");
    jread_coord(&d.r, d.root, "", "x", 80);
    jread_int(&d.r, d.root, "", "y", 0, 9);
    /* Nothing is read once failed: a good value gives the harmless lo. */
    assert_int_equal(jread_int(&d.r, d.root, "", "z", 0, 9), 0);
    assert_null(jread_object(&d.r, d.root, "", "z"));
    doc_expect_error(&d, "x: 100 is outside the map (0..79)");
}

static void test_types_of_members(void **state)
{
    (void)state;
    Doc d;
    doc_parse(&d, "{\"o\":[1]}");
    assert_null(jread_object(&d.r, d.root, "top", "o"));
    doc_expect_error(&d, "top.o: should be an object, not an array");

    doc_parse(&d, "{\"o\":{}}");
    assert_null(jread_array(&d.r, d.root, "", "o"));
    doc_expect_error(&d, "o: should be an array, not an object");

    doc_parse(&d, "{\"o\":{\"k\":1}}");
    const cJSON *o = jread_object(&d.r, d.root, "", "o");
    assert_non_null(o);
    /* A NULL object means "already reported": no second message, no crash. */
    assert_int_equal(jread_int(&d.r, NULL, "", "k", 0, 9), 0);
    doc_expect_ok(&d);
}

static void test_only_known_keys(void **state)
{
    (void)state;
    static const char *const known[] = {"a", "b", "c", NULL};
    Doc d;
    doc_parse(&d, "{\"c\":1,\"a\":2,\"b\":3}"); /* any order */
    jread_only_keys(&d.r, d.root, "s", known);
    doc_expect_ok(&d);

    doc_parse(&d, "{\"a\":1,\"bb\":2}");
    jread_only_keys(&d.r, d.root, "s", known);
    doc_expect_error(&d, "s.bb: unknown field");
}

static void test_find_in_any_order(void **state)
{
    (void)state;
    Doc d;
    doc_parse(&d, "{\"a\":1,\"b\":2,\"c\":3}");
    /* The hint starts after the last member found; a member before it is still found. */
    assert_int_equal(jread_int(&d.r, d.root, "", "b", 0, 9), 2);
    assert_int_equal(jread_int(&d.r, d.root, "", "c", 0, 9), 3);
    assert_int_equal(jread_int(&d.r, d.root, "", "a", 0, 9), 1);
    assert_null(jread_find(&d.r, d.root, "d"));
    doc_expect_ok(&d);
}

static void test_strings(void **state)
{
    (void)state;
    Doc d;
    doc_parse(&d, "{\"s\":\"Mouse\"}");
    assert_string_equal(jread_string(&d.r, d.root, "", "s", 5), "Mouse");
    doc_expect_ok(&d);

    doc_parse(&d, "{\"s\":\"Mouse\"}");
    assert_null(jread_string(&d.r, d.root, "", "s", 4));
    doc_expect_error(&d, "s: longer than 4 bytes");

    doc_parse(&d, "{\"s\":\"a\\nb\"}");
    assert_null(jread_string(&d.r, d.root, "", "s", 10));
    doc_expect_error(&d, "s: has a control character");
}

static void test_enum_names(void **state)
{
    (void)state;
    static const char *const names[] = {"none", "closed", "open", NULL};
    Doc d;
    doc_parse(&d, "{\"door\":\"open\"}");
    assert_int_equal(jread_enum(&d.r, d.root, "", "door", names, 1), 2);
    doc_expect_ok(&d);

    /* Names before `first` are not accepted. */
    doc_parse(&d, "{\"door\":\"none\"}");
    assert_int_equal(jread_enum(&d.r, d.root, "", "door", names, 1), 1);
    doc_expect_error(&d, "door: 'none' is not one of the names this game knows");

    /* The name is quoted into the message without its control characters. */
    doc_parse(&d, "{\"door\":\"aj\\u0001r\"}");
    jread_enum(&d.r, d.root, "", "door", names, 1);
    doc_expect_error(&d, "door: has a control character");
}

static void test_u64_text(void **state)
{
    (void)state;
    Doc d;
    doc_parse(&d, "{\"zero\":\"0\",\"max\":\"18446744073709551615\"}");
    assert_true(jread_u64(&d.r, d.root, "", "zero") == 0);
    assert_true(jread_u64(&d.r, d.root, "", "max") == UINT64_MAX);
    doc_expect_ok(&d);

    static const struct {
        const char *doc, *expected;
    } cases[] = {
        {"{\"v\":\"18446744073709551616\"}",
         "v: '18446744073709551616' is not a whole number in 0..18446744073709551615"},
        {"{\"v\":\"007\"}", "v: '007' is not a whole number in 0..18446744073709551615"},
        {"{\"v\":\"\"}", "v: '' is not a whole number in 0..18446744073709551615"},
        {"{\"v\":\"-1\"}", "v: '-1' is not a whole number in 0..18446744073709551615"},
        {"{\"v\":\"12a\"}", "v: '12a' is not a whole number in 0..18446744073709551615"},
        {"{\"v\":12}", "v: should be a decimal string, not a number"},
        {"{\"w\":\"1\"}", "v: missing"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        doc_parse(&d, cases[i].doc);
        assert_true(jread_u64(&d.r, d.root, "", "v") == 0);
        doc_expect_error(&d, cases[i].expected);
    }
}

static void test_int_arrays(void **state)
{
    (void)state;
    Doc d;
    int v[4] = {0};
    doc_parse(&d, "{\"r\":[1,2,30,-4]}");
    assert_true(jread_ints(&d.r, cJSON_GetObjectItem(d.root, "r"), "rooms[0]", v, 4));
    assert_int_equal(v[2], 30);
    assert_int_equal(v[3], -4);
    doc_expect_ok(&d);

    doc_parse(&d, "{\"r\":[1,2,3]}");
    assert_false(jread_ints(&d.r, cJSON_GetObjectItem(d.root, "r"), "rooms[0]", v, 4));
    doc_expect_error(&d, "rooms[0]: should be an array of 4 numbers");

    doc_parse(&d, "{\"r\":[1,2,3,\"4\"]}");
    assert_false(jread_ints(&d.r, cJSON_GetObjectItem(d.root, "r"), "rooms[0]", v, 4));
    doc_expect_error(&d, "rooms[0]: should be a whole number, not a string");
}

static void test_error_fits_small_buffer(void **state)
{
    (void)state;
    Doc d;
    doc_parse(&d, "{}");
    char small[8];
    d.r.err = small;
    d.r.err_size = sizeof small;
    jread_int(&d.r, d.root, "player.stats", "hp", 0, 9);
    assert_true(d.r.failed);
    assert_string_equal(small, "player.");
    cJSON_Delete(d.root);
}

/* Tables of fields (jread_table): the values go where the table says, inline tables share the
 * object, an optional object left out gives its numbers their fallback, and anything wrong is
 * one line naming its place. */
typedef struct Inner {
    int n;
} Inner;
typedef struct Outer {
    int count;
    int span[2];
    char name[8];
    char mark;
    Inner inner;
    int deep, deeper;
} Outer;

static const JField INNER[] = {
    {.key = "n", .type = JF_INT, .offset = offsetof(Inner, n), .lo = 0, .hi = 9}, {0}};
static const JField DEEP[] = {
    {.key = "a", .type = JF_INT, .offset = offsetof(Outer, deep), .lo = 0, .hi = 5, .fallback = -1},
    {.key = "b", .type = JF_INT, .record = 1, .offset = offsetof(Outer, deeper), .hi = 5},
    {0}};
static const JField OUTER[] = {
    {.key = "count", .type = JF_INT, .offset = offsetof(Outer, count), .lo = 1, .hi = 3},
    {.key = "span", .type = JF_RANGE, .offset = offsetof(Outer, span), .lo = 0, .hi = 10},
    {.key = "name", .type = JF_TEXT, .offset = offsetof(Outer, name), .hi = 7},
    {.key = "mark", .type = JF_CHAR, .offset = offsetof(Outer, mark), .hi = 1, .optional = true},
    {.type = JF_INLINE, .sub = INNER, .offset = offsetof(Outer, inner)},
    {.key = "deep", .type = JF_OBJECT, .sub = DEEP, .optional = true},
    {0}};

static void read_outer(Doc *d, const char *text, Outer *o)
{
    doc_parse(d, text);
    memset(o, 0, sizeof *o);
    jread_table(&d->r, d->root, "o", OUTER, &(JDest){{(char *)o, (char *)o}, NULL});
}

static void test_tables(void **state)
{
    (void)state;
    Doc d;
    Outer o;
    read_outer(&d,
               "{\"count\":2,\"span\":[1,4],\"name\":\"abc\",\"mark\":\"#\",\"n\":9,"
               "\"deep\":{\"a\":5,\"b\":4}}",
               &o);
    doc_expect_ok(&d);
    assert_int_equal(o.count, 2);
    assert_int_equal(o.span[0], 1);
    assert_int_equal(o.span[1], 4);
    assert_string_equal(o.name, "abc");
    assert_int_equal(o.mark, '#');
    assert_int_equal(o.inner.n, 9);
    assert_int_equal(o.deep, 5);
    assert_int_equal(o.deeper, 4);
    read_outer(&d, "{\"count\":1,\"span\":[0,10],\"name\":\"a\",\"n\":0}", &o);
    doc_expect_ok(&d);
    assert_int_equal(o.deep, -1); /* the fallback of a left-out optional object's number */
    static const struct {
        const char *text, *error;
    } BAD[] = {
        {"{\"count\":4,\"span\":[1,4],\"name\":\"a\",\"n\":0}",
         "o.count: 4 is not a whole number in 1..3"},
        {"{\"count\":1,\"span\":[4,1],\"name\":\"a\",\"n\":0}",
         "o.span: [4, 1] is not a range within 0..10"},
        {"{\"count\":1,\"name\":\"a\",\"n\":0}", "o.span: missing"},
        {"{\"count\":1,\"span\":[1,4],\"name\":\"\",\"n\":0}", "o.name: empty"},
        {"{\"count\":1,\"span\":[1,4],\"name\":\"a\",\"mark\":\" \",\"n\":0}",
         "o.mark: expected one printable character"},
        {"{\"count\":1,\"span\":[1,4],\"name\":\"a\",\"n\":10}",
         "o.n: 10 is not a whole number in 0..9"},
        {"{\"count\":1,\"span\":[1,4],\"name\":\"a\"}", "o.n: missing"},
        {"{\"count\":1,\"span\":[1,4],\"name\":\"a\",\"n\":0,\"m\":0}", "o.m: unknown field"},
        {"{\"count\":1,\"span\":[1,4],\"name\":\"a\",\"n\":0,\"deep\":{\"a\":0}}",
         "o.deep.b: missing"},
        {"{\"count\":1,\"span\":[1,4],\"name\":\"a\",\"n\":0,\"deep\":[]}",
         "o.deep: should be an object, not an array"},
    };
    for (size_t i = 0; i < sizeof BAD / sizeof *BAD; i++) {
        read_outer(&d, BAD[i].text, &o);
        doc_expect_error(&d, BAD[i].error);
    }
}

static void count_number(const JNumber *n, void *ctx)
{
    char *seen = ctx;
    snprintf(seen + strlen(seen), 200 - strlen(seen), "%s%s %d..%d%s", seen[0] ? ", " : "", n->path,
             n->lo, n->hi, n->optional ? "?" : "");
}

static void test_table_numbers(void **state)
{
    (void)state;
    char seen[200] = "";
    jread_table_numbers(OUTER, "o", count_number, seen);
    assert_string_equal(seen, "o.count 1..3, o.span 0..10, o.n 0..9, o.deep.a 0..5, o.deep.b 0..5");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_paths),
        cmocka_unit_test(test_int_range_edges),
        cmocka_unit_test(test_int_refusals),
        cmocka_unit_test(test_int_range_of_the_whole_type),
        cmocka_unit_test(test_first_problem_is_kept),
        cmocka_unit_test(test_types_of_members),
        cmocka_unit_test(test_only_known_keys),
        cmocka_unit_test(test_find_in_any_order),
        cmocka_unit_test(test_strings),
        cmocka_unit_test(test_enum_names),
        cmocka_unit_test(test_u64_text),
        cmocka_unit_test(test_int_arrays),
        cmocka_unit_test(test_error_fits_small_buffer),
        cmocka_unit_test(test_tables),
        cmocka_unit_test(test_table_numbers),
    };
    return RUN_TESTS(tests);
}
