/* lquantize() needs at least one level */
BEGIN { @ = lquantize(1, 2, 3, 4); exit(0); }
