/*
 * A minimal unit-test harness: each test file is one program whose main()
 * calls its test functions with RUN(); CHECK* record failures with their
 * line and keep going.  The runner (tests/run-unit.sh) reads the last
 * line, "N passed, N failed", of every test program.
 */
#ifndef BD_UNIT_H
#define BD_UNIT_H

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

static int unit_passed, unit_failed, unit_cur_failed;

#define CHECK(cond)							\
	do {								\
		if (!(cond)) {						\
			printf("  %s:%d: CHECK(%s) failed\n", __FILE__,	\
			       __LINE__, #cond);			\
			unit_cur_failed = 1;				\
		}							\
	} while (0)

#define CHECK_STR(got, want)						\
	do {								\
		const char *g_ = (got), *w_ = (want);			\
		if (!g_ || strcmp(g_, w_) != 0) {			\
			printf("  %s:%d: got \"%s\"\n  %*s want \"%s\"\n",	\
			       __FILE__, __LINE__, g_ ? g_ : "(null)",	\
			       (int)strlen(__FILE__) + 6, "", w_);	\
			unit_cur_failed = 1;				\
		}							\
	} while (0)

#define CHECK_INT(got, want)						\
	do {								\
		long long g_ = (long long)(got), w_ = (long long)(want);	\
		if (g_ != w_) {						\
			printf("  %s:%d: %s = %lld, want %lld\n", __FILE__,	\
			       __LINE__, #got, g_, w_);			\
			unit_cur_failed = 1;				\
		}							\
	} while (0)

#define RUN(fn)								\
	do {								\
		unit_cur_failed = 0;					\
		fn();							\
		if (unit_cur_failed) {					\
			printf("FAIL %s\n", #fn);			\
			unit_failed++;					\
		} else {						\
			unit_passed++;					\
		}							\
	} while (0)

#define UNIT_DONE()							\
	(printf("%d passed, %d failed\n", unit_passed, unit_failed),	\
	 unit_failed ? 1 : 0)

#endif
