/* Unlabelled vials (docs/RULES.md R-VIAL-1..7): six kinds whose colours are shuffled per seed,
 * known by name once one of a kind is drunk, and the timed states they leave on the player. */
#ifndef MK_VIALS_H
#define MK_VIALS_H

#include <stdbool.h>
#include <stdint.h>

#include "core/entity.h"

struct Game;

enum {
    VIAL_KINDS = 6,
    VIAL_SERUM_HEAL = 30 /* R-VIAL-3: what the Healing Serum heals, drunk or thrown */
};

/* What the vials of one game are: the colour of each kind (drawn from the seed), which kinds
 * are known, and the player's timed states. Everything but `look` is saved. */
typedef struct VialState {
    uint8_t look[VIAL_KINDS]; /* colour index of each kind, a permutation fixed by the seed */
    int known;                /* bit k: vial kind k identified */
    int adrenaline;           /* turns of double speed left */
    int adrenaline_spare;     /* 1: the next action is the free one of an Adrenaline turn */
    int radar;                /* turns left in which every mouse on the floor is shown */
    int asleep;               /* turns left that the player sleeps (the mice act) */
} VialState;

/* The vial kind (0..5, Healing Serum first) of an item kind, or -1 when it is no vial. */
int vial_index(KindId kind);
/* The colour's name ("amber") of colour index c. */
const char *vial_colour_name(int c);
/* Draws the colours of the kinds from the seed's own stream (RNG_STREAM_VIALS). */
void vials_shuffle(VialState *v, uint64_t seed);
/* Gives every vial in the game (each floor visited and the pack) its shown name, sprite and
 * description: "Unlabelled Vial (amber)" until its kind is known. */
void vials_name_all(struct Game *game);
/* The name the player knows a thing of `kind` by, for what she remembers: an unknown vial's
 * colour ("Unlabelled Vial (amber)"); `name` itself for anything else. */
const char *vials_shown_name(const struct Game *game, KindId kind, const char *name);
/* Marks a vial kind known, renames every vial of it; true when it was not known before. */
bool vials_identify(struct Game *game, int index);
/* How many vial kinds are known. */
int vials_known_count(const struct Game *game);
/* Called once the player has acted: true when the mice skip this turn (the free action of
 * Adrenaline). */
bool vials_spare_action(struct Game *game);
/* Called at the end of each counted turn: the timed states count down. */
void vials_tick(struct Game *game);
/* True when `mouse` is shown to the player while out of sight (Mouse Radar). */
bool vials_radar_shows(const struct Game *game, const Entity *mouse);

/* The drunk effects, for the effect table (game/effects.c). */
bool vial_drink_serum(struct Game *game, int letter, Entity *item);
bool vial_drink_adrenaline(struct Game *game, int letter, Entity *item);
bool vial_drink_radar(struct Game *game, int letter, Entity *item);
bool vial_drink_sedative(struct Game *game, int letter, Entity *item);
bool vial_drink_pheromone(struct Game *game, int letter, Entity *item);
bool vial_drink_acid(struct Game *game, int letter, Entity *item);

#endif
