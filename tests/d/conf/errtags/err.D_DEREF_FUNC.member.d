/* a function pointer member of a kernel struct cannot be dereferenced */
BEGIN
{
	trace(*((struct file_operations *)0)->read);
	exit(0);
}
