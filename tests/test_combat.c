/* Combat (src/game/combat.c) and XP: the formula of the help screen, level-ups, and the
 * two ends of a game. */
#include "test_support.h"

#include "game_fixture.h"

static const char *const DUEL[] = {
    "#####",
    "#@n.#",
    "#####",
    NULL,
};

static const char *const THRONE[] = {
    "#####",
    "#@K.#",
    "#####",
    NULL,
};

static void damage_follows_the_formula(void **state)
{
    (void)state;
    Game *g = fixture_game(1, 1, DUEL);
    Entity *mouse = fixture_find(g, KIND_ID_NEO_MOUSE);
    Entity *p = g->player;
    p->stats.attack_min = 3;
    p->stats.attack_max = 6;
    p->stats.hit = 100;
    mouse->stats.dodge = 0;
    mouse->stats.defence = 2;
    int seen_min = 99, seen_max = -1;
    for (int i = 0; i < 400; i++) {
        mouse->stats.hp = 1000;
        game_attack(g, p, mouse);
        int dealt = 1000 - mouse->stats.hp;
        if (dealt == 0)
            continue; /* a miss: even the surest blow misses 5% of the time */
        seen_min = dealt < seen_min ? dealt : seen_min;
        seen_max = dealt > seen_max ? dealt : seen_max;
    }
    assert_int_equal(seen_min, 3 - 2);
    assert_int_equal(seen_max, 6 - 2);
    /* A weapon adds to both ends; defence above the roll still leaves min_damage. */
    Entity *bar = game_spawn(g, game_floor(g), KIND_ID_CROWBAR, 3, 1);
    entity_list_detach(&game_floor(g)->entities, bar);
    assert_true(game_pack_add(g, bar) >= 0);
    assert_true(game_equip_item(g, 0));
    Fighter f = game_fighter(g, p);
    assert_int_equal(f.attack_min, 3 + bar->item.attack);
    assert_int_equal(f.attack_max, 6 + bar->item.attack);
    mouse->stats.defence = 50;
    for (int i = 0; i < 20; i++) {
        mouse->stats.hp = 1000;
        game_attack(g, p, mouse);
        assert_true(1000 - mouse->stats.hp == 0 || 1000 - mouse->stats.hp == g->rules->min_damage);
    }
    fixture_free(g);
}

static void the_hit_chance_is_hit_minus_dodge_within_5_and_95(void **state)
{
    (void)state;
    Fighter a = {.hit = 80}, t = {.dodge = 10};
    assert_int_equal(game_hit_chance(&a, &t), 70);
    t.dodge = 90;
    assert_int_equal(game_hit_chance(&a, &t), 5);
    a.hit = 200;
    assert_int_equal(game_hit_chance(&a, &t), 95);
    /* And the dice follow it. */
    Game *g = fixture_game(2, 1, DUEL);
    Entity *mouse = fixture_find(g, KIND_ID_NEO_MOUSE);
    g->player->stats.hit = 60;
    mouse->stats.dodge = 20; /* 40% */
    int hits = 0;
    for (int i = 0; i < 2000; i++) {
        mouse->stats.hp = 1000;
        game_attack(g, g->player, mouse);
        hits += mouse->stats.hp < 1000;
    }
    assert_in_range(hits, 800 - 100, 800 + 100); /* sd about 22 */
    fixture_free(g);
}

static void bumping_a_mouse_attacks_it_and_a_kill_gives_its_xp(void **state)
{
    (void)state;
    Game *g = fixture_game(3, 1, DUEL);
    Entity *mouse = fixture_find(g, KIND_ID_NEO_MOUSE);
    int xp = mouse->stats.xp;
    mouse->stats.hp = 1;
    g->player->stats.hit = 100;
    mouse->stats.dodge = 0;
    assert_true(fixture_step(g, 1, 0));
    assert_true(g->events & GAME_EVENT_KILL);
    assert_int_equal(g->player->x, 1); /* attacking does not move */
    assert_null(fixture_find(g, KIND_ID_NEO_MOUSE));
    assert_int_equal(g->counters.kills, 1);
    assert_int_equal(g->player->stats.xp, xp);
    char want[64];
    snprintf(want, sizeof want, "You kill the Neo Mouse (+%d XP).", xp);
    assert_true(fixture_said_recently(g, want, 3));
    assert_int_equal(fixture_tone_of(g, want, 3), MSG_HIT);
    fixture_free(g);
}

/* Each blow is said in its tone: the player's hits MSG_HIT, a bite and her death MSG_HURT,
 * misses plain; a unique mouse takes "the" where another takes "a". */
static void blows_are_said_in_their_tones_with_the_right_article(void **state)
{
    (void)state;
    Game *g = fixture_game(7, 1, DUEL);
    Entity *mouse = fixture_find(g, KIND_ID_NEO_MOUSE);
    Entity *p = g->player;
    p->stats.hit = 200; /* 95%: draw until the wanted outcome */
    mouse->stats.dodge = 0;
    p->stats.dodge = 0;
    mouse->stats.hit = 200;
    p->stats.attack_min = p->stats.attack_max = 3;
    mouse->stats.attack_min = mouse->stats.attack_max = 2;
    mouse->stats.defence = p->stats.defence = 0;
    for (int i = 0; i < 20 && !fixture_said(g, "You hit the Neo Mouse for 3."); i++) {
        mouse->stats.hp = 1000;
        game_attack(g, p, mouse);
    }
    assert_true(fixture_said(g, "You hit the Neo Mouse for 3."));
    assert_int_equal(msglog_get(&g->log, 0)->tone, MSG_HIT);
    for (int i = 0; i < 20 && !fixture_said(g, "The Neo Mouse bites you for 2."); i++) {
        p->stats.hp = 100;
        game_attack(g, mouse, p);
    }
    assert_int_equal(msglog_get(&g->log, 0)->tone, MSG_HURT);
    for (int i = 0; i < 200 && !fixture_said(g, "You miss the Neo Mouse."); i++) {
        mouse->stats.hp = 1000;
        game_attack(g, p, mouse);
    }
    assert_true(fixture_said(g, "You miss the Neo Mouse."));
    assert_int_equal(msglog_get(&g->log, 0)->tone, MSG_PLAIN);
    while (g->outcome == GAME_PLAYING) {
        p->stats.hp = 1;
        game_attack(g, mouse, p);
    }
    char want[64];
    snprintf(want, sizeof want, "You die on floor %d, bitten by a Neo Mouse.", g->current);
    assert_true(fixture_said(g, want));
    assert_int_equal(msglog_get(&g->log, 0)->tone, MSG_HURT);
    fixture_free(g);

    g = fixture_game(8, 13, THRONE);
    Entity *king = fixture_find(g, KIND_ID_MOUSE_KING);
    p = g->player;
    p->stats.hit = 200;
    king->stats.dodge = 0;
    p->stats.attack_min = p->stats.attack_max = 3;
    king->stats.defence = 0;
    for (int i = 0; i < 20 && !fixture_said(g, "You hit the Mouse King for 3."); i++)
        game_attack(g, p, king);
    assert_true(fixture_said(g, "You hit the Mouse King for 3."));
    king->stats.hit = 200;
    p->stats.dodge = 0;
    while (g->outcome == GAME_PLAYING) {
        p->stats.hp = 1;
        game_attack(g, king, p);
    }
    assert_true(fixture_said_recently(g, "The Mouse King bites you for", 2));
    snprintf(want, sizeof want, "You die on floor %d, bitten by the Mouse King.", g->current);
    assert_true(fixture_said(g, want));
    assert_int_equal(msglog_get(&g->log, 0)->tone, MSG_HURT);
    fixture_free(g);
}

/* Kills and XP stop at their limits (game/limits.h) instead of overflowing. */
static void kills_and_xp_stop_at_their_limits(void **state)
{
    (void)state;
    Game *g = fixture_game(3, 1, DUEL);
    Entity *mouse = fixture_find(g, KIND_ID_NEO_MOUSE);
    mouse->stats.hp = 1;
    mouse->stats.dodge = 0;
    g->player->stats.hit = 100;
    g->counters.kills = GAME_COUNT_MAX;
    g->player->stats.xp = GAME_XP_MAX - 1;
    g->player->stats.level = g->rules->level_count + 1; /* the top: no more levels to gain */
    assert_true(fixture_step(g, 1, 0));
    assert_true(g->events & GAME_EVENT_KILL);
    assert_int_equal(g->counters.kills, GAME_COUNT_MAX);
    assert_int_equal(g->player->stats.xp, GAME_XP_MAX);
    fixture_free(g);
}

static void levels_come_at_the_thresholds_and_raise_the_numbers(void **state)
{
    (void)state;
    Game *g = fixture_game(4, 1, DUEL);
    const Rules *r = g->rules;
    Stats before = g->player->stats;
    game_gain_xp(g, r->level_xp[0] - 1);
    assert_int_equal(g->player->stats.level, 1);
    game_gain_xp(g, 1);
    assert_int_equal(g->player->stats.level, 2);
    assert_true(g->events & GAME_EVENT_LEVEL_UP);
    assert_int_equal(g->player->stats.max_hp, before.max_hp + r->level_hp);
    assert_int_equal(g->player->stats.attack_max, before.attack_max + r->level_attack);
    assert_int_equal(game_next_level_xp(g), r->level_xp[1]);
    /* A big gain can pass several thresholds at once. */
    game_gain_xp(g, r->level_xp[4] - g->player->stats.xp);
    assert_int_equal(g->player->stats.level, 6);
    int defence_levels = r->level_defence_every ? 5 / r->level_defence_every : 0;
    assert_int_equal(g->player->stats.defence, before.defence + defence_levels);
    fixture_free(g);
}

static void killing_the_king_wins_the_game(void **state)
{
    (void)state;
    Game *g = fixture_game(5, 13, THRONE);
    Entity *king = fixture_find(g, KIND_ID_MOUSE_KING);
    king->stats.hp = 1;
    king->stats.dodge = 0;
    g->player->stats.hit = 100;
    int score_before = game_score(g);
    assert_true(fixture_step(g, 1, 0));
    assert_int_equal(g->outcome, GAME_WON);
    assert_true(g->events & GAME_EVENT_WON);
    assert_true(game_score(g) >= score_before + g->rules->score_victory);
    assert_false(fixture_step(g, -1, 0)); /* the game is over */
    fixture_free(g);
}

static void a_mouse_can_kill_the_player(void **state)
{
    (void)state;
    Game *g = fixture_game(6, 1, THRONE);
    Entity *king = fixture_find(g, KIND_ID_MOUSE_KING);
    king->stats.hit = 100;
    g->player->stats.dodge = 0;
    g->player->stats.hp = 1;
    for (int i = 0; i < 50 && g->outcome == GAME_PLAYING; i++) /* even the King misses 5% */
        assert_true(fixture_do(g, command_wait()));
    assert_int_equal(g->outcome, GAME_DIED);
    assert_true(g->events & GAME_EVENT_DIED);
    assert_string_equal(g->killed_by, "Mouse King");
    assert_true(fixture_said_recently(g, "You die on floor", 2));
    fixture_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(damage_follows_the_formula),
        cmocka_unit_test(the_hit_chance_is_hit_minus_dodge_within_5_and_95),
        cmocka_unit_test(bumping_a_mouse_attacks_it_and_a_kill_gives_its_xp),
        cmocka_unit_test(kills_and_xp_stop_at_their_limits),
        cmocka_unit_test(levels_come_at_the_thresholds_and_raise_the_numbers),
        cmocka_unit_test(killing_the_king_wins_the_game),
        cmocka_unit_test(a_mouse_can_kill_the_player),
        cmocka_unit_test(blows_are_said_in_their_tones_with_the_right_article),
    };
    return RUN_TESTS(tests);
}
