/* a program may not depend on a library, even one that is there */
#pragma D depends_on library errno.d
BEGIN { exit(0); }
