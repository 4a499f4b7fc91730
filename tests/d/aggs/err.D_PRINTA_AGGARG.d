/* printa() arguments after the format must be aggregations */
BEGIN { @a = count(); printa("%@d", 3); exit(0); }
