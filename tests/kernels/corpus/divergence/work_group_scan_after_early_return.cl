// The last work-items of each group return early, then the rest scan: the scan is reached by
// part of the group (OpenCL C 2.0 §6.13.15), exactly as a barrier after an early return.
// run: kernel=early global=64 local=32 options=-cl-std=CL3.0
// arg 0: buffer uint 64 init=iota

kernel void early(global uint* data) {
  size_t gid = get_global_id(0);
  if (get_local_id(0) >= 30) return;
  data[gid] = work_group_scan_inclusive_max(data[gid]);  // expect: barrier-divergence
}
