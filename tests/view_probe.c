/* view_probe: what the window should show of a saved game, for the real-window tests. It lays
 * the play screen out exactly as the window does for a W x H output and a zoom, with the
 * camera centred on the player as the window has it after Continue, a zoom change or a new
 * floor, then answers one question:
 *   view_probe ASSETS SAVE W H ZOOM player        "X Y FLOOR TURN": where the player is
 *   view_probe ASSETS SAVE W H ZOOM cell X Y      "PX PY": the pixel in the middle of cell X,Y
 *   view_probe ASSETS SAVE W H ZOOM target D      "X Y PX PY": a remembered cell on screen at
 *                                                  least D steps away that travel can reach
 *   view_probe ASSETS SAVE W H ZOOM minimap D     "X Y PX PY": a remembered cell at least D
 *                                                  steps away that travel can reach, and the
 *                                                  pixel in the middle of it on the minimap
 *   view_probe ASSETS SAVE W H ZOOM minimap-player "PX PY": the player's dot on the minimap
 *   view_probe ASSETS SAVE W H ZOOM mice          "N": the mice in view
 *   view_probe ASSETS SAVE W H ZOOM seen X Y            status 0 when cell X,Y was ever seen
 *   view_probe ASSETS SAVE W H ZOOM describe X Y SHOT   SHOT shows look mode's description of
 *                                                  cell X,Y where the window puts it
 *   view_probe ASSETS SAVE W H ZOOM known SHOT    every remembered cell of the floor is drawn
 *                                                  (not black) and every other cell is black,
 *                                                  in the screenshot SHOT (a PNG)
 *   view_probe ASSETS SAVE W H ZOOM sidebar SHOT  the sidebar of SHOT shows one health bar for
 *                                                  the player and one per mouse in view, with
 *                                                  each mouse's state in its colour
 * ZOOM is floor, close or closer. Exit 0 when the answer is given or the check passes, 1 with
 * one line saying what is wrong otherwise, 2 for bad arguments. Not a test by itself. */
#include <SDL.h>
#include <SDL_image.h>
#include <SDL_ttf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store/save.h"
#include "ui/describe.h"
#include "ui/hud.h"
#include "ui/layout.h"
#include "ui/minimap.h"
#include "ui/palette.h"
#include "ui/sidebar.h"
#include "ui/text.h"
#include "ui/view.h"

static Rules rules;
static Game game;

static char *read_all(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    char *buf = malloc(4 << 20);
    *len = buf ? fread(buf, 1, (4 << 20) - 1, f) : 0;
    fclose(f);
    if (buf)
        buf[*len] = '\0';
    return buf;
}

static Uint32 pixel_at(SDL_Surface *s, int x, int y)
{
    const Uint8 *p = (const Uint8 *)s->pixels + y * s->pitch + x * 4;
    return (Uint32)p[0] << 16 | (Uint32)p[1] << 8 | p[2]; /* RGBA32: r, g, b */
}

static bool lit(Uint32 rgb)
{
    return ((rgb >> 16) & 255) + ((rgb >> 8) & 255) + (rgb & 255) > 24;
}

static int check_known(const View *view, SDL_Surface *shot)
{
    const Floor *floor = game.floors[game.current];
    const PlayLayout *l = &view->layout;
    if (l->cols < floor->map.width || l->rows < floor->map.height) {
        printf("the view shows %dx%d cells, not the whole %dx%d floor\n", l->cols, l->rows,
               floor->map.width, floor->map.height);
        return 1;
    }
    int known = 0, bad = 0;
    for (int y = 0; y < floor->map.height; y++)
        for (int x = 0; x < floor->map.width; x++) {
            int px = l->cells_px.x + (x - view->camera.x) * l->tile;
            int py = l->cells_px.y + (y - view->camera.y) * l->tile;
            int bright = 0;
            for (int dy = 0; dy < l->tile; dy++)
                for (int dx = 0; dx < l->tile; dx++)
                    bright += lit(pixel_at(shot, px + dx, py + dy));
            bool seen = floor->seen[y * floor->map.width + x];
            known += seen;
            if (seen != (bright > 0)) {
                if (bad++ < 5)
                    printf("cell %d,%d is %s but drawn %s\n", x, y, seen ? "known" : "unknown",
                           bright ? "lit" : "black");
            }
        }
    if (bad)
        printf("%d cells drawn wrong of %d known\n", bad, known);
    else
        printf("ok: %d known cells drawn, the rest black, at %d px per cell\n", known, l->tile);
    return bad ? 1 : 0;
}

static bool same(Uint32 rgb, SDL_Color c)
{
    return rgb == ((Uint32)c.r << 16 | (Uint32)c.g << 8 | c.b);
}

/* Bars: runs of rows whose pixels at the bar's column have a bar colour. States: runs of rows
 * holding a state's colour right of the sprites. */
static int check_sidebar(const View *view, SDL_Surface *shot)
{
    const PlayLayout *l = &view->layout;
    float s = l->scale;
    int x0 = (int)((float)(LAYOUT_PAD + SPRITE_SIZE + 6) * s);
    int x1 = (int)((float)(l->sidebar.x + l->sidebar.w - LAYOUT_PAD - 2) * s);
    int bars = 0, states[4] = {0};
    bool in_bar = false, in_state[4] = {0};
    const SDL_Color mood[4] = {UI_MOOD_ASLEEP, UI_MOOD_HUNTING, UI_MOOD_SEARCHING,
                               UI_MOOD_WANDERING};
    for (int y = 0; y < (int)((float)l->height * s); y++) {
        bool bar = false, st[4] = {0};
        for (int x = x0; x < x1; x++) {
            Uint32 p = pixel_at(shot, x, y);
            bar |= same(p, UI_BAR_FULL) || same(p, UI_BAR_MID) || same(p, UI_BAR_LOW);
            for (int m = 0; m < 4; m++)
                st[m] |= same(p, mood[m]);
        }
        bars += bar && !in_bar;
        in_bar = bar;
        for (int m = 0; m < 4; m++) {
            states[m] += st[m] && !in_state[m];
            in_state[m] = st[m];
        }
    }
    const Entity *things[SIDEBAR_ROWS_MAX];
    int n = game_things_in_view(&game, things, SIDEBAR_ROWS_MAX), want_states[4] = {0}, mice = 0;
    for (int i = 0; i < n; i++)
        if (things[i]->kind == KIND_MONSTER) {
            mice++;
            want_states[game_monster_mood(&game, things[i])]++;
        }
    int bad = bars != 1 + mice;
    for (int m = 0; m < 4; m++)
        bad |= states[m] != want_states[m];
    printf("%s: %d health bars for %d mice in view; asleep %d/%d, hunting %d/%d, searching "
           "%d/%d, wandering %d/%d (drawn/in view)\n",
           bad ? "wrong" : "ok", bars, mice, states[0], want_states[0], states[1], want_states[1],
           states[2], want_states[2], states[3], want_states[3]);
    return bad;
}

static int find_target(View *view, int min_steps)
{
    static PathCell path[MAP_WIDTH * MAP_HEIGHT];
    const Floor *floor = game.floors[game.current];
    for (int d = min_steps; d < 60; d++)
        for (int y = game.player->y - d; y <= game.player->y + d; y++)
            for (int x = game.player->x - d; x <= game.player->x + d; x++) {
                int cx, cy, t = view->layout.tile;
                if (abs(x - game.player->x) != d && abs(y - game.player->y) != d)
                    continue; /* the ring at distance d only */
                if (!map_in_bounds(&floor->map, x, y) || !floor->seen[y * floor->map.width + x] ||
                    map_is_wall(&floor->map, x, y) || describe_entity_at(&game, x, y))
                    continue;
                int px = view->layout.cells_px.x + (x - view->camera.x) * t + t / 2;
                int py = view->layout.cells_px.y + (y - view->camera.y) * t + t / 2;
                if (!view_cell_at(view, px, py, &cx, &cy) || cx != x || cy != y ||
                    game_travel_path(&game, x, y, path, MAP_WIDTH * MAP_HEIGHT) <= 0)
                    continue;
                printf("%d %d %d %d\n", x, y, px, py);
                return 0;
            }
    printf("no remembered cell on screen %d or more steps away\n", min_steps);
    return 1;
}

/* A cell as find_target picks it, clicked on the minimap instead (src/ui/minimap.c). */
static int find_minimap_target(View *view, int min_steps)
{
    static PathCell path[MAP_WIDTH * MAP_HEIGHT];
    const Floor *floor = game.floors[game.current];
    const PlayLayout *l = &view->layout;
    SDL_Rect box = minimap_box_px(l->minimap, l->scale);
    for (int d = min_steps; d < 60; d++)
        for (int y = game.player->y - d; y <= game.player->y + d; y++)
            for (int x = game.player->x - d; x <= game.player->x + d; x++) {
                int cx, cy;
                if ((abs(x - game.player->x) != d && abs(y - game.player->y) != d) ||
                    !map_in_bounds(&floor->map, x, y) || !floor->seen[y * floor->map.width + x] ||
                    map_is_wall(&floor->map, x, y) || describe_entity_at(&game, x, y))
                    continue;
                SDL_Rect r = minimap_cell_rect(box, floor->map.width, floor->map.height, x, y);
                int px = r.x + r.w / 2, py = r.y + r.h / 2;
                if (!minimap_target(&game, l->minimap, l->scale, px, py, &cx, &cy) || cx != x ||
                    cy != y || game_travel_path(&game, x, y, path, MAP_WIDTH * MAP_HEIGHT) <= 0)
                    continue;
                printf("%d %d %d %d\n", x, y, px, py);
                return 0;
            }
    printf("no remembered cell %d or more steps away on the minimap\n", min_steps);
    return 1;
}

/* The minimap's questions: "minimap D" and "minimap-player". */
static int answer_minimap(View *view, const char *q, int argc, char **argv)
{
    if (strcmp(q, "minimap") == 0 && argc == 8)
        return find_minimap_target(view, atoi(argv[7]));
    if (strcmp(q, "minimap-player") != 0 || argc != 7) {
        fprintf(stderr, "view_probe: unknown question %s\n", q);
        return 2;
    }
    SDL_Rect box = minimap_box_px(view->layout.minimap, view->layout.scale);
    const Map *m = &game.floors[game.current]->map;
    SDL_Rect r = minimap_cell_rect(box, m->width, m->height, game.player->x, game.player->y);
    printf("%d %d\n", r.x + r.w / 2, r.y + r.h / 2);
    return 0;
}

/* Draws the description the window should show and compares its panel with the screenshot. */
static int check_describe(View *view, SDL_Renderer *r, SDL_Surface *mine, int x, int y,
                          const char *shot_path)
{
    CellText ct;
    if (!describe_cell(&game, x, y, &ct)) {
        printf("cell %d,%d has never been seen\n", x, y);
        return 1;
    }
    const PlayLayout *l = &view->layout;
    const char *keys = VIEW_LOOK_KEYS;
    SDL_RenderSetScale(r, l->scale, l->scale);
    /* Where the window puts it: off the cell and the player (view_description). */
    ViewMarks marks = {x, y, NULL, 0, NULL, true, NULL, NULL};
    SDL_Rect box;
    view_description(view, &game, &marks, 0, &ct, &box);
    hud_draw_describe_box(r, view->text, &ct, box, keys);
    SDL_RenderPresent(r);
    SDL_Surface *loaded = IMG_Load(shot_path);
    SDL_Surface *shot = loaded ? SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_RGBA32, 0) : NULL;
    SDL_FreeSurface(loaded);
    if (!shot) {
        printf("cannot read the screenshot %s\n", shot_path);
        return 1;
    }
    float s = l->scale;
    int differ = 0;
    for (int py = (int)((float)box.y * s); py < (int)((float)(box.y + box.h) * s); py++)
        for (int px = (int)((float)box.x * s); px < (int)((float)(box.x + box.w) * s); px++)
            differ += pixel_at(shot, px, py) != pixel_at(mine, px, py);
    SDL_FreeSurface(shot);
    printf("%s: the description of %d,%d (%s) %s (%d pixels differ)\n", differ ? "wrong" : "ok", x,
           y, ct.title, differ ? "is not on screen" : "is on screen", differ);
    return differ ? 1 : 0;
}

int main(int argc, char **argv)
{
    if (argc < 7) {
        fprintf(stderr, "usage: view_probe ASSETS SAVE W H floor|close|closer QUESTION...\n");
        return 2;
    }
    char path[1200], err[512];
    snprintf(path, sizeof path, "%s/data/rules.json", argv[1]);
    size_t len;
    char *text = read_all(argv[2], &len);
    if (!rules_load(&rules, path, err, sizeof err) || !text ||
        !save_from_json(&game, text, len, &rules, err, sizeof err)) {
        printf("cannot read %s: %s\n", argv[2], text ? err : "no file");
        return 1;
    }
    free(text);
    int w = atoi(argv[3]), h = atoi(argv[4]);
    Zoom zoom = strcmp(argv[5], "close") == 0    ? ZOOM_CLOSE
                : strcmp(argv[5], "closer") == 0 ? ZOOM_CLOSER
                                                 : ZOOM_FLOOR;
    const char *q = argv[6];
    if (strcmp(q, "player") == 0) {
        printf("%d %d %d %u\n", game.player->x, game.player->y, game.current, (unsigned)game.turn);
        return 0;
    }
    SDL_Surface *surface = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_RGBA32);
    SDL_Renderer *renderer = surface ? SDL_CreateSoftwareRenderer(surface) : NULL;
    Text font = {0};
    snprintf(path, sizeof path, "%s/fonts/ProggyTiny.ttf", argv[1]);
    if (!renderer || !text_load(&font, renderer, path, LAYOUT_FONT_POINTS, err, sizeof err)) {
        printf("cannot lay out: %s\n", renderer ? err : SDL_GetError());
        return 1;
    }
    View view = {.renderer = renderer,
                 .text = &font,
                 .out_w = w,
                 .out_h = h,
                 .zoom = zoom,
                 .follow_x = -1,
                 .follow_y = -1};
    view_place(&view, &game);
    int status = 0;
    if (strcmp(q, "cell") == 0 && argc == 9) {
        int x = atoi(argv[7]), y = atoi(argv[8]), t = view.layout.tile;
        int px = view.layout.cells_px.x + (x - view.camera.x) * t + t / 2;
        int py = view.layout.cells_px.y + (y - view.camera.y) * t + t / 2;
        int cx, cy;
        if (!view_cell_at(&view, px, py, &cx, &cy) || cx != x || cy != y) {
            printf("cell %d,%d is not on screen at this zoom\n", x, y);
            status = 1;
        } else {
            printf("%d %d\n", px, py);
        }
    } else if (strcmp(q, "target") == 0 && argc == 8) {
        status = find_target(&view, atoi(argv[7]));
    } else if (strncmp(q, "minimap", 7) == 0) {
        status = answer_minimap(&view, q, argc, argv);
    } else if (strcmp(q, "mice") == 0) {
        const Entity *things[SIDEBAR_ROWS_MAX];
        int n = game_things_in_view(&game, things, SIDEBAR_ROWS_MAX), mice = 0;
        for (int i = 0; i < n; i++)
            mice += things[i]->kind == KIND_MONSTER;
        printf("%d\n", mice);
    } else if (strcmp(q, "seen") == 0 && argc == 9) {
        CellText ct;
        status = describe_cell(&game, atoi(argv[7]), atoi(argv[8]), &ct) ? 0 : 1;
    } else if (strcmp(q, "describe") == 0 && argc == 10) {
        status = check_describe(&view, renderer, surface, atoi(argv[7]), atoi(argv[8]), argv[9]);
    } else if ((strcmp(q, "known") == 0 || strcmp(q, "sidebar") == 0) && argc == 8) {
        SDL_Surface *loaded = IMG_Load(argv[7]);
        SDL_Surface *shot =
            loaded ? SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_RGBA32, 0) : NULL;
        if (!shot || shot->w < w || shot->h < h) {
            printf("cannot read the screenshot %s (or it is smaller than %dx%d)\n", argv[7], w, h);
            status = 1;
        } else {
            status = q[0] == 'k' ? check_known(&view, shot) : check_sidebar(&view, shot);
        }
        SDL_FreeSurface(shot);
        SDL_FreeSurface(loaded);
    } else {
        fprintf(stderr, "view_probe: unknown question %s\n", q);
        status = 2;
    }
    text_free(&font);
    SDL_DestroyRenderer(renderer);
    SDL_FreeSurface(surface);
    game_free(&game);
    return status;
}
