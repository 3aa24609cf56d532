// A buffer created without host data is read and the value stored to global memory.
// run: kernel=scale global=64 local=32
// arg 0: buffer float 64 init=none
// arg 1: buffer float 64 init=zero

kernel void scale(global const float* in, global float* out) {
  size_t i = get_global_id(0);
  out[i] = 2.0f * in[i];  // expect: uninitialised
}
