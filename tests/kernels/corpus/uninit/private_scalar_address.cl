// An uninitialised private index, masked into range, used as an address.
// run: kernel=index_garbage global=16 local=16
// arg 0: buffer int 16 init=iota
// arg 1: buffer int 16 init=zero
// arg 2: value int 0

kernel void index_garbage(global const int* in, global int* out, int enable) {
  int k;
  if (enable) k = 1;
  out[get_global_id(0)] = in[k & 15];  // expect: uninitialised
}
