/* What the save's writer and reader share (save.h describes the file): the names its
 * enumerations are written with, the cell characters, and the checksum. Internal to the save
 * files of src/game. */
#ifndef MK_SAVE_FORMAT_H
#define MK_SAVE_FORMAT_H

#include <stddef.h>
#include <stdint.h>

/* NULL-terminated, indexed by the game's enum values. */
extern const char *const SAVE_OUTCOME_NAMES[];  /* GameOutcome */
extern const char *const SAVE_ACTIVITY_NAMES[]; /* Activity */
extern const char *const SAVE_MIND_NAMES[];     /* MindState */
extern const char *const SAVE_SLOT_NAMES[];     /* ItemSlot */
extern const char *const SAVE_DOOR_NAMES[];     /* DoorState */

/* A cell's character in "rows": [tile][zone], tile 0 wall, 1 floor. */
extern const char SAVE_CELL_CHARS[2][5];

/* The member that ends every save: `,"checksum":"` 16 hex digits `"}`. */
#define SAVE_CHECKSUM_TAIL ",\"checksum\":\""
enum { SAVE_CHECKSUM_HEX = 16 };

/* The checksum of a document whose checksum member begins at `cut`: FNV-1a 64 of the bytes
 * before it and a closing brace. */
uint64_t save_checksum(const char *text, size_t cut);

#endif
