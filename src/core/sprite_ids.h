/* Every sprite the game draws, by the name it has in gfx/sprites/ (one .txt per group) and
 * data/atlas.json. The engine only names sprites; src/ui maps the ids to atlas rectangles at
 * start-up and the atlas builder refuses to build an atlas that lacks any of them. */
#ifndef MK_SPRITE_IDS_H
#define MK_SPRITE_IDS_H

/* clang-format off */
#define MK_SPRITES(X) \
    X(FLOOR, "floor") \
    X(FLOOR_ALT, "floor_alt") \
    X(WALL_TOP_0, "wall_top_0") \
    X(WALL_TOP_1, "wall_top_1") \
    X(WALL_TOP_2, "wall_top_2") \
    X(WALL_TOP_3, "wall_top_3") \
    X(WALL_TOP_4, "wall_top_4") \
    X(WALL_TOP_5, "wall_top_5") \
    X(WALL_TOP_6, "wall_top_6") \
    X(WALL_TOP_7, "wall_top_7") \
    X(WALL_TOP_8, "wall_top_8") \
    X(WALL_TOP_9, "wall_top_9") \
    X(WALL_TOP_10, "wall_top_10") \
    X(WALL_TOP_11, "wall_top_11") \
    X(WALL_TOP_12, "wall_top_12") \
    X(WALL_TOP_13, "wall_top_13") \
    X(WALL_TOP_14, "wall_top_14") \
    X(WALL_TOP_15, "wall_top_15") \
    X(WALL_FACE_0, "wall_face_0") \
    X(WALL_FACE_2, "wall_face_2") \
    X(WALL_FACE_8, "wall_face_8") \
    X(WALL_FACE_10, "wall_face_10") \
    X(WALL_NOTCH_NE, "wall_notch_ne") \
    X(WALL_NOTCH_SE, "wall_notch_se") \
    X(WALL_NOTCH_SW, "wall_notch_sw") \
    X(WALL_NOTCH_NW, "wall_notch_nw") \
    X(PLAYER_RIGHT, "player_right") \
    X(PLAYER_LEFT, "player_left") \
    X(MICRO_MOUSE, "micro_mouse") \
    X(NEO_MOUSE, "neo_mouse") \
    X(TOUGH_MOUSE, "tough_mouse") \
    X(RABID_MOUSE, "rabid_mouse") \
    X(META_MOUSE, "meta_mouse") \
    X(MOUSE_KING, "mouse_king") \
    X(KEY, "key") \
    X(HEALTH_PACK, "health_pack") \
    X(CROWBAR, "crowbar") \
    X(STUN_BATON, "stun_baton") \
    X(BIKER_JACKET, "biker_jacket") \
    X(BULLETPROOF_VEST, "bulletproof_vest") \
    X(MICROCHIP, "microchip") \
    X(FLOOR_PLAN, "floor_plan") \
    X(VIAL_BLUE, "vial_blue") \
    X(VIAL_GREEN, "vial_green") \
    X(VIAL_AMBER, "vial_amber") \
    X(VIAL_WHITE, "vial_white") \
    X(VIAL_VIOLET, "vial_violet") \
    X(VIAL_GREY, "vial_grey") \
    X(STAIRS_UP, "stairs_up") \
    X(STAIRS_DOWN, "stairs_down") \
    X(DOOR_CLOSED, "door_closed") \
    X(DOOR_LOCKED, "door_locked") \
    X(DOOR_OPEN, "door_open") \
    X(CORPSE, "corpse") \
    X(CURSOR, "cursor") \
    X(PATH_DOT, "path_dot") \
    X(FX_SLASH, "fx_slash") \
    X(FX_HIT, "fx_hit") \
    X(FX_HIT_2, "fx_hit_2") \
    X(FX_MISS, "fx_miss") \
    X(UI_SELECT, "ui_select") \
    X(ICON_SOUND, "icon_sound") \
    X(ICON_MUSIC, "icon_music") \
    X(ICON_HP, "icon_hp") \
    X(ICON_ATTACK, "icon_attack") \
    X(ICON_DEFENCE, "icon_defence") \
    X(ICON_LEVEL, "icon_level") \
    X(ICON_FLOOR, "icon_floor") \
    X(ICON_XP, "icon_xp") \
    X(FRAME_TL, "frame_tl") \
    X(FRAME_T, "frame_t") \
    X(FRAME_TR, "frame_tr") \
    X(FRAME_L, "frame_l") \
    X(FRAME_C, "frame_c") \
    X(FRAME_R, "frame_r") \
    X(FRAME_BL, "frame_bl") \
    X(FRAME_B, "frame_b") \
    X(FRAME_BR, "frame_br") \
    X(APP_ICON, "app_icon") \
    X(TITLE_0, "title_0") \
    X(TITLE_1, "title_1") \
    X(TITLE_2, "title_2") \
    X(TITLE_3, "title_3") \
    X(TITLE_4, "title_4") \
    X(TITLE_5, "title_5") \
    X(TITLE_6, "title_6") \
    X(TITLE_7, "title_7") \
    X(TITLE_8, "title_8") \
    X(TITLE_9, "title_9") \
    X(TITLE_10, "title_10") \
    X(TITLE_11, "title_11") \
    X(TITLE_12, "title_12") \
    X(TITLE_13, "title_13") \
    X(TITLE_14, "title_14") \
    X(TITLE_15, "title_15") \
    X(TITLE_16, "title_16") \
    X(TITLE_17, "title_17") \
    X(TITLE_18, "title_18") \
    X(TITLE_19, "title_19") \
    X(TITLE_20, "title_20") \
    X(TITLE_21, "title_21") \
    X(TITLE_22, "title_22") \
    X(TITLE_23, "title_23") \
    X(SCALPEL, "scalpel") \
    X(FIRE_EXTINGUISHER, "fire_extinguisher") \
    X(HAZMAT_SUIT, "hazmat_suit") \
    X(LAB_GOGGLES, "lab_goggles") \
    X(JAMMER_CHIP, "jammer_chip") \
    X(CAGE, "cage") \
    X(CAGE_SHUT, "cage_shut") \
    X(CHEESE, "cheese") \
    X(SPRING_TRAP, "spring_trap") \
    X(SPRING_TRAP_SET, "spring_trap_set") \
    X(REPELLER, "repeller") \
    X(FLASH_BULB, "flash_bulb") \
    X(DARTS, "darts") \
    X(SCRAMBLER, "scrambler")
/* clang-format on */

typedef enum SpriteId {
#define MK_SPRITE_ENUM(id, name) SPRITE_##id,
    MK_SPRITES(MK_SPRITE_ENUM)
#undef MK_SPRITE_ENUM
        SPRITE_COUNT,
    /* A plain stretch of wall, for a hidden door's sprite: the map draws hidden doors with the
     * wall tile their neighbours choose (sprite_wall_tiles), never with this. */
    SPRITE_WALL_FACE = SPRITE_WALL_FACE_10
} SpriteId;

/* The atlas name of a sprite id, or NULL when out of range. */
const char *sprite_name(SpriteId id);
/* The sprite id of an atlas name (a kind's sprite in data/), or SPRITE_COUNT when none. */
SpriteId sprite_find(const char *name);

/* Pixel size of every sprite in the atlas. */
enum { SPRITE_SIZE = 16 };

/* The title picture: sprites title_0..title_23, TITLE_ART_COLS across, left to right then
 * top to bottom (SPRITE_TITLE_0 + row * TITLE_ART_COLS + col). */
enum { TITLE_ART_COLS = 6, TITLE_ART_ROWS = 4 };

/* Walls that join their neighbours. What a map cell looks like to the walls around it: */
typedef enum WallLook {
    LOOK_OPEN, /* floor, stairs, open ground */
    LOOK_WALL, /* wall, and hidden doors, which must look exactly like the wall around them */
    LOOK_DOOR  /* a door that shows: set in the wall, so the wall runs on into its frame */
} WallLook;

/* Sides of a wall tile whose neighbour continues it, as in the names wall_top_<bits> and
 * wall_face_<bits>: a rim is drawn along every other side. */
enum { WALL_JOIN_N = 1, WALL_JOIN_E = 2, WALL_JOIN_S = 4, WALL_JOIN_W = 8 };

enum { WALL_TILES_MAX = 5 };

/* The sprites that draw cell (x, y) of a width x height grid of WallLook values (cells outside
 * the grid are wall), bottom first, into `out`; returns how many. None for open cells, doors
 * and deep rock (wall with only wall around it: left black). A wall above an open cell shows
 * its face (wall_face_<bits>, joined east and west); any other its top (wall_top_<bits>),
 * then a notch (wall_notch_*) in each inner corner, where the top turns around an open
 * diagonal. Pure, so the choice is tested without a renderer. */
int sprite_wall_tiles(const unsigned char *looks, int width, int height, int x, int y,
                      SpriteId out[WALL_TILES_MAX]);

#endif
