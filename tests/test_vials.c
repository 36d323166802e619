/* Unlabelled vials (docs/RULES.md R-VIAL-1..7): colours shuffled by the seed, drinking one
 * identifies its kind, each drunk effect, and what the save keeps. */
#include "test_support.h"

#include <stdlib.h>

#include "bot/bot.h"
#include "core/factory.h"
#include "game/vials.h"
#include "game/view_list.h"
#include "game_fixture.h"
#include "store/highscores.h"
#include "store/save.h"

/* A room with a Neo Mouse far off, asleep, out of the player's sight behind a wall. */
static const char *const ROOM[] = {
    "##########", "#@.......#", "#........#", "######.###",
    "#........#", "#.......n#", "##########", NULL,
};

/* Puts a vial of `kind` into the pack, named as the game names vials; its letter. */
static int give(Game *g, KindId kind)
{
    Entity *v = factory_make(&g->factory, kind, 0, 0, 0);
    assert_non_null(v);
    int letter = game_pack_add(g, v);
    assert_true(letter >= 0);
    vials_name_all(g);
    return letter;
}

/* The same, with an item of the current floor made into the vial: the counts of the save
 * (items made, items picked up) stay true. */
static int pick(Game *g, KindId kind)
{
    Entity *e = game_floor(g)->entities.head;
    while (e && (e->kind != KIND_ITEM || (e->flags & EF_REMOVED)))
        e = e->next;
    assert_non_null(e);
    entity_list_detach(&game_floor(g)->entities, e);
    e->kind_id = kind;
    e->item = (ItemStats){0}; /* a vial's numbers: none */
    e->flags |= EF_CARRIED_BEFORE;
    g->counters.items_picked++;
    int letter = game_pack_add(g, e);
    assert_true(letter >= 0);
    vials_name_all(g);
    return letter;
}

/* R-VIAL-1: the six colours, each once, the same for a seed, not the same for all seeds. */
static void the_colours_are_a_permutation_fixed_by_the_seed(void **state)
{
    (void)state;
    bool differs = false;
    VialState first;
    vials_shuffle(&first, 1);
    for (uint64_t seed = 1; seed <= 50; seed++) {
        VialState a, b;
        vials_shuffle(&a, seed);
        vials_shuffle(&b, seed);
        int seen = 0;
        for (int k = 0; k < VIAL_KINDS; k++) {
            assert_int_equal(a.look[k], b.look[k]);
            assert_true(a.look[k] < VIAL_KINDS);
            seen |= 1 << a.look[k];
            differs = differs || a.look[k] != first.look[k];
        }
        assert_int_equal(seen, (1 << VIAL_KINDS) - 1);
    }
    assert_true(differs);
    Game *g = fixture_game(7, 1, ROOM);
    VialState seven;
    vials_shuffle(&seven, 7);
    assert_memory_equal(g->vials.look, seven.look, VIAL_KINDS);
    fixture_free(g);
}

/* R-VIAL-2: an unknown vial shows its colour; drinking one names every vial of its kind. */
static void drinking_identifies_every_vial_of_its_kind(void **state)
{
    (void)state;
    Game *g = fixture_game(3, 1, ROOM);
    int a = give(g, KIND_ID_ADRENALINE);
    int b = give(g, KIND_ID_ADRENALINE);
    int c = give(g, KIND_ID_ACID);
    char want[64];
    snprintf(want, sizeof want, "Unlabelled Vial (%s)",
             vial_colour_name(g->vials.look[vial_index(KIND_ID_ADRENALINE)]));
    assert_string_equal(game_pack_item(g, a)->name, want);
    assert_int_equal(game_pack_item(g, a)->sprite,
                     SPRITE_VIAL_BLUE + g->vials.look[vial_index(KIND_ID_ADRENALINE)]);
    assert_true(fixture_do(g, command_item(CMD_USE, a)));
    assert_true(fixture_said_recently(g, "It was Adrenaline!", 4));
    assert_string_equal(game_pack_item(g, b)->name, "Adrenaline");
    assert_string_equal(game_pack_item(g, c)->name + 0, game_pack_item(g, c)->name);
    assert_non_null(strstr(game_pack_item(g, c)->name, "Unlabelled Vial"));
    assert_int_equal(vials_known_count(g), 1);
    Entity *lying = game_spawn(g, game_floor(g), KIND_ID_ACID, 2, 1); /* beside her */
    assert_non_null(lying);
    assert_true(fixture_step(g, 1, 0));
    assert_true(fixture_said_recently(g, "You pick up the Unlabelled Vial (", 3));
    fixture_free(g);
}

/* R-VIAL-3: the Healing Serum heals 30 (up to the maximum); Acid takes 8 and can kill. */
static void serum_heals_and_acid_burns(void **state)
{
    (void)state;
    Game *g = fixture_game(3, 1, ROOM);
    Stats *s = &g->player->stats;
    s->hp = 1;
    assert_true(fixture_do(g, command_item(CMD_USE, give(g, KIND_ID_HEALING_SERUM))));
    assert_int_equal(s->hp, 31 < s->max_hp ? 31 : s->max_hp);
    s->hp = 20;
    assert_true(fixture_do(g, command_item(CMD_USE, give(g, KIND_ID_ACID))));
    assert_int_equal(s->hp, 12);
    s->hp = 8;
    assert_true(fixture_do(g, command_item(CMD_USE, give(g, KIND_ID_ACID))));
    assert_int_equal(g->outcome, GAME_DIED);
    assert_string_equal(g->killed_by, "vial of Acid");
    assert_true(fixture_said_recently(g, "burnt by a vial of Acid", 3));
    Highscores table, back; /* the score of a death by Acid reads back */
    highscores_init(&table);
    HighscoreEntry e = highscore_entry_of(g);
    assert_int_equal(highscores_insert(&table, &e), 0);
    char *text = highscores_to_json(&table), err[256];
    assert_non_null(text);
    if (!highscores_parse(&back, text, strlen(text), err, sizeof err))
        fail_msg("%s", err);
    free(text);
    assert_string_equal(back.entries[0].killed_by, "vial of Acid");
    /* A file written before the death said "vial of Acid" names the kind: still read. */
    snprintf(e.killed_by, sizeof e.killed_by, "Acid");
    highscores_init(&table);
    assert_int_equal(highscores_insert(&table, &e), 0);
    text = highscores_to_json(&table);
    assert_non_null(text);
    if (!highscores_parse(&back, text, strlen(text), err, sizeof err))
        fail_msg("%s", err);
    free(text);
    assert_string_equal(back.entries[0].killed_by, "Acid");
    fixture_free(g);
}

/* R-VIAL-4: Adrenaline gives two actions for each turn of the mice, for 10 turns; a Sedative
 * makes the player lose 6 turns while the mice go on. */
static void adrenaline_doubles_and_sedative_sleeps(void **state)
{
    (void)state;
    Game *g = fixture_game(3, 1, ROOM);
    uint32_t t0 = g->turn;
    assert_true(fixture_do(g, command_item(CMD_USE, give(g, KIND_ID_ADRENALINE))));
    assert_int_equal(g->vials.adrenaline, 10); /* the drinking was the first, free action */
    assert_int_equal(g->turn, t0);
    for (int i = 0; i < 4; i++)
        assert_true(fixture_do(g, command_wait()));
    assert_int_equal(g->turn, t0 + 2); /* four actions, two turns */
    for (int i = 0; i < 30; i++)
        fixture_do(g, command_wait());
    assert_int_equal(g->vials.adrenaline, 0);
    uint32_t t1 = g->turn;
    assert_true(fixture_do(g, command_wait()));
    assert_int_equal(g->turn, t1 + 1); /* worn off: one action, one turn */
    t1 = g->turn;
    assert_true(fixture_do(g, command_item(CMD_USE, give(g, KIND_ID_SEDATIVE))));
    assert_int_equal(g->turn, t1 + 1 + 6);
    assert_true(fixture_said(g, "You wake up."));
    fixture_free(g);
}

/* R-VIAL-5: Mouse Radar shows every mouse for 40 turns; Pheromone makes every mouse hunt the
 * player where she stands. */
static void radar_shows_and_pheromone_calls(void **state)
{
    (void)state;
    Game *g = fixture_game(3, 1, ROOM);
    Entity *neo = fixture_find(g, KIND_ID_NEO_MOUSE);
    const Entity *shown[8];
    assert_int_equal(game_things_shown(g, shown, 8), 0);
    assert_true(fixture_do(g, command_item(CMD_USE, give(g, KIND_ID_MOUSE_RADAR))));
    assert_int_equal(g->vials.radar, 39);
    assert_int_equal(game_things_shown(g, shown, 8), 1);
    assert_ptr_equal(shown[0], neo);
    assert_int_equal(game_things_in_view(g, shown, 8), 0); /* seen, not in view */
    for (int i = 0; i < 39; i++)
        assert_true(fixture_do(g, command_wait()));
    assert_int_equal(g->vials.radar, 0);
    assert_int_equal(game_things_shown(g, shown, 8), 0);
    neo->mind.state = MIND_DORMANT;
    assert_true(fixture_do(g, command_item(CMD_USE, give(g, KIND_ID_PHEROMONE))));
    assert_int_not_equal(neo->mind.state, MIND_DORMANT); /* it went for her */
    assert_int_equal(neo->mind.target_x, g->player->x);
    assert_int_equal(neo->mind.target_y, g->player->y);
    fixture_free(g);
}

/* R-VIAL-7: the kinds known and the timed states come back from a save; the colours too. */
static void the_save_keeps_what_is_known(void **state)
{
    (void)state;
    Game *g = malloc(sizeof *g);
    assert_true(game_init(g, 11, test_rules()));
    for (int f = 1; f <= 3; f++) /* floors that made items enough for the counts */
        assert_true(game_change_floor(g, f));
    int acid = pick(g, KIND_ID_ACID);
    int radar = pick(g, KIND_ID_MOUSE_RADAR);
    pick(g, KIND_ID_ACID);
    assert_true(fixture_do(g, command_item(CMD_USE, radar)));
    assert_true(fixture_do(g, command_item(CMD_USE, pick(g, KIND_ID_ADRENALINE))));
    (void)acid;
    char *text = save_to_json(g);
    assert_non_null(text);
    Game back;
    char err[256];
    if (!save_from_json(&back, text, strlen(text), test_rules(), err, sizeof err))
        fail_msg("%s", err);
    free(text);
    assert_int_equal(back.vials.known, g->vials.known);
    assert_int_equal(back.vials.radar, g->vials.radar);
    assert_int_equal(back.vials.adrenaline, g->vials.adrenaline);
    assert_int_equal(back.vials.adrenaline_spare, g->vials.adrenaline_spare);
    assert_memory_equal(back.vials.look, g->vials.look, VIAL_KINDS);
    int left = game_find_item(&back, KIND_ID_ACID);
    assert_true(left >= 0);
    assert_string_equal(game_pack_item(&back, left)->name, game_pack_item(g, left)->name);
    assert_non_null(strstr(game_pack_item(&back, left)->name, "Unlabelled Vial"));
    game_free(&back);
    fixture_free(g);
}

/* R-VIAL-7: the bot drinks an unknown vial at full HP with no mouse in view, never a known
 * Acid, and takes a known Healing Serum as a Health Pack. */
static void the_bot_tries_unknown_vials_only(void **state)
{
    (void)state;
    Game *g = fixture_game(3, 1, ROOM);
    Bot *bot = malloc(sizeof *bot);
    assert_non_null(bot);
    bot_init(bot);
    give(g, KIND_ID_ADRENALINE);
    g->player->stats.hp = g->player->stats.max_hp - 1; /* not at full HP: kept */
    assert_true(bot_play_turn(bot, g));
    assert_int_equal(vials_known_count(g), 0);
    g->player->stats.hp = g->player->stats.max_hp;
    assert_true(bot_play_turn(bot, g));
    assert_int_equal(vials_known_count(g), 1);
    vials_identify(g, vial_index(KIND_ID_ACID));
    give(g, KIND_ID_ACID);
    for (int i = 0; i < 5; i++)
        bot_play_turn(bot, g);
    assert_true(game_find_item(g, KIND_ID_ACID) >= 0);
    vials_identify(g, vial_index(KIND_ID_HEALING_SERUM));
    give(g, KIND_ID_HEALING_SERUM);
    g->player->stats.hp = 1;
    assert_true(bot_play_turn(bot, g));
    assert_int_equal(game_find_item(g, KIND_ID_HEALING_SERUM), -1);
    fixture_free(g);
    static const char *const FIGHT[] = {"#######", "#@..n.#", "#######", NULL};
    g = fixture_game(3, 1, FIGHT);
    bot_init(bot);
    give(g, KIND_ID_ADRENALINE);
    vials_identify(g, vial_index(KIND_ID_ADRENALINE));
    g->player->stats.hp = g->player->stats.max_hp / 2 - 1; /* below half, a mouse in view */
    assert_true(bot_play_turn(bot, g));
    assert_int_equal(game_find_item(g, KIND_ID_ADRENALINE), -1);
    assert_int_equal(g->vials.adrenaline, 10);
    free(bot);
    fixture_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_colours_are_a_permutation_fixed_by_the_seed),
        cmocka_unit_test(drinking_identifies_every_vial_of_its_kind),
        cmocka_unit_test(serum_heals_and_acid_burns),
        cmocka_unit_test(adrenaline_doubles_and_sedative_sleeps),
        cmocka_unit_test(radar_shows_and_pheromone_calls),
        cmocka_unit_test(the_save_keeps_what_is_known),
        cmocka_unit_test(the_bot_tries_unknown_vials_only),
    };
    return RUN_TESTS(tests);
}
