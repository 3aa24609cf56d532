// The last work-item writes one element past the end of its output.
// run: kernel=shift_right global=64 local=32
// arg 0: buffer float 64 init=iota
// arg 1: buffer float 64 init=zero

kernel void shift_right(global const float* in, global float* out) {
  size_t i = get_global_id(0);
  out[i + 1] = in[i];  // expect: out-of-bounds
}
