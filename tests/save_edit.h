/* Editing a save as a hostile player would: change one value and make the checksum right
 * again, so that what a test tries is the value and not the checksum. For the save tests. */
#ifndef MK_SAVE_EDIT_H
#define MK_SAVE_EDIT_H

#include <cjson/cJSON.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test_support.h"

/* The checksum as save.h defines it, computed here on its own: FNV-1a 64 of the document
 * without its checksum member. */
static inline uint64_t fnv1a(const char *data, size_t len)
{
    uint64_t h = 0xcbf29ce484222325ULL;
    for (size_t i = 0; i < len; i++) {
        h ^= (unsigned char)data[i];
        h *= 0x100000001b3ULL;
    }
    return h;
}

/* The tree as a save with a correct checksum, so that what is tested is the value edited and
 * not the checksum. */
static inline char *signed_text(cJSON *root)
{
    cJSON_DeleteItemFromObjectCaseSensitive(root, "checksum");
    char *body = cJSON_PrintUnformatted(root);
    assert_non_null(body);
    size_t n = strlen(body);
    char *text = malloc(n + 64);
    assert_non_null(text);
    memcpy(text, body, n - 1);
    snprintf(text + n - 1, 64, ",\"checksum\":\"%016" PRIx64 "\"}", fnv1a(body, n));
    free(body);
    return text;
}

/* The item at a path like "floors/1/entities/3/x" (numbers index arrays). */
static inline cJSON *item_at(cJSON *root, const char *path, cJSON **parent, char *last,
                             size_t last_size)
{
    char buf[256];
    snprintf(buf, sizeof buf, "%s", path);
    cJSON *at = root, *up = NULL;
    for (char *part = strtok(buf, "/"); part; part = strtok(NULL, "/")) {
        up = at;
        snprintf(last, last_size, "%s", part);
        at = cJSON_IsArray(at) ? cJSON_GetArrayItem(at, atoi(part))
                               : cJSON_GetObjectItemCaseSensitive(at, part);
        *parent = up;
        if (!at)
            return NULL;
    }
    return at;
}

/* The save with the value at `path` replaced by `json` (NULL: removed), signed again. */
static inline char *edited(const char *text, const char *path, const char *json)
{
    cJSON *root = cJSON_Parse(text);
    assert_non_null(root);
    cJSON *parent;
    char last[64];
    parent = NULL;
    bool there = item_at(root, path, &parent, last, sizeof last);
    if (!there && json && cJSON_IsObject(parent) &&
        !cJSON_GetObjectItemCaseSensitive(parent, last)) { /* a field the save never has */
        cJSON_AddItemToObject(parent, last, cJSON_Parse(json));
    } else if (!there) {
        fail_msg("no %s in the save", path);
    } else if (!json) {
        if (cJSON_IsArray(parent))
            cJSON_DeleteItemFromArray(parent, atoi(last));
        else
            cJSON_DeleteItemFromObjectCaseSensitive(parent, last);
    } else {
        cJSON *value = cJSON_Parse(json);
        if (!value)
            fail_msg("bad test value %s", json);
        if (cJSON_IsArray(parent))
            cJSON_ReplaceItemInArray(parent, atoi(last), value);
        else
            cJSON_ReplaceItemInObjectCaseSensitive(parent, last, value);
    }
    char *out = signed_text(root);
    cJSON_Delete(root);
    return out;
}

#endif
