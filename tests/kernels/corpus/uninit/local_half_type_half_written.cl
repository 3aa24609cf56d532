// A __local half tile (cl_khr_fp16) of which only the first half of the group writes its
// element; every work-item reads its mirror element after the barrier, so the upper half reads
// 2-byte elements never written.
// run: kernel=half_of_halves global=64 local=64
// arg 0: buffer ushort 64 init=iota
// arg 1: buffer ushort 64 init=zero
#pragma OPENCL EXTENSION cl_khr_fp16 : enable

kernel void half_of_halves(global const half* in, global half* out) {
  local half tile[64];
  size_t lid = get_local_id(0);
  if (lid < 32) tile[lid] = in[lid];
  barrier(CLK_LOCAL_MEM_FENCE);
  out[lid] = tile[63 - lid] + 1.0h;  // expect: uninitialised
}
