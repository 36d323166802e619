/* Every sprite the game draws, by the name it has in gfx/sprites/ (one .txt per group) and
 * data/atlas.json. The engine only names sprites; src/ui maps the ids to atlas rectangles at
 * start-up and the atlas builder refuses to build an atlas that lacks any of them. */
#ifndef MK_SPRITE_IDS_H
#define MK_SPRITE_IDS_H

/* clang-format off */
#define MK_SPRITES(X) \
    X(FLOOR, "floor") \
    X(FLOOR_ALT, "floor_alt") \
    X(WALL_TOP, "wall_top") \
    X(WALL_FACE, "wall_face") \
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
    X(STAIRS_UP, "stairs_up") \
    X(STAIRS_DOWN, "stairs_down") \
    X(DOOR_CLOSED, "door_closed") \
    X(DOOR_LOCKED, "door_locked") \
    X(DOOR_OPEN, "door_open") \
    X(CORPSE, "corpse") \
    X(CURSOR, "cursor") \
    X(PATH_DOT, "path_dot") \
    X(FX_SLASH, "fx_slash") \
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
    X(APP_ICON, "app_icon")
/* clang-format on */

typedef enum SpriteId {
#define MK_SPRITE_ENUM(id, name) SPRITE_##id,
    MK_SPRITES(MK_SPRITE_ENUM)
#undef MK_SPRITE_ENUM
        SPRITE_COUNT
} SpriteId;

/* The atlas name of a sprite id, or NULL when out of range. */
const char *sprite_name(SpriteId id);

/* Pixel size of every sprite in the atlas. */
enum { SPRITE_SIZE = 16 };

#endif
