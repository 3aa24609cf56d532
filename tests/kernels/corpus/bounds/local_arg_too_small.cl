// The host gives 60 ints of __local memory for a group of 64 work-items: the last four
// work-items write past the __local argument.
// run: kernel=stage global=64 local=64
// arg 0: buffer int 64 init=iota
// arg 1: buffer int 64 init=zero
// arg 2: local 240

kernel void stage(global const int* in, global int* out, local int* tmp) {
  size_t lid = get_local_id(0);
  tmp[lid] = in[lid];  // expect: out-of-bounds
  barrier(CLK_LOCAL_MEM_FENCE);
  if (lid < 60) out[lid] = tmp[59 - lid];
}
