inline int foo = foo + 1;
BEGIN { exit(0); }
