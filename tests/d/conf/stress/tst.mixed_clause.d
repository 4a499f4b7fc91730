/*
 * Verifier stress: one clause mixing variables of every scope, string
 * and integer associative arrays, aggregations, if/else with actions
 * in branches, string functions and built-ins, on a real probe.
 */
/* @@opts: -q */
/* @@trigger: workload write */

syscall::write:entry
/execname == "workload"/
{
	self->n++;
	this->fd = arg0;
	this->name = execname;
	cnt[this->name, probefunc]++;
	@calls[probefunc] = count();
	@bytes[this->name] = sum(arg2);
	@size = quantize(arg2);
	if (self->n == 1) {
		first = timestamp;
		this->msg = strjoin(this->name, ":first");
		printf("%s %s %d\n", this->msg, probefunc,
		    cnt[this->name, probefunc]);
	} else if (self->n > 1) {
		this->msg = strjoin(this->name, ":again");
		printf("%s %d\n", this->msg, self->n);
		printf("%d %d\n", timestamp >= first, strlen(this->msg));
		exit(0);
	}
}
