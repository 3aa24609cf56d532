// __local variables of the wide vector types and a __local argument used as long16: each at
// the alignment of its type (OpenCL 1.2 §6.1.5), one variable after another of smaller types so
// that packing them tightly would misplace the next; the kernel checks their addresses, as
// PoCL's are.
// run: kernel=local_alignment global=16 local=8
// arg 0: buffer long 128 init=iota
// arg 1: buffer int 16 init=zero
// arg 2: buffer long 16 init=zero
// arg 3: local 1024
// arg 4: value int 0
// compare: pocl

#pragma OPENCL EXTENSION cl_khr_fp64 : enable

int misalignment(const local void* p, size_t align) { return (int)((size_t)p % align); }

kernel void local_alignment(global const long* in, global int* out, global long* sum,
                            local long16* scratch, int zero) {
  local char flag;
  local long16 l[2];
  local short s;
  local double8 d[2];
  local int i;
  local int16 v;
  size_t lid = get_local_id(0);
  if (lid == 0) {
    flag = 1;
    s = 2;
    i = 3;
    l[0] = vload16(0, in);
    l[1] = vload16(1, in);
    d[0] = convert_double8(l[0].lo);
    d[1] = convert_double8(l[1].hi);
    v = convert_int16(l[0]);
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  scratch[lid] = l[lid & 1] + (long16)(lid);
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = misalignment(&l[zero], 128) + misalignment(&d[zero + 1], 64) +
                          misalignment(&v + zero, 64) + misalignment(&scratch[zero + 1], 128);
  sum[get_global_id(0)] = l[1].s3 + (long)d[lid & 1].s2 + v.s4 + scratch[7 - lid].s9 + flag + s + i;
}
