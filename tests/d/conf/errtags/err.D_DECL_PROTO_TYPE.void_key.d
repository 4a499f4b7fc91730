/* void as an associative array key */
int a[void];
BEGIN { exit(0); }
