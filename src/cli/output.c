#include "cli/output.h"

#include <inttypes.h>
#include <stdarg.h>

#include "core/errline.h"

bool output_add_u64(cJSON *o, const char *key, uint64_t v)
{
    char text[24];
    snprintf(text, sizeof text, "%" PRIu64, v);
    /* Raw: the digits go into the output as they are, never through a double. */
    cJSON *raw = cJSON_CreateRaw(text);
    if (!raw)
        return false;
    if (!cJSON_AddItemToObject(o, key, raw)) {
        cJSON_Delete(raw);
        return false;
    }
    return true;
}
