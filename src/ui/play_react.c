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

/* The swing at the cell attacked, its hit or miss, and a hit on the player. */
static void show_blows(App *app, uint32_t ev)
{
    const Game *g = &app->game;
    if (ev & GAME_EVENT_ATTACK) {
        int tx = g->player->x + g->last_dx, ty = g->player->y + g->last_dy;
        add_fx(app, tx, ty, SPRITE_FX_SLASH, FX_SWING_MS);
        add_fx(app, tx, ty, ev & GAME_EVENT_HIT ? SPRITE_FX_HIT : SPRITE_FX_MISS, FX_HIT_MS);
    }
    if (ev & GAME_EVENT_HURT)
        add_fx(app, g->player->x, g->player->y, SPRITE_FX_HIT, FX_HIT_MS);
}

/* A sound for the events that hold all of `all` and none of `unless`. */
typedef struct EventSound {
    uint32_t all, unless;
    SoundId sound;
} EventSound;

/* The news, loudest first: only the first that happened is heard. */
static const EventSound NEWS[] = {
    {GAME_EVENT_DIED, 0, SOUND_DEATH},           {GAME_EVENT_WON, 0, SOUND_VICTORY},
    {GAME_EVENT_FLOOR_CHANGED, 0, SOUND_STAIRS}, {GAME_EVENT_LEVEL_UP, 0, SOUND_LEVEL_UP},
    {GAME_EVENT_KILL, 0, SOUND_MONSTER_DEATH},   {GAME_EVENT_FOUND, 0, SOUND_FOUND},
    {GAME_EVENT_UNLOCKED, 0, SOUND_UNLOCK},      {GAME_EVENT_LOCKED, 0, SOUND_LOCKED}};

/* Without news, each of these that happened is heard, in this order. */
static const EventSound NOISES[] = {
    {GAME_EVENT_ATTACK | GAME_EVENT_HIT, 0, SOUND_HIT},
    {GAME_EVENT_ATTACK, GAME_EVENT_HIT, SOUND_MISS},
    {GAME_EVENT_HURT, 0, SOUND_HURT},
    {GAME_EVENT_DOOR_OPENED, 0, SOUND_DOOR_OPEN},
    {GAME_EVENT_PICKUP, 0, SOUND_PICKUP},
    {GAME_EVENT_EQUIPPED, 0, SOUND_EQUIP},
    {GAME_EVENT_HEALED, 0, SOUND_HEAL},
    {GAME_EVENT_SEARCHED, 0, SOUND_SEARCH},
    {GAME_EVENT_STEP, GAME_EVENT_HURT | GAME_EVENT_PICKUP, SOUND_STEP},
    {GAME_EVENT_BLOCKED, GAME_EVENT_ATTACK, SOUND_BUMP}};

enum { NEWS_COUNT = sizeof NEWS / sizeof *NEWS, NOISES_COUNT = sizeof NOISES / sizeof *NOISES };

static bool sounds_for(const EventSound *s, uint32_t ev)
{
    return (ev & s->all) == s->all && !(ev & s->unless);
}

/* One sound for the loudest news (a death drowns out the step that led to it), else one for
 * each small thing that happened. */
static void sound_events(Sound *sound, uint32_t ev)
{
    for (int i = 0; i < NEWS_COUNT; i++)
        if (sounds_for(&NEWS[i], ev)) {
            sound_play(sound, NEWS[i].sound);
            return;
        }
    for (int i = 0; i < NOISES_COUNT; i++)
        if (sounds_for(&NOISES[i], ev))
            sound_play(sound, NOISES[i].sound);
}

/* A new floor: saved, half a second of black, the view on the player, its music. */
static void floor_changed(App *app)
{
    app_save_game(app);
    app->blank_until = SDL_GetTicks() + APP_FLOOR_BLANK_MS;
    app->looking = app->target.active = false;
    view_recentre(&app->view);
    sound_music(&app->sound, app->game.current == MAX_FLOORS ? MUSIC_KING : MUSIC_FLOOR);
}

/* What the last command did, heard and seen. */
void play_react(App *app)
{
    uint32_t ev = app->game.events;
    show_blows(app, ev);
    sound_events(&app->sound, ev);
    if (ev & GAME_EVENT_FLOOR_CHANGED)
        floor_changed(app);
    if (app->game.outcome != GAME_PLAYING) {
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
