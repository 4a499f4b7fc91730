/* A provider declares each probe once. */
provider p { probe a(int); probe a(int); };
