/* vfs_write has four arguments: args[4] is out of range */
fbt::vfs_write:entry
{
	trace(args[4]);
}
