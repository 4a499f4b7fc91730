/*
 * An enumerator named twice in one enum: DTrace's type library refuses
 * it (D_UNKNOWN), where a name another enum took is D_DECL_IDRED.  It is
 * reported on the line of the token after the enumerator.
 */
enum e {
	A,
	A
};
