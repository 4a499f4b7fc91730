/* llquantize() of one aggregation with other steps */
BEGIN { @ = llquantize(1, 10, 0, 2, 10); @ = llquantize(1, 10, 0, 2, 5); exit(0); }
