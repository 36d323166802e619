/* Thrown vials (docs/RULES.md R-VIAL-8): a vial shatters where it lands and its effect hits the
 * mice within 1 cell. Seeing it work identifies the kind, as drinking does. */
#include <stdlib.h>

#include "game/game.h"
#include "game/tools.h"
#include "game/vials.h"

enum { SPLASH_REACH = 1 };

/* What the player sees a splash do to a mouse, when she sees the mouse. */
static const char *const SEEN[VIAL_KINDS] = {
    "%s looks refreshed.", "%s twitches and speeds up!", NULL,
    "%s falls asleep.",    "%s reeks of pheromone.",     NULL /* the Acid's hurt says it */};

/* What one vial kind does to a mouse it hits: true when it shows (the kind is then known). */
static bool splash_one(Game *game, int k, const KindDef *kind, Entity *m)
{
    bool king = m->flags & EF_UNIQUE;
    bool shown = k >= 0 && k < VIAL_KINDS && SEEN[k] && !(king && (k == 3 || k == 4));
    if (shown && game_cell_visible(game, m->x, m->y))
        msglog_add(&game->log, game->turn, SEEN[k], entity_the(m, true).s);
    switch (k) {
    case 0: /* Healing Serum heals the mice: a lesson */
        m->stats.hp = m->stats.hp + VIAL_SERUM_HEAL < m->stats.max_hp
                          ? m->stats.hp + VIAL_SERUM_HEAL
                          : m->stats.max_hp;
        return true;
    case 1: m->mind.fx.hasted = kind->turns; return true;
    case 2: return false; /* Mouse Radar: nothing */
    case 3:
        if (!king)
            m->mind.fx.asleep = kind->turns;
        return !king;
    case 4:
        if (!king)
            m->mind.fx.marked = kind->turns;
        return !king;
    case 5: game_hurt_mouse(game, m, kind->damage, "The Acid burns"); return true;
    default: return false;
    }
}

void vial_splash(Game *game, int letter, Entity *item, int x, int y, Entity *mouse)
{
    (void)mouse;
    int k = vial_index(item->kind_id);
    const KindDef *kind = kind_get(game->factory.kinds, item->kind_id);
    Entity *hit[GAME_MICE_ACT_MAX];
    int n = tool_mice_near(game, x, y, SPLASH_REACH, hit, GAME_MICE_ACT_MAX);
    msglog_add(&game->log, game->turn, "The %s shatters.", item->name);
    bool shown = false;
    for (int i = 0; i < n && kind; i++)
        shown |= splash_one(game, k, kind, hit[i]);
    if (shown && game_cell_visible(game, x, y) && kind && vials_identify(game, k))
        msglog_add_tone(&game->log, game->turn, MSG_FIND, "It was %s!", kind->name);
    game_use_one(game, letter);
}
