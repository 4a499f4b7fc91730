/* D has no floating-point arithmetic. */
double d;
BEGIN { trace(d + d); }
