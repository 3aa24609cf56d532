// Global minimum and maximum with atomic_min/atomic_max from every work-item.
// run: kernel=extremes global=256 local=32
// arg 0: buffer int 256 init=random
// arg 1: buffer int 2 init=zero

kernel void extremes(global const int* in, global int* result) {
  int v = in[get_global_id(0)];
  atomic_min(&result[0], v);
  atomic_max(&result[1], v);
}
