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

/* the operation is the low byte of bi_opf and cmd_flags; 1 is a write */
translator bufinfo_t < struct bio *B > {
	b_flags = (B->bi_opf & 0xff) == REQ_OP_WRITE ? B_WRITE : B_READ;
	b_bcount = B->bi_iter.bi_size;
	b_lblkno = B->bi_iter.bi_sector;
	b_blkno = B->bi_iter.bi_sector;
	b_resid = 0;
	b_bufsize = B->bi_iter.bi_size;
	b_addr = 0;
	b_iodone = (caddr_t)B->bi_end_io;
	b_error = B->bi_status;
	b_edev = B->bi_bdev->bd_dev;
};

translator bufinfo_t < struct request *R > {
	b_flags = (R->cmd_flags & 0xff) == REQ_OP_WRITE ? B_WRITE : B_READ;
	b_bcount = R->__data_len;
	b_lblkno = R->__sector;
	b_blkno = R->__sector;
	b_resid = 0;
	b_bufsize = R->__data_len;
	b_addr = 0;
	b_iodone = (caddr_t)R->end_io;
	b_error = 0;
	b_edev = R->part ? R->part->bd_dev : 0;
};

translator devinfo_t < struct bio *B > {
	dev_major = B->bi_bdev->bd_dev >> 20;
	dev_minor = B->bi_bdev->bd_dev & 0xfffff;
	dev_instance = B->bi_bdev->bd_dev & 0xfffff;
	dev_name = B->bi_bdev->bd_disk->disk_name;
	dev_statname = B->bi_bdev->bd_disk->disk_name;
	/* the device's own name ("sda1", "nvme0n1p1"): the partition
	 * number's field changed in Linux 6.10, the name did not */
	dev_pathname = strjoin("/dev/",
	    stringof(B->bi_bdev->bd_device.kobj.name));
};

translator devinfo_t < struct request *R > {
	dev_major = R->part->bd_dev >> 20;
	dev_minor = R->part->bd_dev & 0xfffff;
	dev_instance = R->part->bd_dev & 0xfffff;
	dev_name = R->part->bd_disk->disk_name;
	dev_statname = R->part->bd_disk->disk_name;
	dev_pathname = strjoin("/dev/", stringof(R->part->bd_device.kobj.name));
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
