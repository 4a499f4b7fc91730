/* lquantize() base must be less than limit */
BEGIN { @ = lquantize(1, 10, 5); exit(0); }
