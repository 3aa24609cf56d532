// A buffer without host data filled by a first launch and read by a second one.
// run: kernel=fill global=64 local=64
// run: kernel=use global=64 local=64
// arg 0: buffer float 64 init=none
// arg 1: buffer float 64 init=none

kernel void fill(global float* a, global float* b) {
  a[get_global_id(0)] = 1.5f * get_global_id(0);
}

kernel void use(global float* a, global float* b) {
  size_t i = get_global_id(0);
  b[i] = a[63 - i];
}
