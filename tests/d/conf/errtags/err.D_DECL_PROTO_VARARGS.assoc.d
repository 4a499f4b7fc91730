/* an associative array key list with "..." */
int a[int, ...];
BEGIN { exit(0); }
