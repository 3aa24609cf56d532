// A 3D range with 3D groups: each work-item writes its linear index.
// run: kernel=linear global=8,4,4 local=4,2,2
// arg 0: buffer uint 128 init=none

kernel void linear(global uint* out) {
  size_t x = get_global_id(0), y = get_global_id(1), z = get_global_id(2);
  size_t at = (z * get_global_size(1) + y) * get_global_size(0) + x;
  out[at] = (uint)at;
}
