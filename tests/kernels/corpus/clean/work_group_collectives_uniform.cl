// Work-group collective functions where every work-item reaches each one with the same
// arguments (OpenCL C 2.0 §6.13.15): inside a branch that is uniform across each group (taken
// by a whole group or none), in a loop whose trip count is the group's, and a 2D broadcast.
// No finding.
// run: kernel=uniform global=16,8 local=8,4 options=-cl-std=CL3.0
// arg 0: buffer int 128 init=iota
// arg 1: buffer int 128 init=zero

kernel void uniform(global const int* in, global int* out) {
  size_t gid = get_global_id(0) + get_global_size(0) * get_global_id(1);
  int v = in[gid];
  int acc = 0;
  if (get_group_id(0) == 1) acc = work_group_reduce_max(v);
  for (size_t k = 0; k < get_local_size(1); ++k) acc += work_group_scan_exclusive_add(v + (int)k);
  acc += work_group_broadcast(v, 1, get_local_size(1) - 1);
  acc += work_group_all(v >= 0) + work_group_any(v == 3);
  out[gid] = acc;
}
