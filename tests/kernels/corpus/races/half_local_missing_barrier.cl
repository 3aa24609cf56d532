// A __local half tile (cl_khr_fp16) written and read reversed with no barrier between: a race
// on 2-byte elements, found as on any other type.
// run: kernel=reverse_halves global=64 local=32
// arg 0: buffer ushort 64 init=iota
// arg 1: buffer ushort 64 init=zero
#pragma OPENCL EXTENSION cl_khr_fp16 : enable

kernel void reverse_halves(global const half* in, global half* out) {
  local half tile[32];
  size_t lid = get_local_id(0);
  tile[lid] = in[get_global_id(0)] * 2.0h;  // expect: race-read-write
  out[get_global_id(0)] = tile[31 - lid];  // expect: race-read-write
}
