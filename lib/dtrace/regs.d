/*
 * regs.d: indexes of uregs[] on x86-64, for the registers a thread had in
 * user mode when it entered the kernel:
 *	syscall::write:entry { printf("%x", uregs[R_PC]); }
 * The indexes follow the kernel's struct pt_regs, which is what uregs[]
 * reads, then (as in DTrace for Linux) the segment and trap state the
 * kernel keeps in task->thread; R_PC, R_SP, R_FP, R_PS, R_R0 and R_R1
 * are DTrace's portable names, and the 32-bit register names stand for
 * their 64-bit registers.
 * Shipped with bdtrace and loaded before every program.
 */

inline int R_R15 = 0;
inline int R_R14 = 1;
inline int R_R13 = 2;
inline int R_R12 = 3;
inline int R_RBP = 4;
inline int R_RBX = 5;
inline int R_R11 = 6;
inline int R_R10 = 7;
inline int R_R9 = 8;
inline int R_R8 = 9;
inline int R_RAX = 10;
inline int R_RCX = 11;
inline int R_RDX = 12;
inline int R_RSI = 13;
inline int R_RDI = 14;
inline int R_ORIG_RAX = 15;
inline int R_RIP = 16;
inline int R_CS = 17;
inline int R_RFL = 18;
inline int R_RSP = 19;
inline int R_SS = 20;
inline int R_DS = 21;
inline int R_ES = 22;
inline int R_FS = 23;
inline int R_GS = 24;
inline int R_TRAPNO = 25;
inline int R_ERR = R_ORIG_RAX;	/* the error code slot of a trap frame */

/* DTrace's portable names */
inline int R_PC = R_RIP;
inline int R_SP = R_RSP;
inline int R_FP = R_RBP;
inline int R_PS = R_RFL;
inline int R_R0 = R_RAX;
inline int R_R1 = R_RBX;

/* the 32-bit names */
inline int R_EAX = R_RAX;
inline int R_EBX = R_RBX;
inline int R_ECX = R_RCX;
inline int R_EDX = R_RDX;
inline int R_ESI = R_RSI;
inline int R_EDI = R_RDI;
inline int R_EBP = R_RBP;
inline int R_ESP = R_RSP;
inline int R_EIP = R_RIP;
inline int R_EFL = R_RFL;
