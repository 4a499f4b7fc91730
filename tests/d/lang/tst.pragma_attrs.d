/*
 * Well-formed stability pragmas are accepted (stability is not
 * tracked): names, data and class in any case, one, two or three parts.
 */
/* @@opts: -q */

inline int answer = 42;

#pragma D attributes Evolving/Evolving/Common answer
#pragma D attributes stable/private answer
#pragma D attributes Unstable answer
#pragma D attributes Standard/Standard/ISA provider profile args

BEGIN
{
	printf("%d\n", answer);
	exit(0);
}
