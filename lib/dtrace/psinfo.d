/*
 * psinfo.d: the stable process and thread views of Solaris proc(4),
 * psinfo_t and lwpsinfo_t, translated from the kernel's struct
 * task_struct, and the built-ins curpsinfo and curlwpsinfo:
 *	syscall::read:entry { trace(curpsinfo->pr_ppid); }
 * Members Linux has nothing for (projects, zones, pools, contracts) are
 * 0; pr_psargs holds the command name, since the argument list lives in
 * the process's own memory, which a probe may not be able to read.
 * pr_start is wall-clock time (the kernel's monotonic start_time moved
 * by walltimestamp - timestamp); pr_time is the CPU time the scheduler
 * has charged (a psinfo_t's is its thread's: exact for one-threaded
 * processes); pr_ctime is the waited-for children's user and system
 * time.  Members left out of a translator (pr_pctcpu ...: Linux keeps
 * no such value) are an error to read ("translator does not define
 * conversion").  The translators are checked when a program first uses
 * them.
 * Shipped with bdtrace and loaded before every program.
 */

typedef struct timestruc {
	time_t tv_sec;
	long tv_nsec;
} timestruc_t;

typedef int psetid_t;

typedef struct lwpsinfo {
	int pr_flag;		/* thread flags */
	id_t pr_lwpid;		/* thread id */
	uintptr_t pr_addr;	/* the kernel's struct task_struct */
	uintptr_t pr_wchan;	/* wait address (not on Linux: 0) */
	char pr_stype;		/* synchronization event type */
	char pr_state;		/* SSLEEP, SRUN ... */
	char pr_sname;		/* pr_state as a letter: 'S', 'R' ... */
	char pr_nice;		/* nice value */
	short pr_syscall;	/* system call number */
	char pr_oldpri;		/* old priority */
	char pr_cpu;		/* CPU usage */
	int pr_pri;		/* priority (the kernel's prio) */
	ushort_t pr_pctcpu;	/* recent CPU time */
	ushort_t pr_pad;
	timestruc_t pr_start;	/* start time */
	timestruc_t pr_time;	/* CPU time */
	char pr_clname[8];	/* scheduling class */
	char pr_name[16];	/* thread name */
	processorid_t pr_onpro;	/* CPU it last ran on */
	processorid_t pr_bindpro; /* CPU it is bound to */
	psetid_t pr_bindpset;	/* processor set it is bound to */
	int pr_lgrp;		/* home locality group */
	int pr_filler[4];
} lwpsinfo_t;

typedef id_t poolid_t;

typedef struct psinfo {
	int pr_flag;		/* process flags */
	int pr_nlwp;		/* number of threads */
	pid_t pr_pid;		/* process id */
	pid_t pr_ppid;		/* parent's process id */
	pid_t pr_pgid;		/* process group id */
	pid_t pr_sid;		/* session id */
	uid_t pr_uid;		/* real user id */
	uid_t pr_euid;		/* effective user id */
	gid_t pr_gid;		/* real group id */
	gid_t pr_egid;		/* effective group id */
	uintptr_t pr_addr;	/* the kernel's struct task_struct */
	size_t pr_size;		/* image size in KB */
	size_t pr_rssize;	/* resident set size in KB */
	size_t pr_pad1;
	dev_t pr_ttydev;	/* controlling terminal, or -1 */
	ushort_t pr_pctcpu;	/* recent CPU time */
	ushort_t pr_pctmem;	/* recent memory */
	timestruc_t pr_start;	/* start time */
	timestruc_t pr_time;	/* CPU time */
	timestruc_t pr_ctime;	/* children's CPU time */
	char pr_fname[16];	/* name of the executable */
	char pr_psargs[80];	/* arguments (on Linux: the command name) */
	int pr_wstat;		/* wait status of a zombie */
	int pr_argc;		/* argument count */
	uintptr_t pr_argv;	/* user address of the arguments */
	uintptr_t pr_envp;	/* user address of the environment */
	char pr_dmodel;		/* PR_MODEL_ILP32 or PR_MODEL_LP64 */
	char pr_pad2[3];
	taskid_t pr_taskid;	/* task id (Linux: 0) */
	projid_t pr_projid;	/* project id (Linux: 0) */
	int pr_nzomb;		/* zombie threads */
	poolid_t pr_poolid;	/* pool id (Linux: 0) */
	zoneid_t pr_zoneid;	/* zone id (Linux: 0) */
	id_t pr_contract;	/* contract id (Linux: 0) */
	int pr_filler[1];
	lwpsinfo_t pr_lwp;	/* a representative thread (not translated) */
} psinfo_t;

inline char PR_MODEL_ILP32 = 1;
inline char PR_MODEL_LP64 = 2;

/* pr_state */
inline char SSLEEP = 1;
inline char SRUN = 2;
inline char SZOMB = 3;
inline char SSTOP = 4;
inline char SIDL = 5;
inline char SONPROC = 6;
inline char SWAIT = 7;

/*
 * pr_stype: the kind of synchronisation object a sleeping thread waits
 * on, as the Dynamic Tracing Guide names them.  Linux does not say what
 * a thread sleeps on: pr_stype is always SOBJ_NONE.
 */
inline char SOBJ_NONE = 0;
inline char SOBJ_MUTEX = 1;
inline char SOBJ_RWLOCK = 2;
inline char SOBJ_CV = 3;
inline char SOBJ_SEMA = 4;
inline char SOBJ_USER = 5;
inline char SOBJ_USER_PI = 6;
inline char SOBJ_SHUTTLE = 7;

/* pr_flag */
inline int PR_STOPPED = 0x00000001;
inline int PR_ISSYS = 0x00001000;
inline int PR_IDLE = 0x10000000;

/*
 * timestruc_t values, member by member: D has no struct constructor, so
 * a timestruc_t member of a translator is itself an xlate, from the
 * kernel structure that keeps the time in nanoseconds.
 *	struct task_struct *: the task's start time, on the wall clock
 *	struct sched_entity *: the CPU time the scheduler charged it
 *	struct signal_struct *: its waited-for children's CPU time
 */
translator timestruc_t < struct task_struct *T > {
	tv_sec = (walltimestamp - timestamp + T->start_time) / 1000000000;
	tv_nsec = (walltimestamp - timestamp + T->start_time) % 1000000000;
};

translator timestruc_t < struct sched_entity *S > {
	tv_sec = S->sum_exec_runtime / 1000000000;
	tv_nsec = S->sum_exec_runtime % 1000000000;
};

translator timestruc_t < struct signal_struct *S > {
	tv_sec = (S->cutime + S->cstime) / 1000000000;
	tv_nsec = (S->cutime + S->cstime) % 1000000000;
};

/*
 * Where resident-set counter i of a struct mm_struct lies: at
 * rss_stat + _BDT_RSS_OFF + i * _BDT_RSS_STEP.  Linux 6.2 and later keep
 * an array of struct percpu_counter (the global value in .count); earlier
 * kernels (Debian 12's 6.1) a struct mm_rss_stat of atomic_long_t.  The
 * member's size tells them apart, so one library serves both.
 */
inline uint64_t _BDT_RSS_STEP = sizeof(((struct mm_struct *)0)->rss_stat) ==
    4 * sizeof(struct percpu_counter) ? sizeof(struct percpu_counter) :
    sizeof(long);
inline uint64_t _BDT_RSS_OFF = _BDT_RSS_STEP == sizeof(long) ? 0 :
    offsetof(struct percpu_counter, count);

/* a kernel thread (PF_KTHREAD) is a system process */
translator psinfo_t < struct task_struct *T > {
	pr_flag = (T->flags & 0x00200000) ? PR_ISSYS : 0;
	pr_nlwp = T->signal->nr_threads;
	pr_pid = T->tgid;
	pr_ppid = T->real_parent->tgid;
	pr_pgid = T->signal->pids[PIDTYPE_PGID]->numbers[0].nr;
	pr_sid = T->signal->pids[PIDTYPE_SID]->numbers[0].nr;
	pr_uid = T->cred->uid.val;
	pr_euid = T->cred->euid.val;
	pr_gid = T->cred->gid.val;
	pr_egid = T->cred->egid.val;
	pr_addr = (uintptr_t)T;
	/* in KB, from pages of 4 KB; resident: file, anon and shmem pages
	 * (the counters' global, approximate values); 0 for kernel threads */
	pr_size = T->mm ? T->mm->total_vm << 2 : 0;
	pr_rssize = T->mm ? (size_t)(
	    *(long *)((uintptr_t)&T->mm->rss_stat + _BDT_RSS_OFF) +
	    *(long *)((uintptr_t)&T->mm->rss_stat + _BDT_RSS_OFF +
	    _BDT_RSS_STEP) +
	    *(long *)((uintptr_t)&T->mm->rss_stat + _BDT_RSS_OFF +
	    3 * _BDT_RSS_STEP)) << 2 : 0;
	pr_ttydev = T->signal->tty ?
	    ((dev_t)T->signal->tty->driver->major << 20 |
	     (dev_t)(T->signal->tty->driver->minor_start + T->signal->tty->index)) :
	    (dev_t)-1;
	pr_start = xlate <timestruc_t> (T->group_leader);
	pr_time = xlate <timestruc_t> (&T->se);
	pr_ctime = xlate <timestruc_t> (T->signal);
	pr_fname = T->comm;
	pr_psargs = T->comm;
	pr_wstat = T->exit_code;
	/*
	 * The kernel keeps where the initial stack starts (mm->start_stack:
	 * argc, then the argv and envp vectors, each ended by a NULL); argc
	 * itself is only in the process's memory, read when T is a thread
	 * of the current process (0 for another one, as is pr_envp, which
	 * lies past argv).
	 */
	pr_argc = T->mm && T->mm == curthread->mm ?
	    *(int *)copyin(T->mm->start_stack, sizeof (int)) : 0;
	pr_argv = T->mm ? T->mm->start_stack + sizeof (uintptr_t) : 0;
	pr_envp = T->mm && T->mm == curthread->mm ? T->mm->start_stack +
	    (*(long *)copyin(T->mm->start_stack, sizeof (long)) + 2) *
	    sizeof (uintptr_t) : 0;
	pr_dmodel = PR_MODEL_LP64;
	pr_taskid = 0;
	pr_projid = 0;
	pr_nzomb = 0;
	pr_poolid = 0;
	pr_zoneid = 0;
	pr_contract = 0;
};

/*
 * The kernel's task states: __state bits 0x1 and 0x2 are sleeps, 0x4
 * and 0x8 stopped and traced; exit_state marks a zombie; a runnable
 * thread that is on a CPU is SONPROC, and so is the thread a probe
 * describes as running (sched:::on-cpu's incoming thread, whose switch
 * is not done yet where sched_switch backs the probe).
 */
translator lwpsinfo_t < struct task_struct *T > {
	pr_flag = (T->__state & 0xc) ? PR_STOPPED : 0;
	pr_lwpid = T->pid;
	pr_addr = (uintptr_t)T;
	pr_wchan = 0;
	pr_stype = 0;
	pr_state = (T->__state & 0x3) ? SSLEEP :
	    (T->__state & 0xc) ? SSTOP :
	    T->exit_state ? SZOMB :
	    T->on_cpu || T == curthread ? SONPROC : SRUN;
	pr_sname = (T->__state & 0x3) ? 'S' :
	    (T->__state & 0xc) ? 'T' :
	    T->exit_state ? 'Z' :
	    T->on_cpu || T == curthread ? 'O' : 'R';
	pr_nice = T->static_prio - 120;
	pr_pri = T->prio;
	pr_start = xlate <timestruc_t> (T);
	pr_time = xlate <timestruc_t> (&T->se);
	pr_clname = (T->policy == 1 || T->policy == 2) ? "RT" :
	    T->policy == 6 ? "DL" : "TS";
	pr_name = T->comm;
	pr_onpro = T->thread_info.cpu;
	pr_bindpro = -1;
	pr_bindpset = -1;
	pr_lgrp = 0;
};

inline psinfo_t *curpsinfo = xlate <psinfo_t *> (curthread);
inline lwpsinfo_t *curlwpsinfo = xlate <lwpsinfo_t *> (curthread);

/* stable interfaces, whatever their translation reads (dtrace -v) */
#pragma D attributes Stable/Stable/Common curpsinfo
#pragma D attributes Stable/Stable/Common curlwpsinfo

/* proc:::exit's args[0]: how the process ended (the wait(2) codes) */
inline int CLD_EXITED = 1;
inline int CLD_KILLED = 2;
inline int CLD_DUMPED = 3;
inline int CLD_TRAPPED = 4;
inline int CLD_STOPPED = 5;
inline int CLD_CONTINUED = 6;
