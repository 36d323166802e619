/* Throwing and the lab tools (docs/RULES.md R-THROW-1..3, R-TOOL-1..8, R-VIAL-8): the line of
 * flight, how each item is aimed, what each tool and each thrown vial does to the mice, and
 * how their states count down. The numbers are the fixture's (tests/rules/fixture.json). */
#include "test_support.h"

#include "core/factory.h"
#include "game/memory.h"
#include "game/tools.h"
#include "game/vials.h"
#include "game_fixture.h"
#include "store/save.h"

/* A long open room: the player at its west end, walls all round. */
static const char *const HALL[] = {
    "##############", "#@...........#", "#............#", "#............#", "##############", NULL,
};

static KindId kind_named(Game *g, const char *name)
{
    KindId k = kind_find(g->factory.kinds, name);
    assert_true(k != KIND_NONE);
    return k;
}

/* Puts an item of the named kind into the pack (its stack if it stacks); its letter. */
static int give(Game *g, const char *name)
{
    Entity *e = factory_make(&g->factory, kind_named(g, name), 0, 0, 0);
    assert_non_null(e);
    int letter = game_pack_add(g, e);
    assert_true(letter >= 0);
    vials_name_all(g);
    return letter;
}

/* A mouse of `kind` at (x, y), awake and hunting. */
static Entity *mouse(Game *g, KindId kind, int x, int y)
{
    Entity *m = game_spawn(g, game_floor(g), kind, x, y);
    assert_non_null(m);
    m->mind.state = MIND_HUNTING;
    m->mind.target_x = g->player->x;
    m->mind.target_y = g->player->y;
    game_rebuild_derived(g);
    return m;
}

static bool throw_at(Game *g, int letter, int x, int y)
{
    return fixture_do(g, command_throw(letter, x, y));
}

/* R-THROW-1: at most six cells, stopping before walls and at the first mouse. */
static void the_line_stops_at_range_walls_and_the_first_mouse(void **state)
{
    (void)state;
    Game *g = fixture_game(1, 1, HALL);
    ThrowLine line;
    game_throw_line(g, 10, 1, &line); /* nine cells east */
    assert_int_equal(line.count, 9);
    assert_int_equal(line.land, THROW_RANGE - 1);
    assert_int_equal(line.x[line.land], 7);
    assert_false(line.reaches);
    game_throw_line(g, 5, 1, &line);
    assert_true(line.reaches);
    game_throw_line(g, 1, 0, &line); /* straight into the wall above */
    assert_int_equal(line.land, -1);
    mouse(g, KIND_ID_MICRO_MOUSE, 3, 1);
    game_throw_line(g, 6, 1, &line);
    assert_int_equal(line.land, 1); /* on the mouse, two cells out */
    assert_false(line.reaches);
    fixture_free(g);
}

/* R-THROW-1: a diagonal step between two walls stops the line. */
static void the_line_does_not_squeeze_between_walls(void **state)
{
    (void)state;
    static const char *const rows[] = {"#####", "#@###", "##..#", "##..#", "#####", NULL};
    Game *g = fixture_game(1, 1, rows);
    ThrowLine line;
    game_throw_line(g, 3, 3, &line);
    assert_int_equal(line.land, -1);
    fixture_free(g);
}

/* R-THROW-2: refused throws take no turn and say why; a throw takes one. */
static void refusals_take_no_turn(void **state)
{
    (void)state;
    Game *g = fixture_game(1, 1, HALL);
    int crowbar = give(g, "Crowbar"), darts = give(g, "Tranquilizer Darts");
    int trap = give(g, "Spring Trap"), cheese = give(g, "Cheese");
    uint32_t turn = g->turn;
    assert_false(throw_at(g, crowbar, 4, 1));
    assert_true(fixture_said(g, "The Crowbar is not something to throw."));
    assert_false(throw_at(g, darts, 4, 1));
    assert_true(fixture_said_recently(g, "no mouse in reach", 1));
    assert_false(throw_at(g, trap, 4, 1));
    assert_true(fixture_said_recently(g, "goes on a cell beside you", 1));
    assert_false(throw_at(g, cheese, 1, 1));
    assert_int_equal(g->turn, turn);
    assert_true(throw_at(g, cheese, 4, 2));
    assert_int_equal(g->turn, turn + 1);
    assert_null(game_pack_item(g, cheese));
    assert_int_equal(game_throw_how(g, trap), TARGET_ADJACENT);
    assert_int_equal(game_throw_how(g, darts), TARGET_MOUSE);
    assert_int_equal(game_throw_how(g, cheese), TARGET_NONE); /* thrown: the letter is empty */
    fixture_free(g);
}

/* R-THROW-2: a throw off the map (a recording's bad line) is refused, whatever the numbers. */
static void a_throw_off_the_map_is_refused(void **state)
{
    (void)state;
    Game *g = fixture_game(1, 1, HALL);
    int cheese = give(g, "Cheese");
    uint32_t turn = g->turn;
    assert_false(throw_at(g, cheese, 2147483647, 1));
    assert_false(throw_at(g, cheese, -2147483647 - 1, -5));
    assert_false(throw_at(g, cheese, 3, MAP_HEIGHT));
    assert_int_equal(g->turn, turn);
    assert_non_null(game_pack_item(g, cheese));
    ThrowLine line;
    game_throw_line(g, 100000, 100000, &line);
    assert_int_equal(line.count, 0);
    fixture_free(g);
}

/* R-TOOL-2: a fast mouse killed by a trap in its first action takes no second one. */
static void a_mouse_killed_by_a_trap_acts_no_more(void **state)
{
    (void)state;
    static const char *const corridor[] = {"########", "#@.....#", "########", NULL};
    Game *g = fixture_game(1, 1, corridor);
    Entity *trap = factory_make(&g->factory, kind_named(g, "Spring Trap"), 0, 2, 1);
    trap->flags |= EF_SET;
    entity_list_add(&game_floor(g)->entities, trap);
    Entity *m = mouse(g, KIND_ID_RABID_MOUSE, 5, 1);
    m->stats.speed = 40; /* four actions: to (4, 1), (3, 1), onto the trap beside her, a bite */
    m->stats.hp = 1;
    m->stats.hit = 100;
    fixture_do(g, command_wait());
    assert_null(fixture_find(g, KIND_ID_RABID_MOUSE));      /* dead, and freed with the turn */
    assert_false(fixture_said_recently(g, "bites you", 6)); /* killed, it never reached her */
    assert_false(fixture_said_recently(g, "misses you", 6));
    fixture_free(g);
}

/* R-THROW-3: the mice a throw reaches, nearest first; one behind another is not offered. */
static void tab_offers_the_reachable_mice_nearest_first(void **state)
{
    (void)state;
    Game *g = fixture_game(1, 1, HALL);
    Entity *far = mouse(g, KIND_ID_NEO_MOUSE, 5, 3);
    Entity *near = mouse(g, KIND_ID_MICRO_MOUSE, 2, 3);
    mouse(g, KIND_ID_MICRO_MOUSE, 4, 1);
    mouse(g, KIND_ID_MICRO_MOUSE, 5, 1); /* behind the one at (4, 1) */
    Entity *out[8];
    int n = game_throw_targets(g, out, 8);
    assert_int_equal(n, 3);
    assert_ptr_equal(out[0], near);
    assert_int_equal(out[1]->x, 4);
    assert_ptr_equal(out[2], far);
    fixture_free(g);
}

/* R-TOOL-1: an awake mouse near goes to eat; a dormant one and the King do not; it ignores the
 * player while it eats. */
static void cheese_draws_the_awake_mice(void **state)
{
    (void)state;
    Game *g = fixture_game(1, 1, HALL);
    Entity *biter = mouse(g, KIND_ID_NEO_MOUSE, 2, 2); /* beside her, off the line */
    Entity *dormant = mouse(g, KIND_ID_MICRO_MOUSE, 2, 3);
    dormant->mind.state = MIND_DORMANT;
    Entity *king = mouse(g, KIND_ID_MOUSE_KING, 12, 3);
    int hp = g->player->stats.hp;
    assert_true(throw_at(g, give(g, "Cheese"), 6, 1));
    assert_true(biter->mind.fx.eating > 0);
    assert_int_equal(biter->mind.target_x, 6);
    assert_int_equal(dormant->mind.fx.eating, 0);
    assert_int_equal(king->mind.fx.eating, 0);
    for (int i = 0; i < 4; i++)
        fixture_do(g, command_wait());
    assert_true(biter->x >= 5);
    assert_true(g->player->stats.hp >= hp - 1 || king->x < 9); /* no bite from the eater */
    Entity *cheese = fixture_find(g, kind_named(g, "Cheese"));
    assert_non_null(cheese); /* it lies there while eaten, and cannot be taken */
    assert_true(cheese->flags & EF_BAIT);
    assert_int_equal(cheese->x, 6);
    for (int i = 0; i < 20 && biter->mind.fx.eating > 0; i++)
        fixture_do(g, command_wait());
    assert_int_equal(biter->mind.fx.eating, 0);
    assert_null(fixture_find(g, kind_named(g, "Cheese"))); /* eaten up */
    fixture_free(g);
}

/* R-TOOL-1: an eating mouse goes round the player standing on its way to the Cheese. */
static void an_eating_mouse_goes_round_her(void **state)
{
    (void)state;
    Game *g = fixture_game(1, 1, HALL);
    g->player->x = 4;
    g->player->y = 2;
    Entity *m = mouse(g, KIND_ID_NEO_MOUSE, 2, 2); /* west of her; the Cheese goes east */
    assert_true(throw_at(g, give(g, "Cheese"), 8, 2));
    for (int i = 0; i < 8; i++)
        fixture_do(g, command_wait());
    assert_true(m->x >= 7);
    fixture_free(g);
}

/* R-TOOL-1: Cheese no mouse comes for lies where it landed, and is picked up again. */
static void cheese_nobody_wants_stays_on_the_floor(void **state)
{
    (void)state;
    Game *g = fixture_game(1, 1, HALL);
    Entity *dormant = mouse(g, KIND_ID_MICRO_MOUSE, 10, 3);
    dormant->mind.state = MIND_DORMANT;
    int count = g->inventory_count;
    assert_true(throw_at(g, give(g, "Cheese"), 3, 1));
    assert_int_equal(g->inventory_count, count);
    Entity *cheese = fixture_find(g, kind_named(g, "Cheese"));
    assert_non_null(cheese);
    assert_int_equal(cheese->x, 3);
    assert_true(fixture_step(g, 1, 0));
    assert_true(fixture_step(g, 1, 0));
    assert_int_equal(g->inventory_count, count + 1);
    fixture_free(g);
}

/* R-TOOL-1: Cheese the mice are eating is not picked up by walking over it. */
static void cheese_being_eaten_is_not_taken(void **state)
{
    (void)state;
    Game *g = fixture_game(1, 1, HALL);
    Entity *cheese = factory_make(&g->factory, kind_named(g, "Cheese"), 0, 2, 1);
    cheese->flags |= EF_BAIT;
    entity_list_add(&game_floor(g)->entities, cheese);
    int count = g->inventory_count;
    assert_true(fixture_step(g, 1, 0));
    assert_int_equal(g->inventory_count, count);
    fixture_free(g);
}

/* R-TOOL-2: the first mouse on a set trap is hurt and held; the player walks over it. */
static void a_set_trap_holds_the_first_mouse(void **state)
{
    (void)state;
    Game *g = fixture_game(1, 1, HALL);
    assert_true(throw_at(g, give(g, "Spring Trap"), 2, 1));
    Entity *trap = fixture_find(g, kind_named(g, "Spring Trap"));
    assert_non_null(trap);
    assert_true(trap->flags & EF_SET);
    assert_true(fixture_step(g, 1, 0)); /* onto her own trap: nothing happens */
    assert_false(trap->flags & EF_REMOVED);
    assert_true(fixture_step(g, 1, 0));
    Entity *m = mouse(g, KIND_ID_TOUGH_MOUSE, 4, 1);
    int hp = m->stats.hp;
    assert_true(fixture_step(g, -1, 0)); /* she steps back to (2, 1): off the trap */
    assert_true(fixture_step(g, -1, 0));
    while (m->x != 2 && g->turn < 40)
        fixture_do(g, command_wait());
    assert_int_equal(m->x, 2);
    assert_int_equal(m->stats.hp, hp - 8);
    assert_true(m->mind.fx.held > 0);
    assert_null(fixture_find(g, kind_named(g, "Spring Trap")));
    g->player->y = 3; /* she is two cells off: free, it would come after her */
    game_rebuild_derived(g);
    fixture_do(g, command_wait());
    assert_int_equal(m->x, 2); /* held: it stays */
    assert_int_equal(m->y, 1);
    fixture_free(g);
}

/* R-TOOL-3: the mice within 6 flee, the King for less; the charges run out. */
static void the_repeller_sends_the_mice_away(void **state)
{
    (void)state;
    Game *g = fixture_game(1, 1, HALL);
    Entity *near = mouse(g, KIND_ID_NEO_MOUSE, 2, 1);
    Entity *out_of_reach = mouse(g, KIND_ID_NEO_MOUSE, 9, 1);
    Entity *king = mouse(g, KIND_ID_MOUSE_KING, 3, 3);
    int letter = give(g, "Ultrasonic Repeller");
    assert_int_equal(game_pack_item(g, letter)->item.count, 3);
    assert_true(fixture_do(g, command_item(CMD_USE, letter)));
    assert_true(near->mind.fx.repelled >= 7);
    assert_int_equal(out_of_reach->mind.fx.repelled, 0);
    assert_true(king->mind.fx.repelled > 0 && king->mind.fx.repelled <= 2);
    assert_true(near->x > 2); /* it stepped away */
    assert_int_equal(game_pack_item(g, letter)->item.count, 2);
    assert_true(fixture_do(g, command_item(CMD_USE, letter)));
    assert_true(fixture_do(g, command_item(CMD_USE, letter)));
    assert_null(game_pack_item(g, letter));
    fixture_free(g);
}

/* R-TOOL-4: dazed within 2 with a clear line; a dazed mouse loses its turns and its dodge. */
static void the_flash_dazes_the_mice_that_see_it(void **state)
{
    (void)state;
    static const char *const rows[] = {"##########", "#@.......#", "#........#", "########.#",
                                       "#........#", "##########", NULL};
    Game *g = fixture_game(1, 1, rows);
    Entity *seen = mouse(g, KIND_ID_NEO_MOUSE, 5, 2);
    Entity *behind = mouse(g, KIND_ID_NEO_MOUSE, 4, 4); /* the wall (4, 3) between */
    seen->stats.dodge = 30;
    assert_true(throw_at(g, give(g, "Flash Bulb"), 4, 2));
    assert_true(seen->mind.fx.dazed > 0);
    assert_int_equal(behind->mind.fx.dazed, 0);
    assert_int_equal(game_fighter(g, seen).dodge, 0);
    fixture_do(g, command_wait());
    fixture_do(g, command_wait());
    assert_int_equal(seen->x, 5); /* dazed, it lost its turns: it did not come closer */
    fixture_free(g);
}

/* R-TOOL-5: a hit puts a mouse to sleep until hurt, slows the King; hits near 75%. */
static void darts_put_mice_to_sleep(void **state)
{
    (void)state;
    Game *g = fixture_game(1, 1, HALL);
    Entity *m = mouse(g, KIND_ID_NEO_MOUSE, 4, 1);
    m->stats.dodge = 0;
    int hits = 0, letter = give(g, "Tranquilizer Darts");
    game_pack_item(g, letter)->item.count = 250;
    for (int throws = 0; throws < 200; throws++) {
        m->mind.fx.asleep = 0;
        assert_true(game_throw(g, letter, 4, 1));
        hits += m->mind.fx.asleep == 20;
    }
    assert_in_range(hits, 120, 175); /* 75% of 200, give or take */
    m->mind.fx.asleep = 20;
    game_hurt_mouse(g, m, 1, "Test");
    assert_int_equal(m->mind.fx.asleep, 0);
    Entity *king = mouse(g, KIND_ID_MOUSE_KING, 2, 2);
    king->stats.dodge = -100; /* always hit */
    game_throw(g, give(g, "Tranquilizer Darts"), 2, 2);
    assert_int_equal(king->mind.fx.asleep, 0);
    assert_int_equal(king->mind.fx.slowed, 5);
    assert_int_equal(mouse_fx_speed(king), king->stats.speed / 2);
    fixture_free(g);
}

/* R-TOOL-6: the mice within 4 are scrambled, the King for 2. */
static void the_scrambler_scrambles_the_mice_near(void **state)
{
    (void)state;
    Game *g = fixture_game(1, 1, HALL);
    Entity *near = mouse(g, KIND_ID_META_MOUSE, 5, 2);
    Entity *far = mouse(g, KIND_ID_META_MOUSE, 7, 2);
    Entity *king = mouse(g, KIND_ID_MOUSE_KING, 2, 3);
    int letter = give(g, "Chip Scrambler");
    assert_true(fixture_do(g, command_item(CMD_USE, letter)));
    assert_true(near->mind.fx.scrambled >= 5);
    assert_int_equal(far->mind.fx.scrambled, 0);
    assert_true(king->mind.fx.scrambled > 0 && king->mind.fx.scrambled <= 2);
    assert_null(game_pack_item(g, letter));
    fixture_free(g);
}

/* R-TOOL-7: a stacking kind joins its stack under one letter; a throw uses one. */
static void stacks_share_one_letter(void **state)
{
    (void)state;
    Game *g = fixture_game(1, 1, HALL);
    int a = give(g, "Tranquilizer Darts");
    Entity *more = factory_make(&g->factory, kind_named(g, "Tranquilizer Darts"), 0, 2, 1);
    entity_list_add(&game_floor(g)->entities, more);
    int count = g->inventory_count;
    assert_true(fixture_step(g, 1, 0));
    assert_int_equal(g->inventory_count, count);
    assert_int_equal(game_pack_item(g, a)->item.count, 8);
    assert_true(fixture_said_recently(g, "8 in all", 3));
    Entity *m = mouse(g, KIND_ID_NEO_MOUSE, 5, 1);
    assert_true(throw_at(g, a, m->x, m->y));
    assert_int_equal(game_pack_item(g, a)->item.count, 7);
    fixture_free(g);
}

/* R-TOOL-8: states count down once per turn of the mice; haste doubles the speed. */
static void states_count_down_each_turn(void **state)
{
    (void)state;
    Game *g = fixture_game(1, 1, HALL);
    Entity *m = mouse(g, KIND_ID_NEO_MOUSE, 8, 3);
    m->mind.fx.held = 3;
    m->mind.fx.hasted = 2;
    assert_int_equal(mouse_fx_speed(m), 2 * m->stats.speed);
    fixture_do(g, command_wait());
    assert_int_equal(m->mind.fx.held, 2);
    assert_int_equal(m->mind.fx.hasted, 1);
    fixture_do(g, command_wait());
    assert_int_equal(m->mind.fx.hasted, 0);
    assert_int_equal(mouse_fx_speed(m), m->stats.speed);
    assert_string_equal(mouse_fx_word(m), "held");
    fixture_free(g);
}

/* R-VIAL-8: a Sedative thrown puts the mice within 1 to sleep (not the King), and is known. */
static void a_thrown_sedative_is_seen_and_known(void **state)
{
    (void)state;
    Game *g = fixture_game(1, 1, HALL);
    Entity *a = mouse(g, KIND_ID_NEO_MOUSE, 5, 1), *b = mouse(g, KIND_ID_NEO_MOUSE, 6, 2);
    Entity *c = mouse(g, KIND_ID_NEO_MOUSE, 8, 2);
    assert_true(throw_at(g, give(g, "Sedative"), 5, 1));
    assert_true(a->mind.fx.asleep >= 14 && b->mind.fx.asleep >= 14);
    assert_int_equal(c->mind.fx.asleep, 0);
    assert_true(g->vials.known & (1 << vial_index(KIND_ID_SEDATIVE)));
    assert_true(fixture_said_recently(g, "It was Sedative!", 3));
    fixture_free(g);
}

/* R-VIAL-8: Acid burns each mouse hit for 10; Radar does nothing and stays unknown. */
static void thrown_acid_burns_and_radar_stays_unknown(void **state)
{
    (void)state;
    Game *g = fixture_game(1, 1, HALL);
    Entity *m = mouse(g, KIND_ID_TOUGH_MOUSE, 5, 1);
    int hp = m->stats.hp;
    assert_true(throw_at(g, give(g, "Acid"), 5, 1));
    assert_int_equal(m->stats.hp, hp - 10);
    assert_true(throw_at(g, give(g, "Mouse Radar"), 5, 1));
    assert_false(g->vials.known & (1 << vial_index(KIND_ID_MOUSE_RADAR)));
    fixture_free(g);
}

/* R-VIAL-8: the other mice go for a marked mouse and bite it. */
static void pheromone_turns_the_mice_on_the_marked(void **state)
{
    (void)state;
    Game *g = fixture_game(1, 1, HALL);
    Entity *marked = mouse(g, KIND_ID_TOUGH_MOUSE, 8, 1);
    Entity *other = mouse(g, KIND_ID_RABID_MOUSE, 10, 1);
    other->stats.hit = 100;
    int hp = marked->stats.hp;
    assert_true(throw_at(g, give(g, "Pheromone"), 7, 1)); /* the mouse at 8 is within 1 */
    assert_true(marked->mind.fx.marked > 0);
    assert_int_equal(other->mind.fx.marked, 0);
    for (int i = 0; i < 4; i++)
        fixture_do(g, command_wait());
    assert_true(marked->stats.hp < hp);
    fixture_free(g);
}

/* R-TOOL-2: a set trap out of view is remembered as set. */
static void a_set_trap_is_remembered_set(void **state)
{
    (void)state;
    static const char *const rows[] = {"#######", "#@....#", "#######", "#.....#", "#######", NULL};
    Game *g = fixture_game(1, 1, rows);
    assert_true(throw_at(g, give(g, "Spring Trap"), 2, 1));
    g->player->y = 3; /* into the room below, which sees nothing of the one above */
    game_rebuild_derived(g);
    MemoryMark marks[4];
    assert_int_equal(game_remembered_items(g, marks, 4), 1);
    assert_int_equal(marks[0].sprite, SPRITE_SPRING_TRAP_SET);
    fixture_free(g);
}

/* An item of the real floor made into one of `name` (the save's counts stay true). */
static Entity *remake(Game *g, Entity *from, const char *name)
{
    const KindDef *k = kind_get(g->factory.kinds, kind_named(g, name));
    from->kind_id = kind_named(g, name);
    kind_apply(k, from, from->item.floor);
    return from;
}

/* R-TOOL-8, R-TOOL-7, R-TOOL-2: a save keeps the mice's states, a stack's count and a set
 * trap. */
static void the_save_keeps_states_stacks_and_traps(void **state)
{
    (void)state;
    Game *g = malloc(sizeof *g);
    assert_true(game_init(g, 11, test_rules()));
    for (int f = 1; f <= 3; f++) /* floors with mice and items */
        assert_true(game_change_floor(g, f));
    Entity *m = NULL, *items[2] = {NULL, NULL};
    int n = 0;
    for (Entity *e = game_floor(g)->entities.head; e; e = e->next) {
        if (e->kind == KIND_MONSTER && !m)
            m = e;
        if (e->kind == KIND_ITEM && n < 2 && !(e->flags & EF_CAGED))
            items[n++] = e;
    }
    assert_non_null(m);
    assert_int_equal(n, 2);
    m->mind.fx = (MouseFx){.asleep = 12, .held = 3, .marked = 2};
    remake(g, items[0], "Tranquilizer Darts")->item.count = 3;
    remake(g, items[1], "Spring Trap")->flags |= EF_SET;
    char *text = save_to_json(g), err[256];
    assert_non_null(text);
    Game back;
    if (!save_from_json(&back, text, strlen(text), test_rules(), err, sizeof err))
        fail_msg("%s", err);
    free(text);
    int fx = 0, darts = 0, traps = 0;
    for (Entity *e = game_floor(&back)->entities.head; e; e = e->next) {
        fx += e->kind == KIND_MONSTER && e->mind.fx.asleep == 12 && e->mind.fx.held == 3 &&
              e->mind.fx.marked == 2;
        darts += e->kind_id == kind_named(&back, "Tranquilizer Darts") && e->item.count == 3;
        traps += e->kind_id == kind_named(&back, "Spring Trap") && (e->flags & EF_SET);
    }
    assert_int_equal(fx, 1);
    assert_int_equal(darts, 1);
    assert_int_equal(traps, 1);
    game_free(&back);
    fixture_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_line_stops_at_range_walls_and_the_first_mouse),
        cmocka_unit_test(the_line_does_not_squeeze_between_walls),
        cmocka_unit_test(refusals_take_no_turn),
        cmocka_unit_test(tab_offers_the_reachable_mice_nearest_first),
        cmocka_unit_test(a_throw_off_the_map_is_refused),
        cmocka_unit_test(a_mouse_killed_by_a_trap_acts_no_more),
        cmocka_unit_test(cheese_draws_the_awake_mice),
        cmocka_unit_test(cheese_nobody_wants_stays_on_the_floor),
        cmocka_unit_test(an_eating_mouse_goes_round_her),
        cmocka_unit_test(cheese_being_eaten_is_not_taken),
        cmocka_unit_test(a_set_trap_holds_the_first_mouse),
        cmocka_unit_test(the_repeller_sends_the_mice_away),
        cmocka_unit_test(the_flash_dazes_the_mice_that_see_it),
        cmocka_unit_test(darts_put_mice_to_sleep),
        cmocka_unit_test(the_scrambler_scrambles_the_mice_near),
        cmocka_unit_test(stacks_share_one_letter),
        cmocka_unit_test(states_count_down_each_turn),
        cmocka_unit_test(a_thrown_sedative_is_seen_and_known),
        cmocka_unit_test(thrown_acid_burns_and_radar_stays_unknown),
        cmocka_unit_test(pheromone_turns_the_mice_on_the_marked),
        cmocka_unit_test(the_save_keeps_states_stacks_and_traps),
        cmocka_unit_test(a_set_trap_is_remembered_set),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
