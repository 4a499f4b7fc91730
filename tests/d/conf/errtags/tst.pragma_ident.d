/* @@opts: -q */
/* stability and binding pragmas on identifiers the program declares */
#pragma D binding "1.0" y
int y;
#pragma D attributes Evolving/Evolving/Common z
inline int z = 3;

BEGIN { y = z; printf("%d\n", y); exit(0); }
