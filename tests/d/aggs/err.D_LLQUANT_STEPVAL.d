/* llquantize() steps must be a multiple of the factor */
BEGIN { @ = llquantize(1, 10, 0, 6, 15); exit(0); }
