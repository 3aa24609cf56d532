// A private variable set only on one path, stored on every path.
// run: kernel=maybe_set global=16 local=16
// arg 0: buffer int 16 init=zero
// arg 1: value int 0

kernel void maybe_set(global int* out, int enable) {
  int value;
  if (enable) value = 3;
  out[get_global_id(0)] = value;  // expect: uninitialised
}
