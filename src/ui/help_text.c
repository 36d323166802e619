/* The help's paragraphs about the kinds (help_text.h). */
#include "ui/help_text.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "game/behaviour.h"
#include "game/effects.h"
#include "game/tools.h"

/* printf onto the end of the string in out (size bytes), cut short when it is full. */
static void append(char *out, size_t size, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void append(char *out, size_t size, const char *fmt, ...)
{
    size_t n = strlen(out);
    if (n + 1 >= size)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(out + n, size - n, fmt, ap);
    va_end(ap);
}

/* The description without its leading "Name: " (or "The Name: "), which the line says first. */
static const char *own_words(const KindDef *kind)
{
    const char *d = kind->description, *colon = strstr(d, ": ");
    if (colon && colon - d <= KIND_NAME_MAX + 4 && strstr(d, kind->name) &&
        strstr(d, kind->name) < colon)
        return colon + 2;
    return d;
}

/* ", skittish (below 40% HP, every 3 turns)": the behaviour and the numbers it reads. */
static int behaviour_text(const KindDef *kind, char *out, size_t size)
{
    if (kind->behaviour == BEHAVIOUR_HUNTER)
        return 0;
    const Behaviour *b = behaviour_get(kind->behaviour);
    const BehaviourParams *p = &kind->behave;
    char nums[128] = "";
    int n = 0;
    if (b->params & BP_BELOW)
        n +=
            snprintf(nums + n, sizeof nums - (size_t)n, "%sbelow %d%% HP", n ? ", " : "", p->below);
    if (b->params & BP_EVERY)
        n += snprintf(nums + n, sizeof nums - (size_t)n, "%severy %d turns", n ? ", " : "",
                      p->every);
    if (b->params & BP_RANGE)
        n += snprintf(nums + n, sizeof nums - (size_t)n, "%srange %d", n ? ", " : "", p->range);
    if (b->params & BP_CHANCE)
        snprintf(nums + n, sizeof nums - (size_t)n, "%s%d%% of steps", n ? ", " : "", p->chance);
    return snprintf(out, size, nums[0] ? " Behaviour: %s (%s)." : " Behaviour: %s.", b->name, nums);
}

static void mouse_line(const KindDef *k, char *out, size_t size)
{
    const Stats *s = &k->stats;
    char floor[32] = "", more[160] = "";
    if (k->traits & KT_BOSS)
        snprintf(floor, sizeof floor, " (floor %d, the end)", k->first_floor);
    else if (k->first_floor > 0)
        snprintf(floor, sizeof floor, " (floor %d+)", k->first_floor);
    int n = behaviour_text(k, more, sizeof more);
    if (k->summon_every > 0 && n >= 0 && (size_t)n < sizeof more)
        snprintf(more + n, sizeof more - (size_t)n, " Calls help every %d turns.", k->summon_every);
    snprintf(out, size,
             "%s%s: %s HP %d, attack %d-%d, defence %d, hit %d%%, dodge %d%%, speed %d, "
             "XP %d.%s",
             k->name, floor, own_words(k), s->max_hp, s->attack_min, s->attack_max, s->defence,
             s->hit, s->dodge, s->speed, s->xp, more);
}

/* " Worn as armour: +3 defence, -2 sight.": the slot and the numbers not zero; the reach of
 * what it does worn (R-GEAR). */
static void worn_text(const KindDef *k, char *out, size_t size)
{
    static const char *const slots[SLOT_COUNT] = {"", "weapon", "armour", "chip"};
    static const char *const names[5] = {" attack", " defence", "% hit", "% dodge", " sight"};
    const ItemStats *s = &k->item;
    const int v[5] = {s->attack, s->defence, s->hit, s->dodge, k->sight};
    append(out, size, " Worn as %s:", slots[s->slot]);
    const char *sep = " ";
    for (int i = 0; i < 5; i++)
        if (v[i]) {
            append(out, size, "%s%+d%s", sep, v[i], names[i]);
            sep = ", ";
        }
    if (k->reach > 0)
        append(out, size, "%sreach %d", sep, k->reach);
    append(out, size, ".");
}

/* "; they stack under one letter, 4 found together" or "; 3 charges". */
static void stack_text(const KindDef *k, char *out, size_t size)
{
    if (k->stacks)
        append(out, size, "; they stack under one letter");
    if (k->stacks && k->count > 1)
        append(out, size, ", %d found together", k->count);
    else if (!k->stacks && k->count > 0)
        append(out, size, "; %d charges", k->count);
}

/* " Throw it (t) at a cell, up to 6 cells; they stack under one letter.": how a tool or a vial
 * is aimed, with a tool's stack or charges (R-THROW, R-TOOL). Nothing for other items. */
static void tool_text(const KindDef *k, char *out, size_t size)
{
    static const char *const how[] = {
        [TARGET_NONE] = " Use it from the pack, where you stand",
        [TARGET_CELL] = " Throw it (t) at a cell",
        [TARGET_ADJACENT] = " Place it (t) on a cell beside you",
        [TARGET_MOUSE] = " Throw it (t) at a mouse",
    };
    const ItemEffect *e = effect_get(k->effect);
    bool tool = k->count || k->stacks || k->turns || k->damage;
    if (e->use && e->thrown) { /* a vial */
        append(out, size, " Drink it from the pack, or throw it (t) at a cell, up to %d cells.",
               THROW_RANGE);
        return;
    }
    if (!tool || e->aim < TARGET_NONE || e->aim > TARGET_MOUSE)
        return;
    append(out, size, "%s", how[e->aim]);
    if (e->aim == TARGET_CELL || e->aim == TARGET_MOUSE)
        append(out, size, ", up to %d cells", THROW_RANGE);
    stack_text(k, out, size);
    append(out, size, ".");
}

static void item_line(const KindDef *k, char *out, size_t size)
{
    const ItemStats *s = &k->item;
    char what[240] = "";
    if (s->heal)
        append(what, sizeof what, " Heals %d.", s->heal);
    if (s->slot != SLOT_NONE && s->slot < SLOT_COUNT)
        worn_text(k, what, sizeof what);
    if (k->per_floors > 0)
        append(what, sizeof what, " +1 each every %d floors.", k->per_floors);
    if (k->heal_per_floors > 0)
        append(what, sizeof what, " +1 heal every %d floors.", k->heal_per_floors);
    tool_text(k, what, sizeof what);
    char floor[32] = "";
    if (k->loot_weight > 0)
        snprintf(floor, sizeof floor, " (floor %d+)", k->loot_floor);
    snprintf(out, size, "%s%s: %s%s", k->name, floor, own_words(k), what);
}

void help_kind_line(const KindDef *kind, char *out, size_t size)
{
    if (kind->family == KIND_MONSTER)
        mouse_line(kind, out, size);
    else
        item_line(kind, out, size);
}

int help_kind_lines(const Rules *rules, char (*out)[HELP_TEXT_MAX], int max)
{
    int n = 0;
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < rules->kinds.count && n < max; i++) {
            const KindDef *k = &rules->kinds.kinds[i];
            if (k->family == (pass == 0 ? KIND_MONSTER : KIND_ITEM))
                help_kind_line(k, out[n++], HELP_TEXT_MAX);
        }
    return n;
}
