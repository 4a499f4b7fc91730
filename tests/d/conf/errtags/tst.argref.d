/* @@opts: -q -x argref */
/* @@args: 1 2 */
/* -x argref: unreferenced macro arguments are allowed */
BEGIN { printf("%d\n", $1); exit(0); }
