/*
 * A type of a kernel module that is not loaded, named with the
 * module's scope, comes from the BTF of the module's file: its members
 * and their types are known (can.ko's struct can_dev_rcv_lists ends in
 * an int count of its entries).
 */
/* @@needs: modfile:can !module:can */
#pragma D option quiet

BEGIN
{
	s = (struct can`can_dev_rcv_lists *)NULL;
	printf("%d %d\n", sizeof (s->entries), s == NULL);
	exit(0);
}
