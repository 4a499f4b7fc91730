/*
 * Growable arrays of any element type, heap-backed:
 *
 *	VEC(struct foo) v = {0};
 *	vec_push(&v, x);  ... v.data[i] ... v.len ...  vec_free(&v);
 */
#ifndef BD_VEC_H
#define BD_VEC_H

#include <stddef.h>

#include "arena.h"

#define VEC(T) struct { T *data; size_t len, cap; }

#define vec_reserve(v, n)						\
	do {								\
		if ((v)->len + (n) > (v)->cap) {			\
			size_t nc_ = (v)->cap ? (v)->cap * 2 : 8;	\
			while (nc_ < (v)->len + (n))			\
				nc_ *= 2;				\
			(v)->data = xrealloc((v)->data,			\
					     nc_ * sizeof(*(v)->data));	\
			(v)->cap = nc_;					\
		}							\
	} while (0)

#define vec_push(v, x)							\
	do {								\
		vec_reserve(v, 1);					\
		(v)->data[(v)->len++] = (x);				\
	} while (0)

#define vec_last(v) ((v)->data[(v)->len - 1])

#define vec_free(v)							\
	do {								\
		free((v)->data);					\
		(v)->data = NULL;					\
		(v)->len = (v)->cap = 0;				\
	} while (0)

#endif
