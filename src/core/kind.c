#include "core/kind.h"

#include <string.h>

const KindDef *kind_get(const KindTable *table, KindId id)
{
    return table && id >= 0 && id < table->count ? &table->kinds[id] : NULL;
}

KindId kind_find(const KindTable *table, const char *name)
{
    for (int i = 0; name && table && i < table->count; i++)
        if (strcmp(table->kinds[i].name, name) == 0)
            return i;
    return KIND_NONE;
}

bool kind_is_mouse(const KindTable *table, KindId id)
{
    const KindDef *k = kind_get(table, id);
    return k && k->family == KIND_MONSTER;
}

bool kind_is_boss(const KindTable *table, KindId id)
{
    const KindDef *k = kind_get(table, id);
    return k && (k->traits & KT_BOSS);
}

KindId kind_boss(const KindTable *table)
{
    for (int i = 0; table && i < table->count; i++)
        if (table->kinds[i].traits & KT_BOSS)
            return i;
    return KIND_NONE;
}

ItemStats kind_item_stats(const KindDef *kind, int floor)
{
    ItemStats s = kind->item;
    int up = kind->per_floors ? floor / kind->per_floors : 0;
    /* Only what it gives grows: a penalty (a negative hit) stays as it is. */
    s.attack += s.attack > 0 ? up : 0;
    s.defence += s.defence > 0 ? up : 0;
    s.hit += s.hit > 0 ? up * 5 : 0;
    s.dodge += s.dodge > 0 ? up * 5 : 0;
    s.heal += kind->heal_per_floors ? floor / kind->heal_per_floors : 0;
    s.floor = floor;
    s.count = kind->count;
    return s;
}

void kind_apply(const KindDef *kind, Entity *e, int floor)
{
    e->name = kind->name;
    e->description = kind->description;
    e->kind = kind->family;
    e->sprite = kind->sprite;
    e->glyph = kind->glyph;
    e->flags = kind->flags;
    e->on_touch = kind->touch;
    e->door = kind->door;
    if (kind->family == KIND_PLAYER) {
        e->stats = kind->stats;
    } else if (kind->family == KIND_MONSTER) {
        e->stats = kind->stats;
        e->mind = (Mind){.state = MIND_DORMANT, .summon_timer = kind->summon_every};
    } else if (kind->family == KIND_ITEM) {
        e->item = kind_item_stats(kind, floor);
    }
}
