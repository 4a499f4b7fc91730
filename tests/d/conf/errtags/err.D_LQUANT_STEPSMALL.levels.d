/* more lquantize() levels than 16 bits count */
BEGIN { @ = lquantize(1, 0, 100000, 1); exit(0); }
