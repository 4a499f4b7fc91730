/* A double cannot be cast to an integer. */
double d;
BEGIN { trace((long)d); }
