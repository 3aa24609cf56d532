// A private array filled completely by a loop, then indexed by a lane-dependent value.
// run: kernel=lookup global=64 local=32
// arg 0: buffer int 64 init=random
// arg 1: buffer int 64 init=none

kernel void lookup(global const int* in, global int* out) {
  int table[8];
  for (int k = 0; k < 8; ++k) table[k] = k * k;
  size_t i = get_global_id(0);
  out[i] = table[in[i] & 7];
}
