// A value from a buffer created without host data decides a branch.
// run: kernel=threshold global=64 local=32
// arg 0: buffer int 64 init=none
// arg 1: buffer int 64 init=zero

kernel void threshold(global const int* in, global int* out) {
  size_t i = get_global_id(0);
  if (in[i] > 100) out[i] = 1;  // expect: uninitialised
}
