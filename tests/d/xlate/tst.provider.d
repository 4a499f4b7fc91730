/*
 * A provider definition in a compiled program is accepted (it only
 * matters to -h, -G and USDT), as are io.d's translators.
 */
/* @@opts: -q */

provider xlprov {
	probe start(int, char *);
	probe done(int) : (int);
};

BEGIN
{
	trace("ok\n");
	exit(0);
}

BEGIN
/0/
{
	trace(xlate <fileinfo_t *> (curthread->mm->exe_file)->fi_offset);
	trace(xlate <bufinfo_t> ((struct bio *)arg0).b_bcount);
	trace(xlate <devinfo_t> ((struct bio *)arg0).dev_major);
	trace(xlate <bufinfo_t> ((struct request *)arg0).b_blkno);
}
