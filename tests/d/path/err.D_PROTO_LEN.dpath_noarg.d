/* d_path() takes exactly one argument */
BEGIN { trace(d_path()); }
