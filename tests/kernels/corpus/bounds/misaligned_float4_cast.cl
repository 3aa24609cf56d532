// A float pointer offset by one element cast to float4*: the float4 access needs 16-byte
// alignment (OpenCL 1.2 §6.1.5) and gets 4.
// run: kernel=cast_load global=8 local=8
// arg 0: buffer float 64 init=iota
// arg 1: buffer float4 8 init=zero

kernel void cast_load(global const float* in, global float4* out) {
  size_t i = get_global_id(0);
  global const float4* p = (global const float4*)(in + 4 * i + 1);
  out[i] = *p;  // expect: misaligned
}
