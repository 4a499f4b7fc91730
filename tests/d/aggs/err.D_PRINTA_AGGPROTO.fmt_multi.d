/* printa() of several aggregations with a format: key types must match */
BEGIN { @a[1] = count(); @b["x"] = count(); printa("%d %@d %@d\n", @a, @b); exit(0); }
