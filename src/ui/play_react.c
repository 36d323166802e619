/* What a command did, seen and heard on the play screen: the swing and hit animations, one
 * sound for the loudest news, and what a new floor or the end of the game sets off. Nothing
 * here changes the game. */
#include "ui/app_internal.h"
#include "ui/view.h"

enum { FX_SWING_MS = 160, FX_HIT_MS = 220 };

static void add_fx(App *app, int x, int y, SpriteId sprite, Uint32 duration)
{
    Uint32 now = SDL_GetTicks();
    int slot = 0;
    for (int i = 0; i < APP_FX_MAX; i++) {
        if (SDL_TICKS_PASSED(now, app->fx[i].start + app->fx[i].duration)) {
            slot = i;
            break;
        }
        if (app->fx[i].start < app->fx[slot].start)
            slot = i; /* all busy: replace the oldest */
    }
    app->fx[slot] = (Fx){x, y, sprite, now, duration};
}

/* What the last command did, heard and seen: one sound per event, the loudest news first
 * (a death drowns out the step that led to it). */
void play_react(App *app)
{
    Game *g = &app->game;
    uint32_t ev = g->events;
    Sound *s = &app->sound;
    if (ev & GAME_EVENT_ATTACK) {
        int tx = g->player->x + g->last_dx, ty = g->player->y + g->last_dy;
        add_fx(app, tx, ty, SPRITE_FX_SLASH, FX_SWING_MS);
        if (ev & GAME_EVENT_HIT)
            add_fx(app, tx, ty, SPRITE_FX_HIT, FX_HIT_MS);
        else
            add_fx(app, tx, ty, SPRITE_FX_MISS, FX_HIT_MS);
    }
    if (ev & GAME_EVENT_HURT)
        add_fx(app, g->player->x, g->player->y, SPRITE_FX_HIT, FX_HIT_MS);

    if (ev & GAME_EVENT_DIED)
        sound_play(s, SOUND_DEATH);
    else if (ev & GAME_EVENT_WON)
        sound_play(s, SOUND_VICTORY);
    else if (ev & GAME_EVENT_FLOOR_CHANGED)
        sound_play(s, SOUND_STAIRS);
    else if (ev & GAME_EVENT_LEVEL_UP)
        sound_play(s, SOUND_LEVEL_UP);
    else if (ev & GAME_EVENT_KILL)
        sound_play(s, SOUND_MONSTER_DEATH);
    else if (ev & GAME_EVENT_FOUND)
        sound_play(s, SOUND_FOUND);
    else if (ev & GAME_EVENT_UNLOCKED)
        sound_play(s, SOUND_UNLOCK);
    else if (ev & GAME_EVENT_LOCKED)
        sound_play(s, SOUND_LOCKED);
    else {
        if (ev & GAME_EVENT_ATTACK)
            sound_play(s, ev & GAME_EVENT_HIT ? SOUND_HIT : SOUND_MISS);
        if (ev & GAME_EVENT_HURT)
            sound_play(s, SOUND_HURT);
        if (ev & GAME_EVENT_DOOR_OPENED)
            sound_play(s, SOUND_DOOR_OPEN);
        if (ev & GAME_EVENT_PICKUP)
            sound_play(s, SOUND_PICKUP);
        if (ev & GAME_EVENT_EQUIPPED)
            sound_play(s, SOUND_EQUIP);
        if (ev & GAME_EVENT_HEALED)
            sound_play(s, SOUND_HEAL);
        if (ev & GAME_EVENT_SEARCHED)
            sound_play(s, SOUND_SEARCH);
        if ((ev & GAME_EVENT_STEP) && !(ev & (GAME_EVENT_HURT | GAME_EVENT_PICKUP)))
            sound_play(s, SOUND_STEP);
        if ((ev & GAME_EVENT_BLOCKED) && !(ev & GAME_EVENT_ATTACK))
            sound_play(s, SOUND_BUMP);
    }
    if (ev & GAME_EVENT_FLOOR_CHANGED) {
        app_save_game(app);
        app->blank_until = SDL_GetTicks() + APP_FLOOR_BLANK_MS;
        app->looking = false;
        view_recentre(&app->view);
        sound_music(s, g->current == MAX_FLOORS ? MUSIC_KING : MUSIC_FLOOR);
    }
    if (g->outcome != GAME_PLAYING) {
        app->overlay = OVERLAY_NONE;
        screens_game_over(app);
    }
}

/* A swing or hit still on screen (and one more frame after, to clear it). */
bool play_fx_running(const App *app, Uint32 now)
{
    for (int i = 0; i < APP_FX_MAX; i++)
        if (app->fx[i].duration &&
            !SDL_TICKS_PASSED(now, app->fx[i].start + app->fx[i].duration + 20))
            return true;
    return false;
}

void play_draw_fx(App *app)
{
    Uint32 now = SDL_GetTicks();
    for (int i = 0; i < APP_FX_MAX; i++) {
        Fx *fx = &app->fx[i];
        if (!fx->duration || SDL_TICKS_PASSED(now, fx->start + fx->duration))
            continue;
        /* The hit burst grows out of its first frame into the second half way through. */
        SpriteId sprite = fx->sprite;
        if (sprite == SPRITE_FX_HIT && now - fx->start > fx->duration / 2)
            sprite = SPRITE_FX_HIT_2;
        PathCell cell = {(int16_t)fx->x, (int16_t)fx->y};
        view_draw_marks(&app->view, &cell, 1, sprite);
    }
}
