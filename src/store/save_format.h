/* What the save's writer and reader share (save.h describes the file): the tables of fields
 * both walk, the names its enumerations are written with, the cell characters, and the
 * checksum. Internal to the save files of src/store. */
#ifndef MK_SAVE_FORMAT_H
#define MK_SAVE_FORMAT_H

#include <cjson/cJSON.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/jread.h"

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

/* ---- The tables ----
 * Each object of the file is one table of fields, in the order the writer writes them; the
 * writer (save_write_fields) and the reader (save_read_fields) both walk it, so a field is
 * written and read by the same line, and the reader's list of known keys is the table's. A
 * field is a key, a type, where its value lives in the C structure (offsetof), and bounds. */
typedef enum SaveType {
    SAVE_INT,    /* a whole number in lo..hi */
    SAVE_ID,     /* an entity id: 1..next_id - 1 ("is not below next_id") */
    SAVE_COORD,  /* a map coordinate: 0..hi ("is outside the map") */
    SAVE_U64,    /* a 64-bit value written as a decimal string */
    SAVE_ENUM,   /* one of names[first..]; written as its name */
    SAVE_STRING, /* a char array: at most its size - 1 bytes, no control characters */
    SAVE_TRUE,   /* true when the bit `bit` is set (a bool when bit is 0), else left out */
    SAVE_OBJECT, /* a nested object, its own table at offset */
    SAVE_PART    /* written and read by a named function of the caller's: arrays, kinds */
} SaveType;

/* A bound known only while reading (SaveReader.vars), for lo_var / hi_var. */
typedef enum SaveVar {
    SV_NONE,
    SV_TURN,      /* the game's turn */
    SV_TURN_NEXT, /* the turn + 1 */
    SV_ID_LAST,   /* next_id - 1: the highest id given */
    SV_HP_LO,     /* 0 for the player, 1 for a mouse (a dead mouse is not saved) */
    SV_COUNT
} SaveVar;

enum {
    SAVE_OMIT_ZERO = 1, /* written only when not zero; absent reads as zero */
    SAVE_MAY_LACK = 2   /* always written; absent (saves made before it) reads as zero */
};

typedef struct SaveTable SaveTable;

typedef struct SaveField {
    const char *key;
    SaveType type;
    size_t offset, size;
    bool is_unsigned; /* of its C type */
    long long lo, hi;
    SaveVar lo_var, hi_var;      /* when set, the bound is the reader's value */
    const char *lo_key, *hi_key; /* when set, the bound is that field's value (read first) */
    const char *const *names;    /* SAVE_ENUM, from index `first` */
    int first;
    uint32_t bit;           /* SAVE_TRUE */
    const SaveTable *table; /* SAVE_OBJECT */
    int part;               /* SAVE_PART: a SavePart */
    int when;               /* SAVE_OMIT_ZERO, SAVE_MAY_LACK */
    /* Called once the value is read and in range, for what a range cannot say; `at` is the
     * field's place, s the structure. */
    void (*check)(JRead *r, const char *at, const void *s);
} SaveField;

struct SaveTable {
    const SaveField *fields;
    int count;
};

/* The special members, by the table that holds them. */
typedef enum SavePart {
    PART_FORMAT, /* the top: written by the writer, checked first by check_envelope */
    PART_DUNGEON_VERSION,
    PART_FLOOR_SEEDS,
    PART_COMMANDS,
    PART_FLOOR_STATS,
    PART_PLAYER,
    PART_INVENTORY,
    PART_EQUIPPED,
    PART_LOG,
    PART_FLOORS,
    PART_CHECKSUM,
    PART_BY_KIND, /* counters */
    PART_ENTRIES, /* log */
    PART_NAME,    /* an entity's factory name, a mark's kind name */
    PART_DOOR,    /* a door's state, with its name */
    PART_ROWS,    /* floors */
    PART_SEEN,
    PART_ROOMS,
    PART_ARRIVAL,
    PART_PLAYER_AT,
    PART_ENTITIES,
    PART_MEMORY
} SavePart;

/* The top of the file: a Game. */
extern const SaveTable SAVE_GAME;
/* Objects of a Game, and what they hold. */
extern const SaveTable SAVE_COUNTERS, SAVE_RNGS, SAVE_RNG, SAVE_PLAYER, SAVE_STATS;
/* The entities, by kind (an Entity each); the pack's items are SAVE_ITEM_ENTITY. */
extern const SaveTable SAVE_MOUSE, SAVE_ITEM_ENTITY, SAVE_DOOR, SAVE_STAIRS, SAVE_MIND, SAVE_ITEM;
/* The log (a MessageLog) and its entries (LogEntry). */
extern const SaveTable SAVE_LOG, SAVE_LOG_ENTRY;
/* A floor: its head (SaveFloorHead) and the parts that follow; its memory's marks. */
extern const SaveTable SAVE_FLOOR, SAVE_ITEM_MARK, SAVE_MOUSE_MARK;

/* What a floor's object begins with: the floor is made from these before its cells. */
typedef struct SaveFloorHead {
    int number, width, height;
} SaveFloorHead;

/* The field's value in the structure s, and storing one there. */
long long save_field_value(const void *s, const SaveField *f);
void save_field_store(void *s, const SaveField *f, long long v);
/* The field `key` of t (it must be there). */
const SaveField *save_field_named(const SaveTable *t, const char *key);

/* The table of an entity of this kind (an EntityKind). */
const SaveTable *save_entity_table(int kind);

/* ---- Walking a table ---- */

typedef struct SaveWriter {
    bool ok;   /* false once cJSON ran out of memory: nothing more is added */
    char *row; /* scratch: one map row */
} SaveWriter;

/* Writes a part: its member(s) into o. s is the structure being written. */
typedef void SaveWritePart(void *ctx, int part, cJSON *o, const void *s);

/* Adds t's fields of the structure s to o, in the table's order. */
void save_write_fields(SaveWriter *w, cJSON *o, const SaveTable *t, const void *s,
                       SaveWritePart *part, void *ctx);

struct SaveReader;
/* Reads a part from o, whose place is at, into s. */
typedef void SaveReadPart(void *ctx, int part, const cJSON *o, const char *at, void *s);

/* Reads t's fields from o (its place `at`) into s: no member beside them, each there (unless
 * it may be left out) and in its bounds. Fields are read in the table's order, except that a
 * field another's bound names is read before it. */
void save_read_fields(struct SaveReader *r, const cJSON *o, const char *at, const SaveTable *t,
                      void *s, SaveReadPart *part, void *ctx);

#endif
