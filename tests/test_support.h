/* What every test program includes: cmocka and its prerequisites. */
#ifndef MK_TEST_SUPPORT_H
#define MK_TEST_SUPPORT_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#define RUN_TESTS(tests) cmocka_run_group_tests(tests, NULL, NULL)

#endif
