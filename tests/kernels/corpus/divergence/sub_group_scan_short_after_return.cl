// A short inclusive scan (cl_khr_subgroup_extended_types) after an early return of the last
// work-items of each sub-group: the uniform sub-group functions must be reached by every
// work-item of the sub-group (OpenCL C 3.0 §6.15.19), whatever their type.
// run: kernel=prefix global=48 local=48 options=-cl-std=CL3.0
// arg 0: buffer short 48 init=iota

kernel void prefix(global short* data) {
  size_t i = get_global_id(0);
  if (get_sub_group_local_id() >= 12) return;
  data[i] = sub_group_scan_inclusive_max(data[i]);  // expect: barrier-divergence
}
