/*
 * libuprog.so: the library uprog loads with "dlopen" (tests of probes in
 * libraries loaded while tracing).
 */
int up_lib(int x);

__attribute__((noinline)) int up_lib(int x)
{
	return x * 6;
}
