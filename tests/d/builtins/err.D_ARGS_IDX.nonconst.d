syscall::openat:entry { x = 1; trace(args[x]); }
