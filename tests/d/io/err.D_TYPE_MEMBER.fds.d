/* fds[] is a fileinfo_t: only its members can be read. */
BEGIN { trace(fds[0].fi_nosuch); }
