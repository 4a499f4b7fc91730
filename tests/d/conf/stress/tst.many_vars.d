/*
 * Verifier stress: one clause with 40 globals, 20 thread-locals, 20
 * clause-locals, 20 string compares and a printf of 20 arguments.
 */
/* @@opts: -q */

BEGIN
{
	g0 = 0;
	g1 = 1;
	g2 = 2;
	g3 = 3;
	g4 = 4;
	g5 = 5;
	g6 = 6;
	g7 = 7;
	g8 = 8;
	g9 = 9;
	g10 = 10;
	g11 = 11;
	g12 = 12;
	g13 = 13;
	g14 = 14;
	g15 = 15;
	g16 = 16;
	g17 = 17;
	g18 = 18;
	g19 = 19;
	g20 = 20;
	g21 = 21;
	g22 = 22;
	g23 = 23;
	g24 = 24;
	g25 = 25;
	g26 = 26;
	g27 = 27;
	g28 = 28;
	g29 = 29;
	g30 = 30;
	g31 = 31;
	g32 = 32;
	g33 = 33;
	g34 = 34;
	g35 = 35;
	g36 = 36;
	g37 = 37;
	g38 = 38;
	g39 = 39;
	self->t0 = g0 + g39;
	self->t1 = g1 + g38;
	self->t2 = g2 + g37;
	self->t3 = g3 + g36;
	self->t4 = g4 + g35;
	self->t5 = g5 + g34;
	self->t6 = g6 + g33;
	self->t7 = g7 + g32;
	self->t8 = g8 + g31;
	self->t9 = g9 + g30;
	self->t10 = g10 + g29;
	self->t11 = g11 + g28;
	self->t12 = g12 + g27;
	self->t13 = g13 + g26;
	self->t14 = g14 + g25;
	self->t15 = g15 + g24;
	self->t16 = g16 + g23;
	self->t17 = g17 + g22;
	self->t18 = g18 + g21;
	self->t19 = g19 + g20;
	this->c0 = self->t0 * 2;
	this->c1 = self->t1 * 2;
	this->c2 = self->t2 * 2;
	this->c3 = self->t3 * 2;
	this->c4 = self->t4 * 2;
	this->c5 = self->t5 * 2;
	this->c6 = self->t6 * 2;
	this->c7 = self->t7 * 2;
	this->c8 = self->t8 * 2;
	this->c9 = self->t9 * 2;
	this->c10 = self->t10 * 2;
	this->c11 = self->t11 * 2;
	this->c12 = self->t12 * 2;
	this->c13 = self->t13 * 2;
	this->c14 = self->t14 * 2;
	this->c15 = self->t15 * 2;
	this->c16 = self->t16 * 2;
	this->c17 = self->t17 * 2;
	this->c18 = self->t18 * 2;
	this->c19 = self->t19 * 2;
	s0 = g0 > 10 ? "big" : "small";
	s1 = g2 > 10 ? "big" : "small";
	s2 = g4 > 10 ? "big" : "small";
	s3 = g6 > 10 ? "big" : "small";
	s4 = g8 > 10 ? "big" : "small";
	s5 = g10 > 10 ? "big" : "small";
	s6 = g12 > 10 ? "big" : "small";
	s7 = g14 > 10 ? "big" : "small";
	s8 = g16 > 10 ? "big" : "small";
	s9 = g18 > 10 ? "big" : "small";
	s10 = g20 > 10 ? "big" : "small";
	s11 = g22 > 10 ? "big" : "small";
	s12 = g24 > 10 ? "big" : "small";
	s13 = g26 > 10 ? "big" : "small";
	s14 = g28 > 10 ? "big" : "small";
	s15 = g30 > 10 ? "big" : "small";
	s16 = g32 > 10 ? "big" : "small";
	s17 = g34 > 10 ? "big" : "small";
	s18 = g36 > 10 ? "big" : "small";
	s19 = g38 > 10 ? "big" : "small";
	n = (s0 == "big") +
	    (s1 == "big") +
	    (s2 == "big") +
	    (s3 == "big") +
	    (s4 == "big") +
	    (s5 == "big") +
	    (s6 == "big") +
	    (s7 == "big") +
	    (s8 == "big") +
	    (s9 == "big") +
	    (s10 == "big") +
	    (s11 == "big") +
	    (s12 == "big") +
	    (s13 == "big") +
	    (s14 == "big") +
	    (s15 == "big") +
	    (s16 == "big") +
	    (s17 == "big") +
	    (s18 == "big") +
	    (s19 == "big");
	printf("%d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d\n",
	    this->c0, this->c1, this->c2, this->c3, this->c4, this->c5, this->c6, this->c7, this->c8, this->c9, this->c10, this->c11, this->c12, this->c13, this->c14, this->c15, this->c16, this->c17, this->c18, this->c19);
	printf("%d %s %s\n", n, s0, s19);
	exit(0);
}
