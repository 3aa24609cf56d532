// Half elements (cl_khr_fp16) are 2-byte accesses like any other: each work-item reads its
// neighbour to the right, and the last one reads the half one past the end of the buffer
// (the buffer is passed as ushort: the same 2-byte elements).
// run: kernel=neighbours global=64 local=32
// arg 0: buffer ushort 64 init=iota
// arg 1: buffer ushort 64 init=zero
#pragma OPENCL EXTENSION cl_khr_fp16 : enable

kernel void neighbours(global const half* in, global half* out) {
  size_t i = get_global_id(0);
  out[i] = in[i] + in[i + 1];  // expect: out-of-bounds
}
