/* There is no translator from an int to psinfo_t. */
BEGIN { trace(xlate <psinfo_t *> (1)->pr_pid); }
