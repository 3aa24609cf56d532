// Work-item 0 reads the element before the start of the buffer.
// run: kernel=difference global=32 local=32
// arg 0: buffer int 32 init=iota
// arg 1: buffer int 32 init=zero

kernel void difference(global const int* in, global int* out) {
  int i = get_global_id(0);
  out[i] = in[i] - in[i - 1];  // expect: out-of-bounds
}
