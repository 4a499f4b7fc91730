/* fds[]'s index is an int, not a string. */
BEGIN { trace(fds["1"].fi_name); }
