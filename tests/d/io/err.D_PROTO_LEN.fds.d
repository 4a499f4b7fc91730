/* fds[] takes exactly one index. */
BEGIN { trace(fds[1, 2].fi_name); }
