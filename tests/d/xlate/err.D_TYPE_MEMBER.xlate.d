/* A member the output type does not have. */
BEGIN { trace(curpsinfo->pr_nosuch); }
