s/^[1-9][0-9]*\/[1-9][0-9]* spent [1-9][0-9]* nsecs in read(2)$/PID\/TID spent N nsecs in read(2)/
