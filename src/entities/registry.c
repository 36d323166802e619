#include <stddef.h>

#include "entities/entities.h"

const char *const ENTITY_NAMES[] = {
    "Player",           "Micro Mouse", "Neo Mouse",
    "Tough Mouse",      "Rabid Mouse", "Meta Mouse",
    "Mouse King",       "Key",         "Health Pack",
    "Crowbar",          "Stun Baton",  "Biker Jacket",
    "Bulletproof Vest", "Microchip",   "Stairs (Up)",
    "Stairs (Down)",    "Door",        "Door (Locked)",
    "Door (Hidden)",    NULL,
};

bool entities_register_all(EntityFactory *factory)
{
    return player_register(factory) && monsters_register(factory) && items_register(factory) &&
           doors_register(factory) && stairs_register(factory);
}
