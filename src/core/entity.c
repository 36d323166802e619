#include "core/entity.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

NameText name_a(const char *name, bool unique, bool capital)
{
    NameText out;
    const char *article = "a";
    if (unique)
        article = "the";
    else if (name[0] && strchr("AEIOUaeiou", name[0]))
        article = "an";
    snprintf(out.s, sizeof out.s, "%c%s %s", capital ? article[0] - 'a' + 'A' : article[0],
             article + 1, name);
    return out;
}

NameText entity_a(const Entity *e, bool capital)
{
    return name_a(e->name, (e->flags & EF_UNIQUE) != 0, capital);
}

NameText entity_the(const Entity *e, bool capital)
{
    return name_a(e->name, true, capital);
}

void entity_list_init(EntityList *list)
{
    list->head = list->tail = list->removed = NULL;
    list->count = 0;
    list->iterating = 0;
}

void entity_list_add(EntityList *list, Entity *e)
{
    e->flags &= ~(uint32_t)EF_REMOVED;
    e->prev = list->tail;
    e->next = NULL;
    if (list->tail)
        list->tail->next = e;
    else
        list->head = e;
    list->tail = e;
    list->count++;
}

static void unlink_entity(EntityList *list, Entity *e)
{
    if (e->prev)
        e->prev->next = e->next;
    else
        list->head = e->next;
    if (e->next)
        e->next->prev = e->prev;
    else
        list->tail = e->prev;
    e->prev = e->next = NULL;
}

static void move_to_removed(EntityList *list, Entity *e)
{
    unlink_entity(list, e);
    e->next = list->removed;
    list->removed = e;
}

void entity_list_remove(EntityList *list, Entity *e)
{
    if (e->flags & EF_REMOVED)
        return;
    e->flags |= EF_REMOVED;
    list->count--;
    if (!list->iterating)
        move_to_removed(list, e);
}

void entity_list_detach(EntityList *list, Entity *e)
{
    assert(!list->iterating);
    assert(!(e->flags & EF_REMOVED));
    unlink_entity(list, e);
    list->count--;
}

static void sweep_removed(EntityList *list)
{
    Entity *e = list->head;
    while (e) {
        Entity *next = e->next;
        if (e->flags & EF_REMOVED)
            move_to_removed(list, e);
        e = next;
    }
}

void entity_list_each(EntityList *list, EntityVisitFn visit, void *ctx)
{
    Entity *last = list->tail;
    list->iterating++;
    for (Entity *e = list->head; e; e = e->next) {
        if (!(e->flags & EF_REMOVED) && !visit(e, ctx))
            break;
        if (e == last)
            break;
    }
    if (--list->iterating == 0)
        sweep_removed(list);
}

void entity_list_purge(EntityList *list)
{
    Entity *e = list->removed;
    while (e) {
        Entity *next = e->next;
        if (!(e->flags & EF_PLAYER))
            free(e);
        e = next;
    }
    list->removed = NULL;
}

void entity_list_clear(EntityList *list)
{
    assert(!list->iterating);
    Entity *e = list->head;
    while (e) {
        Entity *next = e->next;
        if (e->flags & EF_PLAYER)
            e->prev = e->next = NULL;
        else
            free(e);
        e = next;
    }
    list->head = list->tail = NULL;
    list->count = 0;
    entity_list_purge(list);
}
