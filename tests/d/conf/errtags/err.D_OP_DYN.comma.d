/* the comma operator with an operand of dynamic type */
BEGIN { a[1] = 2; x = (0, a); exit(0); }
