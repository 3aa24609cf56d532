// Each work-item writes its own element and its right neighbour's: work-items i and i+1 of
// the same group write element i+1 with no barrier between (OpenCL 1.2 §3.3.1).
// run: kernel=neighbour global=64 local=64
// arg 0: buffer int 65 init=zero

kernel void neighbour(global int* out) {
  size_t i = get_global_id(0);
  out[i] = (int)i;  // expect: race-write-write
  out[i + 1] = -(int)i;  // expect: race-write-write
}
