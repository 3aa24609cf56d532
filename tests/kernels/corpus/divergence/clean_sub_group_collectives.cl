// Clean: every work-item of each sub-group reaches the sub-group functions, broadcast names the
// same work-item for all, and a branch uniform within each sub-group (taken by whole sub-groups)
// holds a reduction: no finding. The work-group of 80 is sub-groups of 32, 32 and 16.
// run: kernel=uniform global=160 local=80 options=-cl-std=CL3.0
// arg 0: buffer int 160 init=iota
// arg 1: buffer int 160 init=zero

kernel void uniform(global const int* in, global int* out) {
  size_t i = get_global_id(0);
  int x = in[i];
  int total = sub_group_reduce_add(x);
  int before = sub_group_scan_exclusive_add(x);
  int first = sub_group_broadcast(x, 0);
  if (get_sub_group_id() == 1) total += sub_group_reduce_max(x);
  sub_group_barrier(CLK_GLOBAL_MEM_FENCE);
  out[i] = total + before + first + sub_group_all(x >= 0) + sub_group_any(x == 5);
}
