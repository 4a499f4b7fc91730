/* A double cannot be an associative array key. */
double d;
BEGIN { a[d] = 1; }
