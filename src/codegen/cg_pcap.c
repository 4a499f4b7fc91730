/*
 * Code generation for pcap(skb, type): the packet a struct sk_buff
 * holds, recorded as DTrace records it (its dt_cg_act_pcap): the time,
 * and the first pcapsize bytes of the buffer's linear data, from
 * skb->data.  The record is a struct pcap_rec (dobj.h) and the bytes;
 * the consumer writes them to a capture file or prints them
 * (runtime/pcap.c).  The sk_buff's members are read at their offsets in
 * the kernel's BTF.  A NULL or unreadable skb records no packet
 * (caplen 0), which the consumer skips, as DTrace does: pcap() never
 * faults.
 *
 * Besides DTrace's fields the record keeps the network header's offset
 * from skb->data: the network providers see a packet at the device,
 * where skb->data is already the link-layer header (net_dev_queue), so
 * a capture of PCAP_IP starts at the network header (runtime/pcap.c)
 * and holds pcapsize bytes from there, as DTrace's, whose ip:::send
 * fires before the link-layer header is put on: the bytes after
 * pcapsize that the link-layer header takes are recorded too.
 */
#include <stddef.h>

#include "cg_subr.h"
#include "../compile/btf.h"
#include "../runtime/options.h"

/* the members of struct sk_buff pcap() reads */
struct skb_offs {
	int len, data_len, data, head, network_header;
};

static bool skb_offsets(struct cg *cg, struct skb_offs *o)
{
	o->len = dbtf_offsetof(cg->types, "sk_buff", "len");
	o->data_len = dbtf_offsetof(cg->types, "sk_buff", "data_len");
	o->data = dbtf_offsetof(cg->types, "sk_buff", "data");
	o->head = dbtf_offsetof(cg->types, "sk_buff", "head");
	o->network_header = dbtf_offsetof(cg->types, "sk_buff", "network_header");
	return o->len >= 0 && o->data_len >= 0 && o->data >= 0 &&
	       o->head >= 0 && o->network_header >= 0;
}

/* DTrace's capture size: pcapsize when it is a valid one, else 1514 */
static uint32_t pcap_size(const struct dopts *o)
{
	return o->pcapsize > 0 && o->pcapsize < 65566 ? (uint32_t)o->pcapsize
						      : 1514;
}

#define HOFF(rec, m)	SOFF((rec) + offsetof(struct pcap_rec, m))

/*
 * The network header's offset from skb->data, into the record; the data
 * pointer into the stack slot datav.
 */
static void header_offset(struct cg *cg, const struct skb_offs *o,
			  uint32_t rec, uint32_t skbv, uint32_t datav,
			  uint32_t tmp, int done)
{
	int x = ra_new(cg), y = ra_new(cg);

	subr_kread(cg, x, skbv, o->head, 8, tmp, done);
	subr_kread(cg, y, skbv, o->network_header, 2, tmp, done);
	E(I_ALU64_REG(BPF_ADD, x, y));
	subr_kread(cg, y, skbv, o->data, 8, tmp, done);
	E(I_ALU64_REG(BPF_SUB, x, y));
	E(I_STX_MEM(BPF_DW, REG_DCTX, x, HOFF(rec, nhoff)));
	sv_st(cg, datav, y);
	ra_free(cg, x);
	ra_free(cg, y);
}

/*
 * The bytes to capture, into the record's caplen (and the packet's
 * length into len): the linear data's, at most cap and the network
 * header's offset when that is a link-layer header's (up to
 * PCAP_LINKHDR_MAX).  No linear data: to done.
 */
static void capture_length(struct cg *cg, const struct skb_offs *o,
			   uint32_t rec, uint32_t cap, uint32_t skbv,
			   uint32_t tmp, int done)
{
	int x = ra_new(cg), y = ra_new(cg);
	int ok = emit_label_new(cg->e), hdr = emit_label_new(cg->e);

	subr_kread(cg, x, skbv, o->len, 4, tmp, done);
	E(I_STX_MEM(BPF_W, REG_DCTX, x, HOFF(rec, len)));
	subr_kread(cg, y, skbv, o->data_len, 4, tmp, done);
	E(I_ALU64_REG(BPF_SUB, x, y));
	emit_jmp_imm(cg->e, BPF_JSLE, x, 0, done);
	/* y = cap + the link-layer header (none if it is out of range) */
	E(I_LDX_MEM(BPF_DW, y, REG_DCTX, HOFF(rec, nhoff)));
	emit_jmp_imm(cg->e, BPF_JLE, y, PCAP_LINKHDR_MAX, hdr);
	E(I_MOV64_IMM(y, 0));
	emit_label_place(cg->e, hdr);
	E(I_ALU64_IMM(BPF_ADD, y, (int32_t)cap));
	emit_jmp_reg(cg->e, BPF_JLE, x, y, ok);
	E(I_MOV64_REG(x, y));
	emit_label_place(cg->e, ok);
	E(I_STX_MEM(BPF_W, REG_DCTX, x, HOFF(rec, caplen)));
	ra_free(cg, x);
	ra_free(cg, y);
}

void cg_pcap(struct cg *cg, struct node *call, struct dact *act)
{
	struct skb_offs o;
	uint32_t cap = pcap_size(cg->opts);

	if (!skb_offsets(cg, &o)) {
		cg_fail(cg, call, "pcap( ) is not available: no kernel BTF for struct sk_buff");
		return;
	}
	uint32_t size = sizeof(struct pcap_rec) + cap + PCAP_LINKHDR_MAX;
	uint32_t rec = cg_out_slot(cg, call, size);
	uint32_t skbv = sv_new(cg), datav = sv_new(cg), tmp = sv_new(cg);
	int done = emit_label_new(cg->e);
	int r = cg_expr(cg, call->args);

	sv_st(cg, skbv, r);
	ra_free(cg, r);
	r = cg_expr(cg, call->args->next);
	E(I_STX_MEM(BPF_DW, REG_DCTX, r, HOFF(rec, type)));
	ra_free(cg, r);
	r = cg_call(cg, BPF_FUNC_ktime_get_ns, NULL, 0, true);
	E(I_STX_MEM(BPF_DW, REG_DCTX, r, HOFF(rec, time)));
	ra_free(cg, r);
	E(I_ST_MEM(BPF_DW, REG_DCTX, HOFF(rec, caplen), 0));	/* and len */
	E(I_ST_MEM(BPF_DW, REG_DCTX, HOFF(rec, nhoff), 0));

	r = ra_new(cg);
	sv_ld(cg, r, skbv);
	emit_jmp_imm(cg->e, BPF_JEQ, r, 0, done);
	ra_free(cg, r);
	header_offset(cg, &o, rec, skbv, datav, tmp, done);
	capture_length(cg, &o, rec, cap, skbv, tmp, done);

	/* the length again, bounded where the verifier sees it */
	int n = ra_new(cg), data = ra_new(cg);

	E(I_LDX_MEM(BPF_W, n, REG_DCTX, HOFF(rec, caplen)));
	emit_jmp_imm(cg->e, BPF_JGT, n, (int32_t)(cap + PCAP_LINKHDR_MAX),
		     done);
	sv_ld(cg, data, datav);
	struct cg_arg args[] = {
		ARG_DCTX(rec + sizeof(struct pcap_rec)), ARG_REG(n),
		ARG_REG(data),
	};
	int ret = cg_call(cg, BPF_FUNC_probe_read_kernel, args, 3, true);
	int ok = emit_label_new(cg->e);

	emit_jmp_imm(cg->e, BPF_JSGE, ret, 0, ok);
	E(I_ST_MEM(BPF_W, REG_DCTX, HOFF(rec, caplen), 0));
	emit_label_place(cg->e, ok);
	ra_free(cg, ret);
	emit_label_place(cg->e, done);

	act->kind = DACT_PCAP;
	act->nvals = 1;
	act->vals = arena_alloc(cg->a, sizeof(struct dval));
	act->vals[0] = (struct dval){ .kind = DV_BYTES, .offset = rec,
				      .size = size };
}
