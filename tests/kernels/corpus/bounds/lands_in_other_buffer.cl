// Reading past the end of a small buffer, whatever happens to lie after it in memory (another
// buffer of the same kernel, say), is out of bounds of the buffer the pointer came from.
// run: kernel=spill global=16 local=16
// arg 0: buffer int 16 init=iota
// arg 1: buffer int 16 init=iota
// arg 2: buffer int 16 init=zero

kernel void spill(global const int* a, global const int* b, global int* out) {
  int i = get_global_id(0);
  out[i] = a[i + 16] + b[i];  // expect: out-of-bounds
}
