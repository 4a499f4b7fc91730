#!/bin/bash
#
# %Y formats nanoseconds since the epoch as "YYYY Mon DD HH:MM:SS" in
# local time (UTC here, through TZ), the day padded with a space.

TZ=UTC "$1" -qn 'BEGIN {
	printf("%Y\n", (uint64_t)0);
	printf("%Y\n", 1000000000 * (uint64_t)1234567890);
	exit(0);
}'
