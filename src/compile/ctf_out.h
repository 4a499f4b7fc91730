/*
 * -x ctypes=FILE and -x dtypes=FILE: a compilation's types written as a
 * CTF dictionary (format v3, as GNU libctf reads it: `objdump --ctf`),
 * one file for each of DTrace's two type containers.
 */
#ifndef BD_CTF_OUT_H
#define BD_CTF_OUT_H

#include <stdbool.h>

struct dtypes;

/*
 * Write the "C" container (cdefs: C's intrinsic integers and floats and
 * what the headers cpp included declare) or the "D" one (D's typedefs,
 * string, and what the program declares) to path.  Returns 0, or -errno.
 */
int ctf_out_write(const struct dtypes *t, bool cdefs, const char *path);

#endif
