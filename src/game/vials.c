/* Unlabelled vials (docs/RULES.md R-VIAL-1..7): the colours drawn from the seed, the names the
 * player knows them by, the drunk effects and the timed states they leave. */
#include "game/vials.h"

#include <stdio.h>
#include <stdlib.h>

#include "core/rng.h"
#include "game/game.h"

static const char *const COLOURS[VIAL_KINDS] = {"cloudy blue", "fizzing green", "amber",
                                                "milky white", "violet",        "smoky grey"};
static const char *const UNKNOWN[VIAL_KINDS] = {
    "Unlabelled Vial (cloudy blue)", "Unlabelled Vial (fizzing green)",
    "Unlabelled Vial (amber)",       "Unlabelled Vial (milky white)",
    "Unlabelled Vial (violet)",      "Unlabelled Vial (smoky grey)"};
static const char UNKNOWN_TEXT[] =
    "An unlabelled vial: drink it to learn what it is, for every vial of its colour.";

int vial_index(KindId kind)
{
    int i = kind - KIND_ID_HEALING_SERUM;
    return i >= 0 && i < VIAL_KINDS ? i : -1;
}

const char *vial_colour_name(int c)
{
    return c >= 0 && c < VIAL_KINDS ? COLOURS[c] : "";
}

/* R-VIAL-1: a Fisher-Yates shuffle of the six colours on the seed's own stream. */
void vials_shuffle(VialState *v, uint64_t seed)
{
    Rng rng;
    rng_seed(&rng, seed, RNG_STREAM_VIALS);
    for (int i = 0; i < VIAL_KINDS; i++)
        v->look[i] = (uint8_t)i;
    for (int i = VIAL_KINDS - 1; i > 0; i--) {
        int j = rng_range(&rng, 0, i);
        uint8_t t = v->look[i];
        v->look[i] = v->look[j];
        v->look[j] = t;
    }
}

static void name_vial(const Game *game, Entity *e)
{
    int k = vial_index(e->kind_id);
    if (k < 0)
        return;
    int c = game->vials.look[k];
    const KindDef *kind = kind_get(game->factory.kinds, e->kind_id);
    bool known = game->vials.known & (1 << k);
    e->name = known && kind ? kind->name : UNKNOWN[c];
    e->description = known && kind ? kind->description : UNKNOWN_TEXT;
    e->sprite = (SpriteId)(SPRITE_VIAL_BLUE + c);
}

const char *vials_shown_name(const Game *game, KindId kind, const char *name)
{
    int k = vial_index(kind);
    if (k < 0 || (game->vials.known & (1 << k)))
        return name;
    return UNKNOWN[game->vials.look[k]];
}

void vials_name_all(Game *game)
{
    for (int f = 0; f < FLOOR_COUNT; f++)
        if (game->floors[f])
            for (Entity *e = game->floors[f]->entities.head; e; e = e->next)
                name_vial(game, e);
    for (int i = 0; i < RULES_INVENTORY_CAP; i++)
        if (game->inventory[i])
            name_vial(game, game->inventory[i]);
}

bool vials_identify(Game *game, int index)
{
    if (index < 0 || index >= VIAL_KINDS || (game->vials.known & (1 << index)))
        return false;
    game->vials.known |= 1 << index;
    vials_name_all(game);
    return true;
}

int vials_known_count(const Game *game)
{
    int n = 0;
    for (int k = 0; k < VIAL_KINDS; k++)
        n += (game->vials.known >> k) & 1;
    return n;
}

/* R-VIAL-4: with Adrenaline every other action is free: the mice wait for the next. */
bool vials_spare_action(Game *game)
{
    if (game->vials.adrenaline <= 0)
        return false;
    game->vials.adrenaline_spare = !game->vials.adrenaline_spare;
    return game->vials.adrenaline_spare;
}

void vials_tick(Game *game)
{
    VialState *v = &game->vials;
    if (v->adrenaline > 0 && --v->adrenaline == 0) {
        v->adrenaline_spare = 0;
        msglog_add(&game->log, game->turn, "The Adrenaline wears off.");
    }
    if (v->radar > 0 && --v->radar == 0)
        msglog_add(&game->log, game->turn, "The Mouse Radar fades.");
}

bool vials_radar_shows(const Game *game, const Entity *mouse)
{
    return game->vials.radar > 0 && mouse->kind == KIND_MONSTER && !(mouse->flags & EF_REMOVED);
}

/* Drinks the vial under `letter`: used up, its kind identified and said ("It was Acid!"). */
static void drink(Game *game, int letter, Entity *item)
{
    const char *was = item->name;
    int k = vial_index(item->kind_id);
    bool news = vials_identify(game, k);
    const KindDef *kind = kind_get(game->factory.kinds, item->kind_id);
    if (news && kind)
        msglog_add_tone(&game->log, game->turn, MSG_FIND, "You drink the %s. It was %s!", was,
                        kind->name);
    else
        msglog_add(&game->log, game->turn, "You drink the %s.", item->name);
    free(game_take_item(game, letter));
}

/* R-VIAL-3: heals 30 HP (up to the maximum) and ends the player's bad states. */
bool vial_drink_serum(Game *game, int letter, Entity *item)
{
    drink(game, letter, item);
    Stats *s = &game->player->stats;
    int healed = s->max_hp - s->hp < VIAL_SERUM_HEAL ? s->max_hp - s->hp : VIAL_SERUM_HEAL;
    s->hp += healed;
    game->vials.asleep = 0;
    game->events |= GAME_EVENT_HEALED;
    msglog_add(&game->log, game->turn, "+%d HP.", healed);
    return true;
}

bool vial_drink_adrenaline(Game *game, int letter, Entity *item)
{
    drink(game, letter, item);
    game->vials.adrenaline = 10;
    game->vials.adrenaline_spare = 0;
    msglog_add(&game->log, game->turn, "Your heart races: you act twice as fast.");
    return true;
}

bool vial_drink_radar(Game *game, int letter, Entity *item)
{
    drink(game, letter, item);
    game->vials.radar = 40;
    msglog_add(&game->log, game->turn, "You sense every mouse on the floor.");
    return true;
}

bool vial_drink_sedative(Game *game, int letter, Entity *item)
{
    drink(game, letter, item);
    game->vials.asleep = 6;
    msglog_add_tone(&game->log, game->turn, MSG_WARN, "You fall asleep.");
    return true;
}

/* R-VIAL-5: every mouse on the floor hunts and knows where the player is. */
bool vial_drink_pheromone(Game *game, int letter, Entity *item)
{
    drink(game, letter, item);
    const Entity *p = game->player;
    for (Entity *e = game_floor(game)->entities.head; e; e = e->next)
        if (e->kind == KIND_MONSTER && !(e->flags & EF_REMOVED)) {
            e->mind.state = MIND_HUNTING;
            e->mind.target_x = p->x;
            e->mind.target_y = p->y;
        }
    msglog_add_tone(&game->log, game->turn, MSG_WARN, "Every mouse on the floor smells you.");
    return true;
}

/* R-VIAL-6: 8 damage; it can kill, and the death says so. */
bool vial_drink_acid(Game *game, int letter, Entity *item)
{
    drink(game, letter, item);
    Stats *s = &game->player->stats;
    s->hp = s->hp > 8 ? s->hp - 8 : 0;
    game->events |= GAME_EVENT_HURT;
    msglog_add_tone(&game->log, game->turn, MSG_HURT, "The Acid burns you: -8 HP.");
    if (s->hp == 0) {
        game->outcome = GAME_DIED;
        game->events |= GAME_EVENT_DIED;
        snprintf(game->killed_by, sizeof game->killed_by, "vial of Acid");
        msglog_add_tone(&game->log, game->turn, MSG_HURT,
                        "You die on floor %d, burnt by a vial of Acid.", game->current);
    }
    return true;
}
