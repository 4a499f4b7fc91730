/*
 * Several paths in one clause: each walk is its own loop, and the
 * verifier accepts them together.  dtrace's root and its executable,
 * whose path ends in /dtrace.
 */
/* @@opts: -q */

BEGIN
{
	this->exe = d_path(&curthread->mm->exe_file->f_path);
	printf("%s %s %s %s\n", root, d_path(&curthread->fs->root),
	    basename(this->exe), substr(dirname(this->exe), 0, 1));
	printf("%d\n", cwd == d_path(&curthread->fs->pwd));
	exit(0);
}
