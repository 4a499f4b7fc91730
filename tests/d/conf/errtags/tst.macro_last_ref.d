/* @@opts: -q */
/* @@args: 1 2 BEGIN */
/* only the last argument must be referenced, here in a probe description */
dtrace:::$$3 { printf("%d\n", $2); exit(0); }
