/*
 * pid* over every process needs a module: every function of every
 * process is not offered, so a description without one matches nothing.
 */
pid*:::entry
{
}
