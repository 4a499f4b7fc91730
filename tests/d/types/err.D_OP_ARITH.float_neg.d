/* Unary minus wants an arithmetic operand; a float is not one. */
float f;
BEGIN { trace(-f); }
