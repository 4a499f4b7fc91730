/* neither can void */
union u {
	void nothing;
};

BEGIN
{
	exit(0);
}
