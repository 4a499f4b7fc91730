/* printa() of several aggregations: same number of keys */
BEGIN { @a[1] = count(); @b = count(); printa(@a, @b); exit(0); }
