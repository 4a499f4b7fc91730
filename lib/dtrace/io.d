/*
 * io.d: the stable views of block I/O and files, bufinfo_t, devinfo_t
 * and fileinfo_t, with translators from the Linux structures an io
 * provider sees: a block I/O (struct bio, struct request) and an open
 * file (struct file).
 *	xlate <fileinfo_t *> (curthread->mm->exe_file)->fi_name
 * dev_t values are the kernel's (major << 20 | minor).  fi_pathname
 * is d_path( ), which bdtrace builds in BPF; dev_pathname is the /dev
 * name of the disk or partition (Solaris's is a /devices path);
 * fi_mount is "<unknown>", as in Oracle's io.d (a mount point's path is
 * not reachable from the file).
 * Shipped with bdtrace and loaded before every program; the translators
 * are checked when a program first uses them.
 */

typedef struct bufinfo {
	int b_flags;		/* B_READ, B_WRITE ... */
	size_t b_bcount;	/* number of bytes */
	caddr_t b_addr;		/* buffer address (not on Linux: 0) */
	uint64_t b_lblkno;	/* block number on the device */
	uint64_t b_blkno;	/* expanded block number on the device */
	size_t b_resid;		/* bytes not transferred */
	size_t b_bufsize;	/* size of the buffer */
	caddr_t b_iodone;	/* completion routine */
	int b_error;		/* error, if any */
	dev_t b_edev;		/* device */
} bufinfo_t;

inline int B_BUSY = 0x000001;
inline int B_DONE = 0x000002;
inline int B_ERROR = 0x000004;
inline int B_PAGEIO = 0x000010;
inline int B_PHYS = 0x000020;
inline int B_READ = 0x000040;
inline int B_WRITE = 0x000100;
inline int B_ASYNC = 0x000400;

typedef struct devinfo {
	int dev_major;		/* major number */
	int dev_minor;		/* minor number */
	int dev_instance;	/* instance number */
	string dev_name;	/* driver name */
	string dev_statname;	/* name of the device for statistics */
	string dev_pathname;	/* path of the device */
} devinfo_t;

typedef struct fileinfo {
	string fi_name;		/* name (basename of fi_pathname) */
	string fi_dirname;	/* directory's name */
	string fi_pathname;	/* full path */
	off_t fi_offset;	/* offset within the file */
	string fi_fs;		/* file system type */
	string fi_mount;	/* mount point's name */
	int fi_oflags;		/* open(2) flags */
} fileinfo_t;

/*
 * What the io provider's probes point their arguments to (built by the
 * provider, src/providers/io.c): a request (or, at wait-start and
 * wait-done, a bio) with its sector and size as it starts or completes,
 * the bytes left undone and the block layer's status, its operation and
 * flags, completion function and device; and an I/O's file where the
 * kernel lets it be known, as a mount and a dentry (a struct path), an
 * offset and the open flags.
 */
struct io_req {
	struct request *rq;	/* NULL for a bio */
	uint64_t sector;
	uint64_t size;
	uint32_t resid;
	uint32_t status;
	uint64_t opf;		/* REQ_OP_* and REQ_* (blk_opf_t) */
	uint64_t iodone;
	uint64_t edev;
};

struct io_file {
	struct vfsmount *mnt;
	struct dentry *dentry;
	int64_t offset;
	int64_t oflags;
};

/*
 * Odd operations are writes (op_is_write()); a request not marked
 * REQ_SYNC is asynchronous; every buffer is B_PHYS, as in Oracle's io.d.
 * b_iodone is the first bio's completion; b_error is EIO (5) for any
 * error status of the block layer.  A request without a partition (a
 * flush) is its disk's.
 */
translator bufinfo_t < struct io_req *R > {
	b_flags = ((R->opf & 1) ? B_WRITE : B_READ) |
	    ((R->opf & (1 << __REQ_SYNC)) ? 0 : B_ASYNC) | B_PHYS;
	b_bcount = R->size;
	b_addr = 0;
	b_lblkno = R->sector;
	b_blkno = R->sector;
	b_resid = R->resid;
	b_bufsize = R->size;
	b_iodone = (caddr_t)R->iodone;
	b_error = R->status ? 5 : 0;
	b_edev = R->edev;
};

translator bufinfo_t < struct bio *B > {
	b_flags = ((B->bi_opf & 1) ? B_WRITE : B_READ) |
	    ((B->bi_opf & (1 << __REQ_SYNC)) ? 0 : B_ASYNC) | B_PHYS;
	b_bcount = B->bi_iter.bi_size;
	b_lblkno = B->bi_iter.bi_sector;
	b_blkno = B->bi_iter.bi_sector;
	b_resid = 0;
	b_bufsize = B->bi_iter.bi_size;
	b_addr = 0;
	b_iodone = (caddr_t)B->bi_end_io;
	b_error = B->bi_status ? 5 : 0;
	b_edev = B->bi_bdev->bd_dev;
};

translator bufinfo_t < struct request *R > {
	b_flags = ((R->cmd_flags & 1) ? B_WRITE : B_READ) |
	    ((R->cmd_flags & (1 << __REQ_SYNC)) ? 0 : B_ASYNC) | B_PHYS;
	b_bcount = R->__data_len;
	b_lblkno = R->__sector;
	b_blkno = R->__sector;
	b_resid = 0;
	b_bufsize = R->__data_len;
	b_addr = 0;
	b_iodone = R->bio ? (caddr_t)R->bio->bi_end_io : (caddr_t)R->end_io;
	b_error = 0;
	b_edev = R->part ? R->part->bd_dev : R->q->disk->part0->bd_dev;
};

/*
 * A block device: dev_name is its driver's (the disk's device's driver:
 * virtio_blk, sd, nvme; for a virtual disk without one, the disk's name
 * before its number: loop, zram); dev_statname is the device's own name
 * (sda1, loop0), dev_pathname its /dev path.  (The partition number's
 * field changed in Linux 6.10; the name did not.)
 */
translator devinfo_t < struct block_device *D > {
	dev_major = D->bd_dev >> 20;
	dev_minor = D->bd_dev & 0xfffff;
	dev_instance = D->bd_dev & 0xfffff;
	dev_name = D->bd_disk->part0->bd_device.parent &&
	    D->bd_disk->part0->bd_device.parent->driver ?
	    stringof(D->bd_disk->part0->bd_device.parent->driver->name) :
	    strtok(stringof(D->bd_disk->disk_name), "0123456789");
	dev_statname = stringof(D->bd_device.kobj.name);
	dev_pathname = strjoin("/dev/", stringof(D->bd_device.kobj.name));
};

translator devinfo_t < struct bio *B > {
	dev_major = xlate <devinfo_t> (B->bi_bdev).dev_major;
	dev_minor = xlate <devinfo_t> (B->bi_bdev).dev_minor;
	dev_instance = xlate <devinfo_t> (B->bi_bdev).dev_instance;
	dev_name = xlate <devinfo_t> (B->bi_bdev).dev_name;
	dev_statname = xlate <devinfo_t> (B->bi_bdev).dev_statname;
	dev_pathname = xlate <devinfo_t> (B->bi_bdev).dev_pathname;
};

translator devinfo_t < struct request *R > {
	dev_major = xlate <devinfo_t> (R->part ? R->part :
	    R->q->disk->part0).dev_major;
	dev_minor = xlate <devinfo_t> (R->part ? R->part :
	    R->q->disk->part0).dev_minor;
	dev_instance = xlate <devinfo_t> (R->part ? R->part :
	    R->q->disk->part0).dev_instance;
	dev_name = xlate <devinfo_t> (R->part ? R->part :
	    R->q->disk->part0).dev_name;
	dev_statname = xlate <devinfo_t> (R->part ? R->part :
	    R->q->disk->part0).dev_statname;
	dev_pathname = xlate <devinfo_t> (R->part ? R->part :
	    R->q->disk->part0).dev_pathname;
};

/* fi_oflags: open(2) flags, Linux's values on x86-64 */
inline int O_ACCMODE = 0003;
inline int O_RDONLY = 00;
inline int O_WRONLY = 01;
inline int O_RDWR = 02;
inline int O_CREAT = 0100;
inline int O_EXCL = 0200;
inline int O_NOCTTY = 0400;
inline int O_TRUNC = 01000;
inline int O_APPEND = 02000;
inline int O_NONBLOCK = 04000;
inline int O_NDELAY = 04000;
inline int O_DSYNC = 010000;
inline int O_ASYNC = 020000;
inline int O_DIRECT = 040000;
inline int O_LARGEFILE = 0100000;
inline int O_DIRECTORY = 0200000;
inline int O_NOFOLLOW = 0400000;
inline int O_NOATIME = 01000000;
inline int O_CLOEXEC = 02000000;
inline int O_SYNC = 04010000;
inline int O_FSYNC = 04010000;
inline int O_RSYNC = 04010000;

/* a block I/O's file; NULL where it is not known: "<none>" */
translator fileinfo_t < struct io_file *F > {
	fi_name = F == NULL ? "<none>" : stringof(F->dentry->d_name.name);
	fi_dirname = F == NULL ? "<none>" :
	    dirname(d_path((struct path *)F));
	fi_pathname = F == NULL ? "<none>" : d_path((struct path *)F);
	fi_offset = F == NULL ? 0 : F->offset;
	fi_fs = F == NULL ? "<none>" :
	    stringof(F->dentry->d_sb->s_type->name);
	fi_mount = F == NULL ? "<none>" : "<unknown>";
	fi_oflags = F == NULL ? 0 : F->oflags;
};

/* a NULL file (a closed or out-of-range fd of fds[]) is "<none>" */
translator fileinfo_t < struct file *F > {
	fi_name = F == NULL ? "<none>" :
	    stringof(F->f_path.dentry->d_name.name);
	fi_dirname = F == NULL ? "<none>" : dirname(d_path(&F->f_path));
	fi_pathname = F == NULL ? "<none>" : d_path(&F->f_path);
	fi_offset = F == NULL ? 0 : F->f_pos;
	fi_fs = F == NULL ? "<none>" :
	    stringof(F->f_path.dentry->d_sb->s_type->name);
	fi_mount = F == NULL ? "<none>" : "<unknown>";
	fi_oflags = F == NULL ? 0 : F->f_flags;
};

/*
 * fds[fd]: the file of the current process's descriptor fd, as DTrace
 * defines it; a descriptor out of the table's range is a NULL file.
 */
inline fileinfo_t fds[int fd] = xlate <fileinfo_t> (
    fd >= 0 && fd < curthread->files->fdt->max_fds ?
    curthread->files->fdt->fd[fd] : NULL);
