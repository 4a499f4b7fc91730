/* d_path() takes a struct path *, not a string */
BEGIN { trace(d_path("/tmp")); }
