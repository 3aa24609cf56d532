// vstore3 writing the last triple of a buffer one element short.
// run: kernel=vstore_tail global=8 local=8
// arg 0: buffer int 23 init=zero

kernel void vstore_tail(global int* out) {
  size_t i = get_global_id(0);
  vstore3((int3)((int)i, (int)i + 1, (int)i + 2), i, out);  // expect: out-of-bounds
}
