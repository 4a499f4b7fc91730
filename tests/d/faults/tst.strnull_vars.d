/*
 * A string variable of every kind keeps NULL when assigned it (a "" it
 * is assigned is not NULL); indexing a NULL string reads address 0 plus
 * the index and faults there, recording one faults at address 0, as in
 * DTrace.  NULL orders below "".
 */
#pragma D option quiet

BEGIN
{
	g = "x"; this->s = "x"; self->s = "x"; a[1] = "x";
	g = NULL; this->s = NULL; self->s = NULL; a[1] = NULL;
	e = "";
	printf("%d %d %d %d %d\n", g == NULL, this->s == NULL,
	    self->s == NULL, a[1] == NULL, e == NULL);
	printf("%d %d %d %d\n", g < e, e > g, g == self->s, e == "");
}

BEGIN { trace(g[2]); }
BEGIN { this->s = NULL; trace(this->s[3]); }
BEGIN { trace(self->s[4]); }
BEGIN { trace(a[1][5]); }
BEGIN { trace(g); }
BEGIN { e = "y"; e = ""; printf("[%s] %d\n", e, e == NULL); exit(0); }

ERROR
{
	printf("fault %d at %d\n", arg4, arg5);
}
