/* ! wants a scalar operand; a double is not one. */
double d;
BEGIN { trace(!d); }
