// A private array of which only the first three elements are set, read at lane-dependent
// indices covering all four.
// run: kernel=partial_table global=16 local=16
// arg 0: buffer int 16 init=zero

kernel void partial_table(global int* out) {
  int table[4];
  table[0] = 10;
  table[1] = 20;
  table[2] = 30;
  size_t i = get_global_id(0);
  out[i] = table[i & 3];  // expect: uninitialised
}
