/* an associative array's key may only be plain or register */
int totals[static string];

BEGIN { exit(0); }
