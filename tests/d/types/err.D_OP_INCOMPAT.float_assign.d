/* float and double are not assignment-compatible. */
double d;
float f;
BEGIN { f = d; }
