/* trace() of an associative array without a subscript (dynamic type) */
BEGIN { a[1] = 2; trace(a); exit(0); }
