/* Drawing a floor (src/ui/draw_map.c) with the built atlas, off-screen on SDL's software
 * renderer: the sprites found opaque are the ones nothing shows through; drawing them
 * unblended gives the very picture that blending every sprite in order gives, with memory
 * dimmed and unseen cells black, in both atlases, on floors in play. */
#include "test_support.h"

#include <SDL.h>
#include <string.h>

#include "bot/bot.h"
#include "game/memory.h"
#include "game/rules.h"
#include "game_fixture.h"
#include "ui/describe.h"
#include "ui/draw_map.h"

enum { W = 640, H = 336, TILE = 16 };

typedef struct Canvas {
    SDL_Surface *surface;
    SDL_Renderer *renderer;
    Atlas atlas;
} Canvas;

static void canvas_open(Canvas *c, bool high_contrast)
{
    c->surface = SDL_CreateRGBSurfaceWithFormat(0, W, H, 32, SDL_PIXELFORMAT_RGBA32);
    assert_non_null(c->surface);
    c->renderer = SDL_CreateSoftwareRenderer(c->surface);
    assert_non_null(c->renderer);
    char err[512];
    if (!atlas_load_variant(&c->atlas, c->renderer, ASSETS_DIR, high_contrast, err, sizeof err))
        fail_msg("%s", err);
}

static void canvas_close(Canvas *c)
{
    atlas_free(&c->atlas);
    SDL_DestroyRenderer(c->renderer);
    SDL_FreeSurface(c->surface);
}

static Camera camera_of(const Game *game)
{
    const Floor *floor = game->floors[game->current];
    Camera cam = {.cols = W / TILE, .rows = H / TILE};
    camera_follow(&cam, game->player->x, game->player->y, floor->map.width, floor->map.height);
    return cam;
}

/* The floor the player is on, as the play view frames it, and what she remembers on it when
 * `memory`; returns a copy of the pixels. */
static uint32_t *draw_with(Canvas *c, const Game *game, Sight sight, bool memory)
{
    const Floor *floor = game->floors[game->current];
    Camera cam = camera_of(game);
    SDL_SetRenderDrawColor(c->renderer, 0, 0, 0, 255);
    SDL_RenderClear(c->renderer);
    draw_map(c->renderer, &c->atlas, floor, &cam, (SDL_Rect){0, 0, W, H}, TILE, sight);
    if (memory)
        draw_memory(c->renderer, &c->atlas, game, &cam, (SDL_Rect){0, 0, W, H}, TILE);
    SDL_RenderPresent(c->renderer);
    uint32_t *pixels = malloc((size_t)W * H * 4);
    assert_non_null(pixels);
    for (int y = 0; y < H; y++)
        memcpy(pixels + y * W, (uint8_t *)c->surface->pixels + y * c->surface->pitch, W * 4);
    return pixels;
}

static uint32_t *draw(Canvas *c, const Game *game, Sight sight)
{
    return draw_with(c, game, sight, false);
}

static int count_different(const uint32_t *a, const uint32_t *b)
{
    int n = 0;
    for (int i = 0; i < W * H; i++)
        n += a[i] != b[i];
    return n;
}

/* A sprite drawn blended over black and over white: the same pixels exactly when nothing of
 * the background shows through. */
static bool shows_background(Canvas *c, SDL_Texture *sheet, SDL_Rect r)
{
    uint8_t *under[2];
    for (int bg = 0; bg < 2; bg++) {
        SDL_SetRenderDrawColor(c->renderer, bg * 255, bg * 255, bg * 255, 255);
        SDL_RenderClear(c->renderer);
        SDL_SetTextureBlendMode(sheet, SDL_BLENDMODE_BLEND);
        SDL_RenderCopy(c->renderer, sheet, &r, &(SDL_Rect){0, 0, r.w, r.h});
        SDL_RenderPresent(c->renderer);
        under[bg] = malloc((size_t)r.w * (size_t)r.h * 4);
        assert_non_null(under[bg]);
        for (int y = 0; y < r.h; y++)
            memcpy(under[bg] + (size_t)y * r.w * 4,
                   (uint8_t *)c->surface->pixels + y * c->surface->pitch, (size_t)r.w * 4);
    }
    bool differ = memcmp(under[0], under[1], (size_t)r.w * (size_t)r.h * 4) != 0;
    free(under[0]);
    free(under[1]);
    return differ;
}

/* A sprite is marked opaque in a sheet exactly when no pixel of its drawing there lets the
 * background through, and opaque in the atlas exactly when it is so in every sheet (the small
 * drawings are drawn by hand, apart from the 16-pixel ones). */
static bool sprite_opaque_everywhere(Canvas *c, int id)
{
    bool all = true;
    for (int s = 0; s < ATLAS_SHEETS; s++) {
        const AtlasSheet *sheet = &c->atlas.sheets[s];
        SDL_Rect r = sheet->rects[id];
        bool through = shows_background(c, sheet->texture, r);
        if (sheet->opaque[id] == through)
            fail_msg("sprite %d at %d px: marked %s, but the background %s", id, sheet->tile,
                     sheet->opaque[id] ? "opaque" : "not opaque",
                     sheet->opaque[id] ? "shows through" : "never shows");
        all = all && !through;
    }
    return all;
}

static void test_opaque_means_nothing_shows_through(void **state)
{
    (void)state;
    for (int contrast = 0; contrast < 2; contrast++) {
        Canvas c;
        canvas_open(&c, contrast);
        int opaque = 0;
        for (int id = 0; id < SPRITE_COUNT; id++) {
            SDL_Rect r = c.atlas.rects[id];
            if (r.w > W || r.h > H)
                continue; /* larger than the canvas: the title picture, not a map sprite */
            if (c.atlas.opaque[id] != sprite_opaque_everywhere(&c, id))
                fail_msg("sprite %d: marked %s in the atlas, but not so in every sheet", id,
                         c.atlas.opaque[id] ? "opaque" : "not opaque");
            opaque += c.atlas.opaque[id];
        }
        /* The floors, most of a frame, take the fast way; the player never. */
        assert_true(c.atlas.opaque[SPRITE_FLOOR]);
        assert_true(c.atlas.opaque[SPRITE_FLOOR_ALT]);
        assert_false(c.atlas.opaque[SPRITE_PLAYER_LEFT]);
        assert_true(opaque > 2);
        canvas_close(&c);
    }
}

/* Games of the bot at several turns: rooms in memory, doors, walls joined in every shape. */
static void test_unblended_sweep_gives_the_same_picture(void **state)
{
    (void)state;
    static Rules rules;
    char err[512];
    if (!rules_load(&rules, ASSETS_DIR "/data/rules.json", err, sizeof err))
        fail_msg("%s", err);
    for (int contrast = 0; contrast < 2; contrast++) {
        Canvas c;
        canvas_open(&c, contrast);
        int dimmed = 0, compared = 0;
        for (uint64_t seed = 1; seed <= 3; seed++) {
            Game *game = malloc(sizeof *game);
            Bot *bot = malloc(sizeof *bot);
            assert_true(game_init(game, seed, &rules));
            bot_init(bot);
            for (uint32_t stop = 150; stop <= 1200; stop *= 2) {
                while (game->turn < stop && game->outcome == GAME_PLAYING &&
                       bot_play_turn(bot, game)) {
                }
                const Floor *floor = game->floors[game->current];
                Sight sight = {game_visible_cells(game), floor->seen, false};
                uint32_t *fast = draw(&c, game, sight);
                bool saved[SPRITE_COUNT];
                memcpy(saved, c.atlas.opaque, sizeof saved);
                memset(c.atlas.opaque, 0, sizeof c.atlas.opaque); /* every sprite blended */
                uint32_t *blended = draw(&c, game, sight);
                memcpy(c.atlas.opaque, saved, sizeof saved);
                assert_int_equal(count_different(fast, blended), 0);
                /* The frame is not trivially equal: memory was drawn, and it is dimmer. */
                uint32_t *lit = draw(&c, game, (Sight){NULL, NULL, false});
                dimmed += count_different(fast, lit) > 0;
                compared++;
                free(fast);
                free(blended);
                free(lit);
            }
            game_free(game);
            free(game);
            free(bot);
        }
        assert_int_equal(dimmed, compared);
        canvas_close(&c);
    }
}

/* A wall is drawn as the player knows it: with the passage behind a hidden door unseen, the
 * room's wall looks exactly as it would with rock there (no brick face over the unseen
 * corridor to give the door away); once the passage is seen, its face shows. */
static void unseen_cells_never_shape_a_wall(void **state)
{
    (void)state;
    static const char *const hidden[] = {
        "##########", "#........#", "#...@....#", "#........#", "####H#####",
        "####.#####", "####.....#", "##########", NULL,
    };
    static const char *const rock[] = {
        "##########", "#........#", "#...@....#", "#........#", "##########",
        "##########", "##########", "##########", NULL,
    };
    Canvas c;
    canvas_open(&c, false);
    Game *a = fixture_game(1, 1, hidden), *b = fixture_game(1, 1, rock);
    Floor *fa = game_floor(a);
    assert_false(fa->seen[5 * fa->map.width + 4]); /* the hidden door blocks her sight */
    uint32_t *with_door = draw(&c, a, (Sight){game_visible_cells(a), fa->seen, false});
    uint32_t *with_rock = draw(&c, b, (Sight){game_visible_cells(b), game_floor(b)->seen, false});
    assert_int_equal(count_different(with_door, with_rock), 0);
    /* Seen, the corridor below gives the door's cell its face. */
    fa->seen[5 * fa->map.width + 4] = 1;
    uint32_t *known = draw(&c, a, (Sight){game_visible_cells(a), fa->seen, false});
    assert_true(count_different(known, with_rock) > 0);
    free(with_door);
    free(with_rock);
    free(known);
    fixture_free(a);
    fixture_free(b);
    canvas_close(&c);
}

/* Pixels that differ between a and b inside the cell (x, y) of the camera, and outside it. */
static void differences(const Game *g, const uint32_t *a, const uint32_t *b, int x, int y,
                        int *inside, int *outside)
{
    Camera cam = camera_of(g);
    *inside = *outside = 0;
    for (int py = 0; py < H; py++)
        for (int px = 0; px < W; px++) {
            bool in = px / TILE == x - cam.x && py / TILE == y - cam.y;
            *(in ? inside : outside) += a[py * W + px] != b[py * W + px];
        }
}

static void place(Game *g, int x, int y)
{
    g->player->x = x;
    g->player->y = y;
    game_rebuild_derived(g);
    game_memory_update(g);
}

/* R-MEM-1, R-MEM-2 on screen: a remembered item is drawn, dimmed, where the player saw it
 * once she has walked away, and nowhere else; a mouse lost from sight leaves its mark; a cell
 * seen again empty shows nothing more. */
static void memory_is_drawn_where_the_player_left_it(void **state)
{
    (void)state;
    static const char *const rows[] = {
        "##########", "#!......@#", "########.#", "#n.......#",
        "##########", "###.######", "##########", NULL,
    };
    Game *g = fixture_game(3, 1, rows);
    Canvas c;
    canvas_open(&c, false);
    place(g, 8, 1); /* she sees the Health Pack */
    place(g, 6, 3); /* ... and the Neo Mouse, then walks on round the corner */
    place(g, 8, 1);
    g->turn++;
    game_memory_update(g);
    Sight sight = {game_visible_cells(g), game_floor(g)->seen, false};
    place(g, 4, 3);
    sight = (Sight){game_visible_cells(g), game_floor(g)->seen, false};
    assert_false(game_cell_visible(g, 1, 1));
    uint32_t *plain = draw_with(&c, g, sight, false), *remembered = draw_with(&c, g, sight, true);
    int inside, outside;
    differences(g, plain, remembered, 1, 1, &inside, &outside);
    assert_true(inside > TILE * TILE / 4); /* the pack, dimmed */
    assert_int_equal(outside, 0);
    CellText text;
    assert_true(describe_cell(g, 1, 1, &text)); /* and hover says what it is */
    assert_string_equal(text.title, "Health Pack (remembered)");
    assert_string_equal(text.status, "where you last saw it");
    free(plain);
    free(remembered);

    /* The mouse's mark where she last saw it, out of view now. */
    place(g, 8, 1);
    g->turn++;
    game_memory_update(g);
    sight = (Sight){game_visible_cells(g), game_floor(g)->seen, false};
    assert_false(game_cell_visible(g, 1, 3));
    plain = draw_with(&c, g, sight, false);
    remembered = draw_with(&c, g, sight, true);
    differences(g, plain, remembered, 1, 3, &inside, &outside);
    assert_true(inside > TILE * TILE / 8);
    assert_true(describe_cell(g, 1, 3, &text));
    assert_string_equal(text.title, "Neo Mouse (remembered)");
    assert_string_equal(text.status, "last seen here 1 turn ago");
    free(plain);
    free(remembered);

    /* Taken while she was away, seen empty, then left again: nothing drawn there. */
    entity_list_remove(&game_floor(g)->entities, fixture_find(g, KIND_ID_HEALTH_PACK));
    place(g, 8, 1);
    place(g, 4, 3);
    sight = (Sight){game_visible_cells(g), game_floor(g)->seen, false};
    plain = draw_with(&c, g, sight, false);
    remembered = draw_with(&c, g, sight, true);
    differences(g, plain, remembered, 1, 1, &inside, &outside);
    assert_int_equal(inside, 0);
    free(plain);
    free(remembered);
    canvas_close(&c);
    fixture_free(g);
}

/* A Spring Trap set on the floor (EF_SET) is drawn armed, with its own sprite, so that it
 * is told from one lying there to be picked up; nothing else on screen changes. */
static void a_set_trap_is_drawn_armed(void **state)
{
    (void)state;
    static const char *const rows[] = {"#######", "#@.!..#", "#######", NULL};
    Game *g = fixture_game(3, 1, rows);
    Canvas c;
    canvas_open(&c, false);
    place(g, 1, 1);
    Entity *item = fixture_find(g, KIND_ID_HEALTH_PACK);
    Sight sight = {game_visible_cells(g), game_floor(g)->seen, false};
    assert_true(game_cell_visible(g, item->x, item->y));
    uint32_t *lying = draw(&c, g, sight);
    item->flags |= EF_SET;
    uint32_t *set = draw(&c, g, sight);
    int inside, outside;
    differences(g, lying, set, item->x, item->y, &inside, &outside);
    assert_true(inside > TILE * TILE / 8);
    assert_int_equal(outside, 0);
    item->flags &= ~EF_SET; /* the very picture of the armed trap's sprite */
    item->sprite = SPRITE_SPRING_TRAP_SET;
    uint32_t *armed = draw(&c, g, sight);
    differences(g, set, armed, item->x, item->y, &inside, &outside);
    assert_int_equal(inside + outside, 0);
    free(lying);
    free(set);
    free(armed);
    canvas_close(&c);
    fixture_free(g);
}

int main(void)
{
    if (SDL_Init(0) != 0)
        return 1;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_opaque_means_nothing_shows_through),
        cmocka_unit_test(test_unblended_sweep_gives_the_same_picture),
        cmocka_unit_test(unseen_cells_never_shape_a_wall),
        cmocka_unit_test(memory_is_drawn_where_the_player_left_it),
        cmocka_unit_test(a_set_trap_is_drawn_armed),
    };
    int failed = RUN_TESTS(tests);
    SDL_Quit();
    return failed;
}
