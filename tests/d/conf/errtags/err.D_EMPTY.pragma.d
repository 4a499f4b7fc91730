/* pragmas are not clauses or declarations: still an empty program */
#pragma D option quiet
