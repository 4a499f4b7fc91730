/* speculation ids are integers */
#pragma D option quiet

BEGIN
{
	commit("1");
}
