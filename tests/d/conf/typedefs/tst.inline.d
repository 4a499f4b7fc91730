/*
 * Type and Constant Definitions chapter, inlines: named constants and
 * expressions, typed by their declaration; an inline may use another
 * inline and a built-in variable (evaluated at each use).
 */
/* @@opts: -q */

inline int hours = 24;
inline int minutes = hours * 60;
inline string greeting = "hi";
inline int isdtrace = execname == "dtrace";
inline uint8_t truncated = 0x1ff;

BEGIN
{
	printf("%d %d %s %d %d\n", hours, minutes, greeting, isdtrace,
	    truncated);
	exit(0);
}
