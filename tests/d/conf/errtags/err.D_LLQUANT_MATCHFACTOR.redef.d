/* llquantize() of one aggregation with another factor */
BEGIN { @ = llquantize(1, 10, 0, 2, 10); @ = llquantize(1, 5, 0, 2, 5); exit(0); }
