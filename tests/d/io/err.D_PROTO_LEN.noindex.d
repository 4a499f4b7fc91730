/* fds without an index is not a value. */
BEGIN { trace(fds); }
