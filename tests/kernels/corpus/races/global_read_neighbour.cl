// Each work-item writes its element, then reads its right neighbour's with no barrier: the
// read of element i+1 by work-item i and its write by work-item i+1 are unordered (OpenCL 1.2
// §3.3.1: work-items of a group are ordered only by a barrier).
// run: kernel=read_neighbour global=64 local=64
// arg 0: buffer int 64 init=zero
// arg 1: buffer int 64 init=zero

kernel void read_neighbour(global int* data, global int* out) {
  size_t i = get_global_id(0);
  data[i] = (int)i * 3;  // expect: race-read-write
  if (i + 1 < get_global_size(0)) out[i] = data[i + 1];  // expect: race-read-write
}
