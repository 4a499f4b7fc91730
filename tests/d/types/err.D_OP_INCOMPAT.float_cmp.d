/* Nor floating-point comparisons. */
float f;
BEGIN { trace(f < f); }
