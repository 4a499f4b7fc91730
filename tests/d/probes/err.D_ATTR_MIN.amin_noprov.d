/*
 * -x amin: a description that names no provider ("BEGIN") has
 * DTrace's Unstable/Unstable/Common attributes, less than an amin of
 * Evolving; the error is at the clause, reported on its last line as
 * DTrace reports it.
 */
#pragma D option amin=Evolving/Evolving/Common

BEGIN
{
	exit(0);
}
