/* a script with nothing but a comment: DTrace rejects an empty program */
