/* d_path( ) needs bpf_d_path, which these program types may not call */
BEGIN
{
	trace(d_path(0));
}
