/* the format is checked against the keys of the first aggregation */
BEGIN { @a[1] = count(); @b[2] = count(); printa("%s %@d %@d\n", @a, @b); exit(0); }
