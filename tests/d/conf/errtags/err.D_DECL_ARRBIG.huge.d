/* an array dimension beyond what an object can hold */
int a[0x1000000000];
BEGIN { exit(0); }
