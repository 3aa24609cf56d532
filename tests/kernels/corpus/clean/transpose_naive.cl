// Matrix transpose straight from global to global, rectangular matrix.
// run: kernel=transpose_naive global=16,8 local=4,4
// arg 0: buffer int 128 init=iota
// arg 1: buffer int 128 init=none

kernel void transpose_naive(global const int* in, global int* out) {
  int x = get_global_id(0), y = get_global_id(1);
  out[x * 8 + y] = in[y * 16 + x];
}
