/* an associative array's key list may not end in "..." */
int a[...];
