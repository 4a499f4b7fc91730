/* normalize() factor must be a scalar */
BEGIN { @a = count(); normalize(@a, "x"); exit(0); }
