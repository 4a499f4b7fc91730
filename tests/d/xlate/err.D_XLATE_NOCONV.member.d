/* Reading a member the translator does not define is an error. */
BEGIN { trace(curpsinfo->pr_pctmem); }
