/*
 * alloca(-1): a constant expression is folded as DTrace's parser folds
 * it, so its size is checked at compile time (it was taken as a size
 * known only at run time and faulted "out of scratch space").
 */
#pragma D option scratchsize=256

BEGIN
{
	p = alloca(-1);
	exit(0);
}
