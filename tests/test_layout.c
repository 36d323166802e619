/* The play screen's layout at 640x480, 800x600, 1024x768, 1280x720, 1920x1080 and 2560x1440:
 * the panels tile the window, the whole floor fits (from 800x600), and no text is cut or drawn
 * over other text or outside its panel: every message the game makes, every description, the
 * sidebar however full, the pack, the help, the log and a full frame with the Mouse King's bar.
 * The description box covers neither the cell it describes nor the player, and the replay's
 * bar has the map's foot to itself (docs/RULES.md R-UI-3, R-UI-4). Text is recorded as it is
 * drawn (Text.record) on SDL's software renderer, off-screen. */
#include "test_support.h"

#include <SDL_ttf.h>

#include "bot/bot.h"
#include "game/view_list.h"
#include "game_fixture.h"
#include "test_screen.h"
#include "ui/describe.h"
#include "ui/hud.h"
#include "ui/layout.h"
#include "ui/sidebar.h"
#include "ui/view.h"

/* A screen of w x h pixels, its texts recorded, laid out for the whole floor and drawn at its
 * interface scale. */
static Screen *screen_open(int w, int h)
{
    Screen *s = screen_make(w, h);
    s->text.record = &s->record;
    s->l = layout_play(w, h, &s->text, ZOOM_FLOOR, MAP_WIDTH, MAP_HEIGHT);
    SDL_RenderSetScale(s->r, (float)s->l.scale, (float)s->l.scale);
    return s;
}

static bool inside(SDL_Rect in, SDL_Rect out)
{
    return in.x >= out.x && in.y >= out.y && in.x + in.w <= out.x + out.w &&
           in.y + in.h <= out.y + out.h;
}

static bool overlap(SDL_Rect a, SDL_Rect b)
{
    return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

/* Every text recorded since `from` lies in `region`, on no other text and under no panel
 * drawn after it. */
static void texts_fit(const Screen *s, int from, SDL_Rect region, const char *what)
{
    const TextRecord *rec = &s->record;
    for (int i = from; i < rec->count; i++) {
        SDL_Rect a = rec->items[i].rect;
        if (rec->items[i].panel) {
            for (int j = from; j < i; j++)
                if (!rec->items[j].panel && overlap(a, rec->items[j].rect))
                    fail_msg("%dx%d, %s: \"%s\" is hidden under a panel drawn later", s->w, s->h,
                             what, rec->items[j].s);
            continue;
        }
        if (!inside(a, region))
            fail_msg("%dx%d, %s: \"%s\" at %d,%d %dx%d is outside its panel %d,%d %dx%d", s->w,
                     s->h, what, rec->items[i].s, a.x, a.y, a.w, a.h, region.x, region.y, region.w,
                     region.h);
        for (int j = from; j < i; j++)
            if (!rec->items[j].panel && overlap(a, rec->items[j].rect))
                fail_msg("%dx%d, %s: \"%s\" is drawn over \"%s\"", s->w, s->h, what,
                         rec->items[i].s, rec->items[j].s);
    }
}

/* The texts recorded since `from`, spaces left out, are `want` with its spaces left out:
 * wrapped, but nothing lost. */
static void says_all_of(const Screen *s, int from, const char *want, const char *what)
{
    char got[4096] = "", need[4096] = "";
    size_t n = 0, m = 0;
    for (int i = from; i < s->record.count; i++)
        for (const char *c = s->record.items[i].panel ? "" : s->record.items[i].s;
             *c && n < sizeof got - 1; c++)
            if (*c != ' ')
                got[n++] = *c;
    for (const char *c = want; *c && m < sizeof need - 1; c++)
        if (*c != ' ')
            need[m++] = *c;
    got[n] = need[m] = '\0';
    if (strcmp(got, need) != 0)
        fail_msg("%dx%d, %s: drew \"%s\", not all of \"%s\"", s->w, s->h, what, got, need);
}

static SDL_Rect whole(const Screen *s)
{
    return (SDL_Rect){0, 0, s->l.width, s->l.height};
}

static void the_panels_tile_the_window(void **state)
{
    (void)state;
    /* A window a pixel short of 1280x720 keeps the 2x interface; between whole scales the
     * interface grows in quarter steps. */
    assert_int_equal(layout_quarters(1279, 719), 8);
    assert_int_equal(layout_quarters(1280, 720), 8);
    assert_int_equal(layout_quarters(640, 480), 4);
    assert_int_equal(layout_quarters(800, 600), 4); /* the whole floor still fits */
    assert_int_equal(layout_quarters(1024, 768), 6);
    assert_int_equal(layout_quarters(1920, 1080), 12);
    assert_int_equal(layout_quarters(2560, 1440), 16);
    for (int i = 0; i < SIZE_COUNT; i++) {
        Screen *s = screen_open(SIZES[i][0], SIZES[i][1]);
        for (Zoom z = ZOOM_FLOOR; z < ZOOM_COUNT; z++) {
            PlayLayout l = layout_play(s->w, s->h, &s->text, z, MAP_WIDTH, MAP_HEIGHT);
            SDL_Rect screen = {0, 0, l.width, l.height}, out = {0, 0, s->w, s->h};
            assert_true(inside(l.sidebar, screen));
            assert_true(inside(l.messages, screen));
            assert_true(inside(l.map, screen));
            assert_false(overlap(l.sidebar, l.messages));
            assert_false(overlap(l.sidebar, l.map));
            assert_false(overlap(l.messages, l.map));
            assert_true(inside(l.map_px, out));
            assert_true(inside(l.cells_px, l.map_px));
            assert_true(atlas_tile_sharp(l.tile));
            if (z == ZOOM_FLOOR && s->w >= 800) {
                /* The whole floor at once, at every size from 800x600 (640x480 scrolls). */
                assert_int_equal(l.cols, MAP_WIDTH);
                assert_int_equal(l.rows, MAP_HEIGHT);
            } else if (z != ZOOM_FLOOR) {
                /* The largest sharp tile up to 16 px times the scale (plus one, closer). */
                float want = (float)SPRITE_SIZE * (l.scale + (z == ZOOM_CLOSER ? 1.0f : 0.0f));
                assert_true(l.tile <= (int)want || l.tile == 8);
                for (int t = l.tile + 1; t <= (int)want && t <= ATLAS_SHEET_MAX; t++)
                    assert_false(atlas_tile_sharp(t));
            }
        }
        screen_close(s);
    }
    /* 1280x720: the whole floor at 12 px, filling the width the sidebar leaves. */
    Screen *s = screen_open(1280, 720);
    assert_int_equal(s->l.tile, 12);
    screen_close(s);
}

/* R-UI-1: at the six sizes the panels do not overlap in physical pixels either, the minimap
 * is in the sidebar, and the close view's tiles are at least 32 px from 1280x720. */
static void the_panels_keep_apart_at_every_scale(void **state)
{
    (void)state;
    for (int i = 0; i < SIZE_COUNT; i++) {
        Screen *s = screen_open(SIZES[i][0], SIZES[i][1]);
        for (Zoom z = ZOOM_FLOOR; z < ZOOM_COUNT; z++) {
            PlayLayout l = layout_play(s->w, s->h, &s->text, z, MAP_WIDTH, MAP_HEIGHT);
            assert_true(inside(l.minimap, l.sidebar));
            float side = (float)(l.sidebar.x + l.sidebar.w) * l.scale;
            float msg = (float)(l.messages.y + l.messages.h) * l.scale;
            assert_true((float)l.map_px.x >= side && (float)l.map_px.y >= msg);
            assert_true((float)(l.width * l.scale) <= (float)s->w);
            assert_true((float)(l.height * l.scale) <= (float)s->h);
            if (z == ZOOM_CLOSE && s->w >= 1280 && s->h >= 720)
                assert_true(l.tile >= 32);
        }
        screen_close(s);
    }
}

/* R-UI-4: the title's question (the seed prompt, with an error, or "Abandon the game?") opens
 * under the picture and the name, inside the view, at the six sizes. */
static void the_title_question_leaves_the_picture_in_view(void **state)
{
    (void)state;
    for (int i = 0; i < SIZE_COUNT; i++) {
        Screen *s = screen_open(SIZES[i][0], SIZES[i][1]);
        int lh = s->text.line_height;
        TitleLayout t = layout_title(s->l.width, lh);
        assert_true(t.art.y >= 0 && t.art.x >= 0 && t.art.x + t.art.w <= s->l.width);
        for (int lines = 2; lines <= 6; lines++) {
            SDL_Rect q = layout_title_question(s->l.width, s->l.height, lh, t.menu_y, lines);
            assert_true(q.y >= t.line_y + lh); /* under the picture, the name and the line */
            assert_true(inside(q, whole(s)));
            assert_true(q.y + q.h <= s->l.height - lh - 3); /* the footer stays readable */
        }
        screen_close(s);
    }
}

/* Every message the bot's games make (each template with real values), the longest a line
 * can be with a repeat count, and the lines only the end of the game says. */
enum { MESSAGES_MAX = 512 };
static char messages[MESSAGES_MAX][MSGLOG_LINE_MAX + 16];
static int message_count;

static void note_message(const LogEntry *m)
{
    char line[MSGLOG_LINE_MAX + 16];
    snprintf(line, sizeof line, "%s", m->text);
    for (int i = 0; i < message_count; i++)
        if (strcmp(messages[i], line) == 0)
            return;
    if (message_count < MESSAGES_MAX)
        snprintf(messages[message_count++], sizeof messages[0], "%s", line);
}

static void gather_messages(void)
{
    static Game g;
    static Bot bot;
    for (uint64_t seed = 1; seed <= 12; seed++) {
        assert_true(game_init(&g, seed, test_rules()));
        bot_init(&bot);
        uint64_t seen = g.log.total;
        while (g.outcome == GAME_PLAYING && g.turn < 4000 && bot_play_turn(&bot, &g)) {
            int fresh = (int)(g.log.total - seen);
            for (int age = 0; age < fresh && age < MSGLOG_CAPACITY; age++)
                if (msglog_get(&g.log, age))
                    note_message(msglog_get(&g.log, age));
            seen = g.log.total;
        }
        game_free(&g);
    }
    assert_true(message_count > 30); /* the bot's games said a lot */
    char longest[MSGLOG_LINE_MAX];
    memset(longest, 'W', sizeof longest - 1);
    for (int i = 7; i < MSGLOG_LINE_MAX - 1; i += 8)
        longest[i] = ' ';
    longest[MSGLOG_LINE_MAX - 1] = '\0';
    snprintf(messages[message_count++], sizeof messages[0], "%s", longest);
    snprintf(messages[message_count++], sizeof messages[0], "%s",
             "You die on floor 13, bitten by the Mouse King.");
    snprintf(messages[message_count++], sizeof messages[0], "%s", "You see the Mouse King!");
}

static void every_message_shows_whole(void **state)
{
    (void)state;
    gather_messages();
    Game *g = fixture_game(1, 1, (const char *const[]){"@.", NULL});
    for (int i = 0; i < SIZE_COUNT; i++) {
        Screen *s = screen_open(SIZES[i][0], SIZES[i][1]);
        for (int m = 0; m < message_count; m++) {
            for (int repeats = 1; repeats <= 2; repeats++) {
                msglog_init(&g->log);
                msglog_add(&g->log, 1, "%s", "An older message, to be pushed up or out.");
                for (int k = 0; k < (repeats == 1 ? 1 : 99); k++)
                    msglog_add(&g->log, g->turn, "%s", messages[m]);
                const LogEntry *newest = msglog_get(&g->log, 0);
                char want[MSGLOG_LINE_MAX + 16];
                if (newest->repeats > 1)
                    snprintf(want, sizeof want, "%s (x%d)", newest->text, newest->repeats);
                else
                    snprintf(want, sizeof want, "%s", newest->text);
                s->record.count = 0;
                hud_draw_messages(s->r, &s->text, g, s->l.messages);
                texts_fit(s, 0, s->l.messages, "messages");
                /* The newest is drawn first (at the bottom), whole. */
                int lines = text_wrap_count(&s->text, want, s->l.messages.w - 2 * LAYOUT_PAD);
                assert_true(lines <= LAYOUT_MESSAGES);
                assert_true(s->record.count >= lines);
                s->record.count = lines;
                says_all_of(s, 0, want, "the newest message");
            }
        }
        screen_close(s);
    }
    fixture_free(g);
}

/* Every kind the player can look at, in view. */
static const char *const ALL_KINDS[] = {
    "##################", "#m.n.r.K.k.!.)./.#", "#................#", "#.[.].*.<.>.@....#",
    "#..........'..+..#", "#.....L..........#", "##################", NULL,
};

static void every_description_shows_whole(void **state)
{
    (void)state;
    Game *g = fixture_game(1, 12, ALL_KINDS);
    const Floor *f = game_floor(g);
    for (int i = 0; i < SIZE_COUNT; i++) {
        Screen *s = screen_open(SIZES[i][0], SIZES[i][1]);
        int described = 0;
        for (int y = 0; y < 7; y++)
            for (int x = 0; x < 18; x++) {
                CellText ct;
                if (!describe_cell(g, x, y, &ct))
                    continue;
                described++;
                /* The title is not said again in the body. */
                if (ct.entity && strncmp(ct.body, ct.title, strlen(ct.title)) == 0)
                    fail_msg("%s: the body repeats the title: %s", ct.title, ct.body);
                for (int at_top = 0; at_top < 2; at_top++)
                    for (int keys = 0; keys < 2; keys++) {
                        const char *hint = keys ? VIEW_LOOK_KEYS : NULL;
                        s->record.count = 0;
                        hud_draw_describe(s->r, &s->text, &ct, s->l.map, at_top, hint);
                        SDL_Rect box = hud_describe_rect(&s->text, &ct, s->l.map, at_top, hint);
                        assert_true(inside(box, s->l.map));
                        texts_fit(s, 0, box, ct.title);
                        char want[1400];
                        snprintf(want, sizeof want, "%s%s%s%s", ct.title, ct.status, ct.body,
                                 hint ? hint : "");
                        says_all_of(s, 0, want, ct.title);
                    }
            }
        assert_true(described >= 5 * 16); /* every cell of the room and its walls */
        screen_close(s);
    }
    (void)f;
    fixture_free(g);
}

/* Mice all around, items too, and a player with every figure at its limit. */
static const char *const CROWD[] = {
    "###############", "#mnrmnrmnrmnrm#", "#k!)/[]*k!)/[]#", "#nrmnrm@mnrmnr#",
    "#]*k!)/[]*k!)/#", "#rmnrmnrmnrmnm#", "###############", NULL,
};

/* An item under the player, chosen by its sidebar row, is what the description tells of;
 * the cell itself (the pointer on the map) tells of the player on top. */
static void a_chosen_item_under_the_player_is_described(void **state)
{
    (void)state;
    static const char *const rows[] = {
        "#####",
        "#@..#",
        "#####",
        NULL,
    };
    Game *g = fixture_game(3, 1, rows);
    Entity *pack = game_spawn(g, game_floor(g), KIND_ID_HEALTH_PACK, 1, 1); /* pack full, say */
    CellText ct;
    assert_true(describe_cell(g, 1, 1, &ct));
    assert_string_equal(ct.title, "You");
    assert_true(describe_cell_as(g, 1, 1, pack, &ct));
    assert_string_equal(ct.title, "Health Pack");
    assert_ptr_equal(ct.entity, pack);
    assert_true(describe_cell_as(g, 2, 1, pack, &ct)); /* not on that cell: the cell's own */
    assert_string_equal(ct.title, "Floor");
    fixture_free(g);
}

static void the_sidebar_fits_however_full(void **state)
{
    (void)state;
    Game *g = fixture_game(1, 12, CROWD);
    g->player->stats.hp = g->player->stats.max_hp = 999999;
    g->player->stats.xp = 999999999;
    g->player->stats.level = 1; /* so the XP line shows the next level's figure too */
    g->player->stats.attack_min = g->player->stats.attack_max = 999999;
    g->player->stats.defence = 999999;
    g->turn = 999999999;
    const Entity *things[SIDEBAR_ROWS_MAX];
    int n = game_things_in_view(g, things, SIDEBAR_ROWS_MAX);
    assert_true(n > 30);
    for (int i = 0; i < SIZE_COUNT; i++) {
        Screen *s = screen_open(SIZES[i][0], SIZES[i][1]);
        SidebarRows rows;
        s->record.count = 0;
        sidebar_draw(s->r, &s->atlas, &s->text, g, s->l.sidebar, things[0], &rows);
        texts_fit(s, 0, s->l.sidebar, "sidebar");
        /* Every thing in view is listed, or counted in the last line. */
        assert_int_equal(rows.count - 1 + rows.hidden, n);
        assert_true(rows.hidden > 0);
        for (int a = 0; a < rows.count; a++) {
            assert_true(inside(rows.rect[a], s->l.sidebar));
            for (int b = 0; b < a; b++)
                assert_false(overlap(rows.rect[a], rows.rect[b]));
        }
        screen_close(s);
    }
    fixture_free(g);
}

static void assert_same_rows(const PackRows *a, const PackRows *b)
{
    assert_memory_equal(&a->box, &b->box, sizeof a->box);
    assert_int_equal(a->count, b->count);
    assert_memory_equal(a->rows, b->rows, (size_t)a->count * sizeof *a->rows);
}

/* The pack's rows stay where they were when items leave it: the row under a still pointer
 * is the same letter before and after. */
static void the_pack_rows_stay_put_when_items_leave(void **state)
{
    (void)state;
    Game *g = fixture_game(1, 12, ALL_KINDS);
    static const KindId gear[] = {KIND_ID_CROWBAR, KIND_ID_HEALTH_PACK, KIND_ID_BIKER_JACKET,
                                  KIND_ID_KEY};
    for (int i = 0; i < 4; i++) {
        Entity *e = game_spawn(g, game_floor(g), gear[i], 1, 2);
        assert_non_null(e);
        entity_list_detach(&game_floor(g)->entities, e);
        assert_int_equal(game_pack_add(g, e), i);
    }
    for (int i = 0; i < SIZE_COUNT; i++) {
        Screen *s = screen_open(SIZES[i][0], SIZES[i][1]);
        PackRows before, after;
        hud_draw_pack(s->r, &s->atlas, &s->text, g, 1, NULL, &before, s->l.width, s->l.height);
        assert_int_equal(before.count, g->rules->inventory_limit);
        Entity *pack = game_take_item(g, 1);
        s->record.count = 0;
        hud_draw_pack(s->r, &s->atlas, &s->text, g, 1, NULL, &after, s->l.width, s->l.height);
        texts_fit(s, 0, after.box, "the pack with a gap");
        assert_same_rows(&after, &before);
        SDL_Rect c = before.rows[2]; /* the Jacket's row is still c */
        assert_int_equal(hud_pack_row_at(&after, c.x + c.w / 2, c.y + c.h / 2), 2);
        assert_int_equal(game_pack_add(g, pack), 1);
        screen_close(s);
    }
    fixture_free(g);
}

static void the_panels_over_the_map_fit(void **state)
{
    (void)state;
    Game *g = fixture_game(1, 12, ALL_KINDS);
    /* A full pack of the longest lines, all worn that can be. */
    static const KindId gear[] = {
        KIND_ID_BULLETPROOF_VEST, KIND_ID_STUN_BATON, KIND_ID_MICROCHIP, KIND_ID_HEALTH_PACK,
        KIND_ID_BIKER_JACKET,     KIND_ID_CROWBAR,    KIND_ID_KEY,       KIND_ID_BULLETPROOF_VEST};
    for (int i = 0; i < (int)(sizeof gear / sizeof *gear) && i < RULES_INVENTORY_CAP; i++) {
        Entity *e = game_spawn(g, game_floor(g), gear[i], 1, 2);
        assert_non_null(e);
        entity_list_detach(&game_floor(g)->entities, e);
        assert_true(game_pack_add(g, e) >= 0);
    }
    for (int i = 0; i < 3; i++)
        assert_true(game_equip_item(g, i));
    msglog_init(&g->log);
    for (int i = 0; i < 300; i++)
        msglog_add(&g->log, (uint32_t)(i * 1000000), "Message %d: %s", i,
                   "a line as long as a line of the log may be, with words enough to be "
                   "wrapped once or twice in every window the game opens.");
    for (int i = 0; i < SIZE_COUNT; i++) {
        Screen *s = screen_open(SIZES[i][0], SIZES[i][1]);
        PackRows rows;
        s->record.count = 0;
        hud_draw_pack(s->r, &s->atlas, &s->text, g, 1, NULL, &rows, s->l.width, s->l.height);
        texts_fit(s, 0, rows.box, "the pack");
        assert_true(inside(rows.box, whole(s)));
        int worn = 0;
        for (int t = 0; t < s->record.count; t++)
            worn += strcmp(s->record.items[t].s, "worn") == 0;
        assert_int_equal(worn, 3); /* each worn piece says so; the others compare with it */
        s->record.count = 0;
        static const char prompt[] = "Press Shift+h again to drop the worn Bulletproof Vest, a "
                                     "question long enough to wrap in the narrowest window.";
        PackRows asking;
        hud_draw_pack(s->r, &s->atlas, &s->text, g, 7, prompt, &asking, s->l.width, s->l.height);
        texts_fit(s, 0, asking.box, "the pack asking");
        assert_same_rows(&asking, &rows);
        Keymap keys;
        keymap_default(&keys);
        s->record.count = 0;
        hud_draw_help(s->r, &s->text, g, &keys, s->l.width, s->l.height);
        texts_fit(s, 0, whole(s), "the help");
        s->record.count = 0;
        hud_draw_log(s->r, &s->text, g, 0, s->l.width, s->l.height);
        texts_fit(s, 0, whole(s), "the log");
        assert_true(s->record.count > 5);
        s->record.count = 0;
        hud_draw_toast(s->r, &s->text,
                       "Not saved: /home/someone/.local/share/mouseking/a folder with a very "
                       "long name indeed/save.json: No space left on device",
                       s->l.width, s->l.height);
        texts_fit(s, 0, whole(s), "a toast");
        screen_close(s);
    }
    fixture_free(g);
}

/* A whole frame with the Mouse King hunting in view and the cursor low on the map, so the
 * description goes to the top, where his bar is. */
static void a_frame_with_the_king_keeps_its_texts_apart(void **state)
{
    (void)state;
    /* At the map's bottom, so the cursor can be low on screen at every zoom. */
    static const char *hall[MAP_HEIGHT + 1];
    static const char *const bottom[] = {"##########", "#..K.....#", "#........#",
                                         "#...@....#", "#........#", "##########"};
    for (int y = 0; y < MAP_HEIGHT; y++)
        hall[y] = y < MAP_HEIGHT - 6 ? "#" : bottom[y - (MAP_HEIGHT - 6)];
    hall[MAP_HEIGHT] = NULL;
    Game *g = fixture_game(1, 13, hall);
    Entity *king = fixture_find(g, KIND_ID_MOUSE_KING);
    king->mind.state = MIND_HUNTING;
    assert_ptr_equal(game_boss_shown(g), king);
    for (int i = 0; i < SIZE_COUNT; i++) {
        Screen *s = screen_open(SIZES[i][0], SIZES[i][1]);
        for (Zoom z = ZOOM_FLOOR; z < ZOOM_COUNT; z++) {
            View view = {.renderer = s->r,
                         .atlas = &s->atlas,
                         .text = &s->text,
                         .out_w = s->w,
                         .out_h = s->h,
                         .zoom = z,
                         .follow_x = -1,
                         .follow_y = -1};
            view_place(&view, g);
            /* The hall's lowest row, low on screen: the panel goes to the top. */
            ViewMarks marks = {king->x, MAP_HEIGHT - 2, NULL, 0, king, true, NULL, NULL};
            assert_true(marks.cursor_y - view.camera.y >= view.layout.rows / 2);
            s->record.count = 0;
            view_draw_play(&view, g, &marks);
            texts_fit(s, 0, whole(s), "a frame");
        }
        screen_close(s);
    }
    fixture_free(g);
}

int main(void)
{
    if (SDL_Init(0) != 0 || TTF_Init() != 0)
        return 1;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_panels_tile_the_window),
        cmocka_unit_test(the_panels_keep_apart_at_every_scale),
        cmocka_unit_test(the_title_question_leaves_the_picture_in_view),
        cmocka_unit_test(every_message_shows_whole),
        cmocka_unit_test(every_description_shows_whole),
        cmocka_unit_test(a_chosen_item_under_the_player_is_described),
        cmocka_unit_test(the_sidebar_fits_however_full),
        cmocka_unit_test(the_panels_over_the_map_fit),
        cmocka_unit_test(the_pack_rows_stay_put_when_items_leave),
        cmocka_unit_test(a_frame_with_the_king_keeps_its_texts_apart),
    };
    return RUN_TESTS(tests);
}
