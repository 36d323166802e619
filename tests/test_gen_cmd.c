/* `mouseking gen` output in the formats docs/ARCHITECTURE.md fixes. */
#define _POSIX_C_SOURCE 200809L
#include "test_support.h"

#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/gen_cmd.h"
#include "core/map.h"
#include "entities/entities.h"
#include "game/vials.h"

static char *run(CliOptions *o)
{
    char *text = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&text, &size);
    assert_int_equal(gen_cmd_run(o, out), 0);
    fclose(out);
    return text;
}

static bool legend_char(char c)
{
    return strchr("#.+'LH<>@mKk!)[*?(", c) != NULL;
}

static void all_prints_fourteen_floors_in_order(void **state)
{
    (void)state;
    CliOptions o = {.command = CLI_GEN, .has_seed = true, .seed = 1, .all = true, .floor = -1};
    char *text = run(&o);
    char *save = NULL;
    int floor = -1, rows = 0;
    for (char *line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        if (strncmp(line, "floor ", 6) == 0) {
            if (floor >= 0)
                assert_int_equal(rows, MAP_HEIGHT);
            assert_int_equal(atoi(line + 6), floor + 1);
            floor++;
            rows = 0;
            continue;
        }
        assert_int_equal(strlen(line), MAP_WIDTH);
        for (const char *c = line; *c; c++)
            assert_true(legend_char(*c));
        rows++;
    }
    assert_int_equal(floor, 13);
    assert_int_equal(rows, MAP_HEIGHT);
    free(text);
}

static void json_has_every_field(void **state)
{
    (void)state;
    CliOptions o = {.command = CLI_GEN,
                    .has_seed = true,
                    .seed = 9007199254740993ULL,
                    .floor = 13,
                    .format = GEN_FORMAT_JSON};
    char *text = run(&o);
    assert_non_null(strstr(text, "\"seed\":9007199254740993")); /* exact past 2^53 */
    cJSON *j = cJSON_Parse(text);
    assert_non_null(j);
    assert_int_equal(cJSON_GetObjectItem(j, "floor")->valueint, 13);
    assert_int_equal(cJSON_GetObjectItem(j, "width")->valueint, MAP_WIDTH);
    assert_int_equal(cJSON_GetObjectItem(j, "height")->valueint, MAP_HEIGHT);
    cJSON *rows = cJSON_GetObjectItem(j, "rows");
    assert_int_equal(cJSON_GetArraySize(rows), MAP_HEIGHT);
    assert_int_equal(strlen(cJSON_GetArrayItem(rows, 0)->valuestring), MAP_WIDTH);
    cJSON *rooms = cJSON_GetObjectItem(j, "rooms");
    assert_true(cJSON_GetArraySize(rooms) >= 5);
    assert_non_null(cJSON_GetObjectItem(cJSON_GetArrayItem(rooms, 0), "w"));
    cJSON *entities = cJSON_GetObjectItem(j, "entities");
    bool king = false;
    cJSON *e;
    cJSON_ArrayForEach(e, entities)
    {
        const char *name = cJSON_GetObjectItem(e, "name")->valuestring;
        int x = cJSON_GetObjectItem(e, "x")->valueint, y = cJSON_GetObjectItem(e, "y")->valueint;
        char cell = cJSON_GetArrayItem(rows, y)->valuestring[x];
        if (strcmp(name, "Mouse King") == 0) {
            king = true;
            assert_int_equal(cell, 'K');
        }
        if (strcmp(name, "Stairs (Down)") == 0)
            assert_int_equal(cell, '>');
    }
    assert_true(king);
    cJSON_Delete(j);
    free(text);
}

/* "hidden_doors" counts the floor's hidden doors: the H cells of its rows. */
static void json_counts_the_hidden_doors(void **state)
{
    (void)state;
    CliOptions o = {
        .command = CLI_GEN, .has_seed = true, .seed = 1, .floor = 4, .format = GEN_FORMAT_JSON};
    char *text = run(&o);
    cJSON *j = cJSON_Parse(text);
    assert_non_null(j);
    int cells = 0;
    cJSON *row;
    cJSON_ArrayForEach(row, cJSON_GetObjectItem(j, "rows"))
    {
        for (const char *c = row->valuestring; *c; c++)
            cells += *c == 'H';
    }
    assert_true(cells > 0);
    assert_int_equal(cJSON_GetObjectItem(j, "hidden_doors")->valueint, cells);
    cJSON_Delete(j);
    free(text);
}

/* R-VIAL-1: a vial is listed by its kind with its colour in a game of the seed. */
static void json_lists_a_vials_appearance(void **state)
{
    (void)state;
    VialState v;
    vials_shuffle(&v, 3);
    int vials = 0;
    for (int f = 1; f <= 4; f++) {
        CliOptions o = {
            .command = CLI_GEN, .has_seed = true, .seed = 3, .floor = f, .format = GEN_FORMAT_JSON};
        char *text = run(&o);
        cJSON *j = cJSON_Parse(text), *e;
        assert_non_null(j);
        cJSON_ArrayForEach(e, cJSON_GetObjectItem(j, "entities"))
        {
            const cJSON *look = cJSON_GetObjectItem(e, "appearance");
            const char *name = cJSON_GetObjectItem(e, "name")->valuestring;
            int k = vial_index(kind_find(kinds_builtin(), name));
            assert_int_equal(look != NULL, k >= 0);
            if (look) {
                assert_string_equal(look->valuestring, vial_colour_name(v.look[k]));
                vials++;
            }
        }
        cJSON_Delete(j);
        free(text);
    }
    assert_true(vials > 0);
}

static void one_floor_prints_only_its_rows(void **state)
{
    (void)state;
    CliOptions o = {.command = CLI_GEN, .has_seed = true, .seed = 5, .floor = 0};
    char *text = run(&o);
    assert_int_equal(strlen(text), (MAP_WIDTH + 1) * MAP_HEIGHT);
    assert_null(strstr(text, "floor"));
    free(text);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(all_prints_fourteen_floors_in_order),
        cmocka_unit_test(json_has_every_field),
        cmocka_unit_test(json_counts_the_hidden_doors),
        cmocka_unit_test(json_lists_a_vials_appearance),
        cmocka_unit_test(one_floor_prints_only_its_rows),
    };
    return RUN_TESTS(tests);
}
