// Private variables of the wide vector types, and a private struct with a short16 member, each
// at the alignment of its type (a type's size, OpenCL 1.2 §6.1.5: 64 bytes for int16, float16
// and double8, 128 for long16): the kernel checks the addresses of its own variables, reads and
// writes them through pointers, and finds them all aligned, as PoCL does.
// run: kernel=own_alignment global=16 local=8
// arg 0: buffer long 64 init=iota
// arg 1: buffer int 64 init=zero
// arg 2: buffer long 16 init=zero
// compare: pocl

#pragma OPENCL EXTENSION cl_khr_fp64 : enable

typedef struct {
  char tag;
  short16 s;
} Tagged;

// Through pointers, so that every variable stays in memory.
long sum16(const private long16* v) { return v->s0 + v->s5 + v->sa + v->sf; }
int misalignment(const private void* p, size_t align) { return (int)((size_t)p % align); }

kernel void own_alignment(global const long* in, global int* out, global long* sum) {
  size_t gid = get_global_id(0);
  char pad = (char)gid;
  long16 l = vload16(gid & 3, in);
  int16 i = convert_int16(l);
  float8 f = convert_float8(i.lo);
  double8 d = convert_double8(f);
  Tagged t;
  t.tag = pad;
  t.s = convert_short16(i);
  private long16* pl = &l;
  private int16* pi = &i;
  private float8* pf = &f;
  private double8* pd = &d;
  private short16* ps = &t.s;
  out[4 * gid + 0] = misalignment(pl, 128);
  out[4 * gid + 1] = misalignment(pi, 64) + misalignment(pd, 64);
  out[4 * gid + 2] = misalignment(pf, 32);
  out[4 * gid + 3] = misalignment(ps, 32) + misalignment(&pad, 1);
  *pi += (int16)(1);
  *pd *= 2.0;
  sum[gid] = sum16(pl) + pi->s3 + (long)pf->s7 + (long)pd->s1 + ps->s2 + t.tag;
}
