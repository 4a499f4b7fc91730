// uthrow: a C++ program that throws and catches, for libstdc++'s own
// SDT probes (libstdcxx:::throw, libstdcxx:::catch).  It throws COUNT
// (default 1) std::runtime_error exceptions, each caught at once, then
// exits 0; -l throws until killed, 10 ms apart.
#include <stdexcept>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <unistd.h>

static int thrower(int i)
{
	if (i >= 0)
		throw std::runtime_error("uthrow");
	return i;
}

int main(int argc, char **argv)
{
	bool loop = argc > 1 && strcmp(argv[1], "-l") == 0;
	long count = argc > 1 && !loop ? atol(argv[1]) : 1;
	long caught = 0;

	for (long i = 0; loop || i < count; i++) {
		try {
			thrower((int)i);
		} catch (const std::exception &e) {
			caught++;
		}
		if (loop)
			usleep(10000);
	}
	fprintf(stderr, "uthrow: %ld\n", caught);
	return 0;
}
