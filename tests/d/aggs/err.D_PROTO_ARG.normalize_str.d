/* normalize()'s factor is a uint64_t in its prototype: a string is D_PROTO_ARG */
BEGIN { @a = count(); normalize(@a, "x"); exit(0); }
