// vload4 over a buffer of 30 floats: the eighth work-item reads elements 28 to 31.
// run: kernel=vload_tail global=8 local=8
// arg 0: buffer float 30 init=iota
// arg 1: buffer float4 8 init=zero

kernel void vload_tail(global const float* in, global float4* out) {
  size_t i = get_global_id(0);
  out[i] = vload4(i, in);  // expect: out-of-bounds
}
