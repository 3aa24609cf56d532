// Indices read from a buffer created without host data, masked into range and used as an
// address.
// run: kernel=gather global=64 local=32
// arg 0: buffer int 64 init=none
// arg 1: buffer float 64 init=iota
// arg 2: buffer float 64 init=zero

kernel void gather(global const int* index, global const float* in, global float* out) {
  size_t i = get_global_id(0);
  out[i] = in[index[i] & 63];  // expect: uninitialised
}
