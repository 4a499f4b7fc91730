/* with the pspec option, "int*x" is a probe description, not a declaration */
#pragma D option pspec

int*x
