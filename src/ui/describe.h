/* What the player knows of a map cell, as the hover and look panels say it: a title and a
 * body, never the title twice. */
#ifndef MK_DESCRIBE_H
#define MK_DESCRIBE_H

#include <stdbool.h>
#include <stddef.h>

#include "game/game.h"

typedef struct CellText {
    char title[96];       /* "Neo Mouse", "Door (Locked)", "Floor" */
    char status[96];      /* "HP 5/9, hunting", "seen before, not in view now"; may be "" */
    char body[512];       /* the description without its "Name: " lead, as a sentence */
    const Entity *entity; /* the entity described, or NULL for a bare cell */
} CellText;

/* The entity the player knows is at (x, y): a mouse or item in view, a door or stairs once
 * seen; the most interesting first (the player, a mouse, an item, the rest). NULL if none. */
const Entity *describe_entity_at(const Game *game, int x, int y);

/* "asleep", "hunting", "searching" or "wandering". */
const char *describe_mood(const Game *game, const Entity *mouse);

/* An item's name as the pack, the sidebar and the hover show it, with what sets it apart:
 * "Tranquilizer Darts (3)" for a stack, "Ultrasonic Repeller (3 charges)" for a tool with
 * charges, "Spring Trap (set)" for a trap placed, "(caged)" / "(cage shut)" for an item in a
 * specimen locker. Other entities: their name. */
void describe_name(const Game *game, const Entity *e, char *out, size_t size);
/* A mouse's state of mind, and the state a tool put it in when there is one ("hunting,
 * dazed"). */
void describe_mouse_state(const Game *game, const Entity *mouse, char *out, size_t size);

/* false for a cell never seen (nothing is said of it). */
bool describe_cell(const Game *game, int x, int y, CellText *out);
/* describe_cell, of `chosen` when it stands on the cell and the player knows it there (a
 * sidebar row picks one entity of a cell that holds several: an item under the player). */
bool describe_cell_as(const Game *game, int x, int y, const Entity *chosen, CellText *out);

/* A description without the "Name: " that opens it, since the title says the name, and with
 * a capital letter, into out. */
void describe_body(const char *description, char *out, size_t size);

#endif
