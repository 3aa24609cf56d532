// A first launch fills only the even elements of a buffer created without data; a second
// launch copies every element to an initialised buffer: the odd ones are uninitialised.
// run: kernel=fill_even global=32 local=32
// run: kernel=copy_all global=64 local=32
// arg 0: buffer int 64 init=none
// arg 1: buffer int 64 init=zero

kernel void fill_even(global int* data, global int* out) {
  data[2 * get_global_id(0)] = 1;
}

kernel void copy_all(global int* data, global int* out) {
  size_t i = get_global_id(0);
  out[i] = data[i] + 1;  // expect: uninitialised
}
