#include "test_support.h"

#include <stdio.h>
#include <string.h>

#include "core/msglog.h"

static MessageLog log_;

static void newest_first(void **state)
{
    (void)state;
    msglog_init(&log_);
    assert_null(msglog_get(&log_, 0));
    msglog_add(&log_, 1, "first");
    msglog_add(&log_, 2, "second %d", 2);
    assert_int_equal(msglog_count(&log_), 2);
    assert_string_equal(msglog_get(&log_, 0)->text, "second 2");
    assert_string_equal(msglog_get(&log_, 1)->text, "first");
    assert_int_equal(msglog_get(&log_, 0)->turn, 2);
    assert_null(msglog_get(&log_, 2));
    assert_null(msglog_get(&log_, -1));
}

static void repeats_fold(void **state)
{
    (void)state;
    msglog_init(&log_);
    msglog_add(&log_, 1, "The door is locked. Key required.");
    msglog_add(&log_, 2, "The door is locked. Key required.");
    msglog_add(&log_, 3, "The door is locked. Key required.");
    assert_int_equal(msglog_count(&log_), 1);
    assert_int_equal(msglog_get(&log_, 0)->repeats, 3);
    assert_int_equal(msglog_get(&log_, 0)->turn, 3);
    assert_int_equal(log_.total, 3);
    msglog_add(&log_, 4, "Something else");
    msglog_add(&log_, 5, "The door is locked. Key required.");
    assert_int_equal(msglog_count(&log_), 3);
    assert_int_equal(msglog_get(&log_, 0)->repeats, 1);
}

static void ring_keeps_the_newest(void **state)
{
    (void)state;
    msglog_init(&log_);
    for (int i = 0; i < MSGLOG_CAPACITY + 10; i++)
        msglog_add(&log_, (uint32_t)i, "message %d", i);
    assert_int_equal(msglog_count(&log_), MSGLOG_CAPACITY);
    char want[32];
    snprintf(want, sizeof want, "message %d", MSGLOG_CAPACITY + 9);
    assert_string_equal(msglog_get(&log_, 0)->text, want);
    assert_string_equal(msglog_get(&log_, MSGLOG_CAPACITY - 1)->text, "message 10");
}

static void long_messages_are_cut_not_overflowed(void **state)
{
    (void)state;
    msglog_init(&log_);
    char big[MSGLOG_LINE_MAX * 2];
    memset(big, 'x', sizeof big - 1);
    big[sizeof big - 1] = '\0';
    msglog_add(&log_, 0, "%s", big);
    assert_int_equal(strlen(msglog_get(&log_, 0)->text), MSGLOG_LINE_MAX - 1);
}

static void tones_are_kept_and_fold_only_when_they_match(void **state)
{
    (void)state;
    msglog_init(&log_);
    msglog_add(&log_, 1, "plain %d", 1);
    assert_int_equal(msglog_get(&log_, 0)->tone, MSG_PLAIN);
    msglog_add_tone(&log_, 2, MSG_HURT, "The %s bites you for %d.", "Neo Mouse", 3);
    assert_int_equal(msglog_get(&log_, 0)->tone, MSG_HURT);
    assert_string_equal(msglog_get(&log_, 0)->text, "The Neo Mouse bites you for 3.");
    msglog_add_tone(&log_, 3, MSG_HURT, "The Neo Mouse bites you for 3.");
    assert_int_equal(msglog_count(&log_), 2);
    assert_int_equal(msglog_get(&log_, 0)->repeats, 2);
    /* The same words in another tone are another message. */
    msglog_add_tone(&log_, 4, MSG_WARN, "The Neo Mouse bites you for 3.");
    assert_int_equal(msglog_count(&log_), 3);
    assert_int_equal(msglog_get(&log_, 0)->tone, MSG_WARN);
    assert_int_equal(msglog_get(&log_, 0)->repeats, 1);
    msglog_add(&log_, 5, "The Neo Mouse bites you for 3.");
    assert_int_equal(msglog_count(&log_), 4);
    assert_int_equal(msglog_get(&log_, 0)->tone, MSG_PLAIN);
    assert_int_equal(log_.total, 5);
}

static void tone_names(void **state)
{
    (void)state;
    static const char *const want[] = {"plain", "hurt", "hit",  "level",
                                       "find",  "king", "warn", "floor"};
    assert_int_equal(MSG_TONE_COUNT, sizeof want / sizeof *want);
    for (int t = 0; t < MSG_TONE_COUNT; t++) {
        assert_string_equal(msglog_tone_name((MsgTone)t), want[t]);
        assert_string_equal(MSGLOG_TONE_NAMES[t], want[t]);
    }
    assert_null(MSGLOG_TONE_NAMES[MSG_TONE_COUNT]);
    assert_null(msglog_tone_name(MSG_TONE_COUNT));
    assert_null(msglog_tone_name((MsgTone)-1));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(newest_first),
        cmocka_unit_test(repeats_fold),
        cmocka_unit_test(ring_keeps_the_newest),
        cmocka_unit_test(long_messages_are_cut_not_overflowed),
        cmocka_unit_test(tones_are_kept_and_fold_only_when_they_match),
        cmocka_unit_test(tone_names),
    };
    return RUN_TESTS(tests);
}
