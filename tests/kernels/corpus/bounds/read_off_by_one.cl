// The last work-item reads one element past the end of its input.
// run: kernel=shift_left global=64 local=32
// arg 0: buffer int 64 init=iota
// arg 1: buffer int 64 init=zero

kernel void shift_left(global const int* in, global int* out) {
  size_t i = get_global_id(0);
  out[i] = in[i + 1];  // expect: out-of-bounds
}
