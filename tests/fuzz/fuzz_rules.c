/* data/rules.json: rules_parse on any bytes. Accepted rules must hold what the game relies on. */
#include <stddef.h>
#include <stdint.h>

#include "core/floor.h"
#include "fuzz_check.h"
#include "game/rules.h"

static void check_fighter(const Stats *s)
{
    FUZZ_REQUIRE(s->hp >= 1 && s->hp == s->max_hp);
    FUZZ_REQUIRE(s->attack_min >= 0 && s->attack_min <= s->attack_max);
    FUZZ_REQUIRE(s->sight >= 1 && s->speed >= 1);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static Rules rules;
    char err[RULES_ERROR_MAX];
    fuzz_err_prepare(err, sizeof err);
    if (!rules_parse(&rules, (const char *)data, size, err, sizeof err)) {
        fuzz_err_check(err, sizeof err);
        return 0;
    }
    check_fighter(&rules.player);
    FUZZ_REQUIRE(rules.level_count >= 1 && rules.level_count <= RULES_MAX_LEVELS);
    for (int i = 1; i < rules.level_count; i++)
        FUZZ_REQUIRE(rules.level_xp[i] > rules.level_xp[i - 1]);
    FUZZ_REQUIRE(rules.inventory_limit >= 1 && rules.inventory_limit <= RULES_INVENTORY_CAP);
    FUZZ_REQUIRE(rules.monster_count >= 1 && rules.monster_count <= RULES_MAX_MONSTERS);
    FUZZ_REQUIRE(rules.item_count >= 1 && rules.item_count <= RULES_MAX_ITEMS);
    for (int i = 0; i < rules.monster_count; i++) {
        const MonsterRules *m = &rules.monsters[i];
        check_fighter(&m->stats);
        FUZZ_REQUIRE(rules_monster(&rules, m->name) == m);
        FUZZ_REQUIRE(m->summon_count >= 0 && m->summon_count <= RULES_MAX_SUMMONS);
        for (int k = 0; k < m->summon_count; k++)
            FUZZ_REQUIRE(rules_monster(&rules, m->summons[k]) != NULL);
    }
    for (int i = 0; i < rules.item_count; i++)
        FUZZ_REQUIRE(rules_item(&rules, rules.items[i].name) == &rules.items[i]);
    /* The kind table the factory makes entities from: every mouse and item described, drawn
     * and placed, and one boss. */
    int bosses = 0;
    FUZZ_REQUIRE(rules.kinds.count >= KIND_BUILTIN_COUNT && rules.kinds.count <= KIND_MAX);
    for (KindId k = 0; k < rules.kinds.count; k++) {
        const KindDef *d = &rules.kinds.kinds[k];
        FUZZ_REQUIRE(d->name[0] && d->description[0]);
        FUZZ_REQUIRE(d->sprite >= 0 && d->sprite < SPRITE_COUNT);
        FUZZ_REQUIRE(d->glyph > ' ' && d->glyph <= '~');
        if (d->family == KIND_MONSTER)
            FUZZ_REQUIRE(d->first_floor >= 1 && d->first_floor <= MAX_FLOORS);
        bosses += kind_is_boss(&rules.kinds, k);
    }
    FUZZ_REQUIRE(bosses == 1);
    return 0;
}
