/* printa() of several aggregations with a format: later work */
BEGIN { @a = count(); @b = count(); printa("%@d %@d\n", @a, @b); exit(0); }
