/* floating-point types are not scalar in D: an integer cannot be cast to one */
BEGIN { x = (double)1; exit(0); }
