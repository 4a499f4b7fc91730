/* a struct as an associative array key */
BEGIN { a[*curthread] = 1; exit(0); }
