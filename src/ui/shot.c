#include "ui/shot.h"

#include <SDL_image.h>
#include <cjson/cJSON.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ui/describe.h"
#include "ui/offscreen.h"

/* A logical rectangle in physical pixels: its edges times the scale, rounded, as the panels
 * are drawn between whole scales. */
static int edge(int logical, float scale)
{
    return (int)((float)logical * scale + 0.5f);
}

static SDL_Rect physical(SDL_Rect r, float scale)
{
    int x0 = edge(r.x, scale), y0 = edge(r.y, scale);
    return (SDL_Rect){x0, y0, edge(r.x + r.w, scale) - x0, edge(r.y + r.h, scale) - y0};
}

/* The layout of the frame just drawn; `record` holds what view_draw_play recorded (the
 * description box is the one panel it draws over the map). */
static ShotLayout layout_of(const View *view, const Text *text, const TextRecord *record)
{
    const PlayLayout *l = &view->layout;
    ShotLayout s = {.width = view->out_w,
                    .height = view->out_h,
                    .scale = l->scale,
                    .map = l->map_px,
                    .cells = l->cells_px,
                    .sidebar = physical(l->sidebar, l->scale),
                    .minimap = physical(l->minimap, l->scale),
                    .messages = physical(l->messages, l->scale),
                    .tile = l->tile};
    /* The text cell as drawn: the glyph cache of this scale, each of its pixels `block`
     * pixels square. */
    int block = 1;
    const TextLevel *level =
        text_level_for(text, layout_quarters(view->out_w, view->out_h), 1, &block);
    s.text_w = level->advance['M' - TEXT_FIRST_GLYPH] * block;
    s.text_h = level->line_height * block;
    const Camera *cam = &view->camera;
    if (view->follow_x >= 0 && view->follow_x >= cam->x && view->follow_y >= cam->y &&
        view->follow_x < cam->x + cam->cols && view->follow_y < cam->y + cam->rows) {
        s.has_look = true;
        s.look = (SDL_Rect){l->cells_px.x + (view->follow_x - cam->x) * l->tile,
                            l->cells_px.y + (view->follow_y - cam->y) * l->tile, l->tile, l->tile};
    }
    for (int i = 0; i < record->count; i++)
        if (record->items[i].panel) {
            s.has_describe = true;
            s.describe = physical(record->items[i].rect, l->scale);
        }
    return s;
}

static void add_rect(cJSON *o, const char *name, SDL_Rect r)
{
    cJSON *a = cJSON_AddObjectToObject(o, name);
    cJSON_AddNumberToObject(a, "x", r.x);
    cJSON_AddNumberToObject(a, "y", r.y);
    cJSON_AddNumberToObject(a, "w", r.w);
    cJSON_AddNumberToObject(a, "h", r.h);
}

char *shot_layout_json(const ShotLayout *l)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddNumberToObject(o, "width", l->width);
    cJSON_AddNumberToObject(o, "height", l->height);
    cJSON_AddNumberToObject(o, "scale", l->scale);
    add_rect(o, "map", l->map);
    add_rect(o, "map_cells", l->cells);
    add_rect(o, "sidebar", l->sidebar);
    add_rect(o, "minimap", l->minimap);
    add_rect(o, "messages", l->messages);
    if (l->has_describe)
        add_rect(o, "describe", l->describe);
    else
        cJSON_AddNullToObject(o, "describe");
    if (l->has_look)
        add_rect(o, "look_cell", l->look);
    else
        cJSON_AddNullToObject(o, "look_cell");
    cJSON_AddNumberToObject(o, "tile", l->tile);
    cJSON *cell = cJSON_AddObjectToObject(o, "text_cell");
    cJSON_AddNumberToObject(cell, "w", l->text_w);
    cJSON_AddNumberToObject(cell, "h", l->text_h);
    char *s = cJSON_PrintUnformatted(o);
    cJSON_Delete(o);
    return s;
}

/* Writes `bytes` or the surface to `path` by way of path.tmp, so a failure never leaves a
 * half-written file in its place. */
static bool write_via_temp(const char *path, SDL_Surface *surface, const char *bytes, char *err,
                           size_t err_size)
{
    char temp[4200];
    snprintf(temp, sizeof temp, "%s.tmp", path);
    bool ok;
    errno = 0;
    if (surface) {
        ok = IMG_SavePNG(surface, temp) == 0;
    } else {
        FILE *f = fopen(temp, "wb");
        ok = f && fputs(bytes, f) >= 0 && fputc('\n', f) != EOF;
        ok = (f && fclose(f) == 0) && ok;
    }
    if (!ok || rename(temp, path) != 0) {
        snprintf(err, err_size, "%s: cannot write it: %s", path,
                 surface ? IMG_GetError()
                 : errno ? strerror(errno)
                         : "disk full?");
        remove(temp);
        return false;
    }
    return true;
}

/* The frame as play_draw draws it: in look mode the camera follows the cursor, and the
 * travel path to the cursor's cell is marked. */
static void draw(View *view, Game *game, const ShotView *sv)
{
    static PathCell path[MAP_WIDTH * MAP_HEIGHT];
    ViewMarks marks = {.cursor_x = -1, .cursor_y = -1};
    if (sv->look_x >= 0) {
        view->follow_x = sv->look_x;
        view->follow_y = sv->look_y;
        marks = (ViewMarks){
            sv->look_x, sv->look_y, path, 0, describe_entity_at(game, sv->look_x, sv->look_y),
            true,       NULL,       NULL};
        if (game->activity == ACTIVITY_NONE)
            marks.path_len =
                game_travel_path(game, sv->look_x, sv->look_y, path, MAP_WIDTH * MAP_HEIGHT);
    }
    offscreen_draw_marked(view, game, &marks);
}

bool shot_write(Game *game, const ShotView *sv, const char *png_path, const char *layout_path,
                char *err, size_t err_size)
{
    Offscreen o;
    static TextRecord record;
    bool ok = offscreen_open(&o, sv->w, sv->h, err, err_size);
    if (ok) {
        View view = offscreen_view(&o, sv->zoom);
        record.count = 0;
        o.text.record = &record;
        draw(&view, game, sv);
        o.text.record = NULL;
        ok = write_via_temp(png_path, o.surface, NULL, err, err_size);
        if (ok && layout_path) {
            ShotLayout l = layout_of(&view, &o.text, &record);
            char *json = shot_layout_json(&l);
            ok = json && write_via_temp(layout_path, NULL, json, err, err_size);
            free(json);
        }
    }
    offscreen_close(&o);
    return ok;
}
