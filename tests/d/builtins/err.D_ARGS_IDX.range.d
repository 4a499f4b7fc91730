syscall::openat:entry { trace(args[4]); }
