/* inline constants and expressions, converted to their declared types */
#pragma D option quiet

inline int MAX = 10;
inline string NAME = "hello";
inline int64_t BIG = MAX * 3 + 1;
inline char NARROW = 300;
inline uint8_t BYTE = -1;

BEGIN
{
	printf("%d %s %d %d %d\n", MAX, NAME, BIG, NARROW, BYTE);
	exit(0);
}
