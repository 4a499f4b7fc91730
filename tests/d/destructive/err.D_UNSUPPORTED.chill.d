/* chill() cannot busy-wait in BPF: a clear refusal */
#pragma D option quiet

BEGIN
{
	chill(1000);
}
