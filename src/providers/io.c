/*
 * The io provider: block I/O requests as they start and complete, as
 * the Dynamic Tracing Guide's io provider gives them (bufinfo_t,
 * devinfo_t, fileinfo_t through lib/dtrace/io.d).  A Linux struct
 * request, what a block driver is given, is DTrace's buf: arg0 is the
 * request at both start and done, so that a script can match the two.
 * (bios are not: the block layer merges a bio into a request already
 * queued, and traces the completion of requests, not of their bios.)
 *
 *	start	block_io_start (Linux 6.5), as a request is made of a bio,
 *		in the submitting thread; before, block_rq_issue, as the
 *		request goes to the driver, where the block layer
 *		dispatches it (the submitter or a kblockd worker)
 *	done	block_rq_complete, as the driver completes it (usually an
 *		interrupt): with the bytes done, before the request forgets
 *		its bios
 *
 * Bios merged into a request after it started add to its size at done,
 * not at start.  The prologue builds what the translators read in
 * dctx->pdata: a struct io_req (the request, its sector, size, bytes
 * left undone and error) and, where the kernel lets the file be known
 * from the request's first bio, a struct io_file (a mount and dentry,
 * laid out as a struct path, the offset and open flags): a direct I/O
 * through iomap has its file in the dio's kiocb; a page cache page, its
 * inode, whose first name on its file system's first mount stands for
 * the file.  Elsewhere (metadata, raw devices, internal mounts) args[2]
 * is "<none>".
 *
 *	wait-start	a thread about to wait for a bio it submitted:
 *	wait-done	submit_bio_wait()'s entry and return (kprobes: no
 *			tracepoint is there); arg0 is the bio, which the
 *			entry notes per thread for the return.  Only the
 *			kernel's synchronous waits are seen (a page cache
 *			read waits on the folio's lock instead).
 */
#include "stp.h"

#define BIO_M(b, m)	X_MEMBER(b, "bio", m)
#define PAGE(b)		X_MEMBER(BIO_M(b, "bi_io_vec"), "bio_vec", "bv_page")
/* the page's address_space when it is a file's (not anonymous or KSM) */
#define MAPPING(b)	X_MEMBER(PAGE(b), "folio", "mapping")
#define FILE_PAGE(b)	X_LAND(MAPPING(b), \
			       X_EQ(X_AND(MAPPING(b), X_IMM(3)), X_IMM(0)))
#define INODE(b)	X_MEMBER(MAPPING(b), "address_space", "host")
#define ALIAS(b)	X_MEMBER(INODE(b), "inode", "i_dentry.first")
#define SB(b)		X_MEMBER(INODE(b), "inode", "i_sb")
#define MNT_OF(m)	X_ADD(m, X_OFFSETOF("mount", "mnt"))
/* the file system's first mount: a list before Linux 6.x's pointer */
#define FIRST_MOUNT(sb)	X_ALT(X_MEMBER(sb, "super_block", "s_mounts"), \
	X_COND(X_EQ(X_MEMBER(sb, "super_block", "s_mounts.next"), \
		    X_ADD(sb, X_OFFSETOF("super_block", "s_mounts"))), \
	       X_IMM(0), \
	       X_CONTAINER(X_MEMBER(sb, "super_block", "s_mounts.next"), \
			   "mount", "mnt_instance")))

/* a direct I/O through iomap: its bio's private data is the dio */
#define IS_DIO(b)	X_EQ(BIO_M(b, "bi_end_io"), \
			     X_ALT(X_KSYM("iomap_dio_bio_end_io"), X_IMM(-1)))
#define IOCB(b)		X_MEMBER(BIO_M(b, "bi_private"), "iomap_dio", "iocb")
#define DIO_FILE(b)	X_MEMBER(IOCB(b), "kiocb", "ki_filp")

/* struct io_file in pdata[8 .. 11], from bio b (which may be NULL) */
#define FILEREF(b) \
	[8] = X_COND(IS_DIO(b), X_MEMBER(DIO_FILE(b), "file", "f_path.mnt"), \
		X_COND(X_LAND(FILE_PAGE(b), FIRST_MOUNT(SB(b))), \
		       MNT_OF(FIRST_MOUNT(SB(b))), X_IMM(0))), \
	[9] = X_COND(IS_DIO(b), X_MEMBER(DIO_FILE(b), "file", "f_path.dentry"), \
		X_COND(X_LAND(FILE_PAGE(b), ALIAS(b)), \
		       X_CONTAINER(ALIAS(b), "dentry", "d_u.d_alias"), \
		       X_IMM(0))), \
	[10] = X_COND(IS_DIO(b), X_MEMBER(IOCB(b), "kiocb", "ki_pos"), \
		X_COND(FILE_PAGE(b), \
		       X_SHL(X_MEMBER(PAGE(b), "folio", "index"), X_IMM(12)), \
		       X_IMM(0))), \
	[11] = X_COND(IS_DIO(b), X_MEMBER(DIO_FILE(b), "file", "f_flags"), \
		     X_IMM(0))

/*
 * The file, if its mount is a real one (not an internal mount, like the
 * block devices' own) and its name is known
 */
#define MNT_INTERNAL	0x4000
#define FILE_MNT	X_MEMBER(X_PDATA(8), "path", "mnt")
#define FILEARG		X_COND(X_LAND(X_LAND(FILE_MNT, \
				X_EQ(X_AND(X_MEMBER(FILE_MNT, "vfsmount", \
						    "mnt_flags"), \
					   X_IMM(MNT_INTERNAL)), X_IMM(0))), \
				X_MEMBER(X_PDATA(8), "path", "dentry")), \
			       X_PDATA(8), X_IMM(0))

#define RQ(m)		X_MEMBER(X_RAW(0), "request", m)
/* the request's partition, or its disk's for one without (a flush) */
#define RQ_BDEV		X_COND(RQ("part"), RQ("part"), \
			       X_MEMBER(X_MEMBER(RQ("q"), "request_queue", \
						 "disk"), "gendisk", "part0"))
#define BDEV_DEV(d)	X_MEMBER(d, "block_device", "bd_dev")

/*
 * struct io_req in pdata[0 .. 6]: the request (none for a bio), its
 * sector and size, resid and status sharing a word, the operation and
 * its flags (a request's and a bio's are alike), the completion
 * function and the device
 */
#define RQ_REQ(resid_status)						\
	[0] = X_RAW(0), [1] = RQ("__sector"), [2] = RQ("__data_len"),	\
	[3] = (resid_status), [4] = RQ("cmd_flags"),			\
	[5] = X_COND(RQ("bio"), BIO_M(RQ("bio"), "bi_end_io"),		\
		     RQ("end_io")),					\
	[6] = BDEV_DEV(RQ_BDEV)
#define BIO_REQ(b)							\
	[0] = X_IMM(0), [1] = BIO_M(b, "bi_iter.bi_sector"),		\
	[2] = BIO_M(b, "bi_iter.bi_size"),				\
	[3] = X_SHL(BIO_M(b, "bi_status"), X_IMM(32)),			\
	[4] = BIO_M(b, "bi_opf"), [5] = BIO_M(b, "bi_end_io"),		\
	[6] = BDEV_DEV(BIO_M(b, "bi_bdev"))

/*
 * arg0 the request (a bio for the waits), arg1 0, arg2 the file, arg3
 * the struct io_req, arg4 the block device: the same argument
 * expressions on every probe, so that one clause may read them on all.
 * arg1 is 0 as in both DTraces: illumos fires io's probes with the buf
 * alone, and Oracle's arg1 is a file pointer it leaves NULL
 * (io/tst.local2.sh of its suite checks that).
 */
#define START(tracepoint) {						\
	.tp = tracepoint,						\
	.proto = { "struct request *" },				\
	.pdata = { RQ_REQ(X_IMM(0)), FILEREF(RQ("bio")) },		\
	.args = { X_RAW(0), X_IMM(0), FILEARG, X_PDATA(0), RQ_BDEV },		\
}
static const struct stp_src start_io = START("block_io_start");
static const struct stp_src start_issue = START("block_rq_issue");

static const struct stp_src done_complete = {
	.tp = "block_rq_complete",
	.proto = { "struct request *", "blk_status_t", "unsigned int" },
	.pdata = {
		RQ_REQ(X_ADD(X_SUB(RQ("__data_len"), X_RAW(2)),
			     X_SHL(X_RAW(1), X_IMM(32)))),
		FILEREF(RQ("bio")),
	},
	.args = { X_RAW(0), X_IMM(0), FILEARG, X_PDATA(0), RQ_BDEV },
};

static const struct stp_map io_waits = { "io_waits", 4096 };

static const struct stp_src wait_start_fn = {
	.fn = { "submit_bio_wait" },
	.proto = { "struct bio *" },
	.pdata = { BIO_REQ(X_RAW(0)), FILEREF(X_RAW(0)) },
	.args = { X_RAW(0), X_IMM(0), FILEARG, X_PDATA(0),
		  BIO_M(X_RAW(0), "bi_bdev") },
};

/* the bio a thread waits for, noted at entry for wait-done */
static const struct stp_src wait_note = {
	.fn = { "submit_bio_wait" },
	.proto = { "struct bio *" },
	.map = &io_waits, .key = X_TID, .put = { X_RAW(0) },
};

#define WAIT_BIO	X_GET(X_TID, 0)
static const struct stp_src wait_done_fn = {
	.fn = { "submit_bio_wait" }, .ret = true,
	.map = &io_waits, .key = X_TID, .when = X_HAS(X_TID),
	.pdata = { BIO_REQ(WAIT_BIO), FILEREF(WAIT_BIO) },
	.args = { WAIT_BIO, X_IMM(0), FILEARG, X_PDATA(0),
		  BIO_M(WAIT_BIO, "bi_bdev") },
	.del = true, .helpers = { &wait_note },
};

#define BUFINFO	EARG("struct request *", "bufinfo_t *", \
		     "xlate <bufinfo_t *> ((struct io_req *)arg3)")
#define DEVINFO	EARG("struct block_device *", "devinfo_t *", \
		     "xlate <devinfo_t *> ((struct block_device *)arg4)")
#define FILEINFO XARG("struct io_file *", "fileinfo_t *")
/* the waits' arg0 is a bio */
#define WAIT_BUFINFO EARG("struct bio *", "bufinfo_t *", \
			  "xlate <bufinfo_t *> ((struct io_req *)arg3)")

static const struct stp_probe io_probes[] = {
	{ .name = "done", .args = { BUFINFO, DEVINFO, FILEINFO },
	  .src = { &done_complete } },
	{ .name = "start", .args = { BUFINFO, DEVINFO, FILEINFO },
	  .src = { &start_io, &start_issue } },
	{ .name = "wait-done",
	  .args = { WAIT_BUFINFO, DEVINFO, FILEINFO },
	  .src = { &wait_done_fn } },
	{ .name = "wait-start",
	  .args = { WAIT_BUFINFO, DEVINFO, FILEINFO },
	  .src = { &wait_start_fn } },
};

STP_PROVIDER(stp_io, "io", io_probes, &stp_attrs)
