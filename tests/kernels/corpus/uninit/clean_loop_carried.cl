// Clean: a variable first set at the end of the first iteration and read only from the second
// on (a phi whose uninitialised input is never taken where it is used).
// run: kernel=previous global=16 local=16
// arg 0: buffer int 64 init=iota
// arg 1: buffer int 64 init=zero

kernel void previous(global const int* in, global int* out) {
  size_t i = get_global_id(0);
  int last;
  for (int k = 0; k < 4; ++k) {
    int v = in[i * 4 + k];
    if (k > 0) out[i * 4 + k] = v - last;
    last = v;
  }
  out[i * 4] = 0;
}
