/* ?: with an associative array without a subscript as an operand */
BEGIN { a[1] = 2; x = 1 ? a : 2; exit(0); }
