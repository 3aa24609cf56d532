// A work-group collective function inside a branch that only half of each work-group takes:
// every work-item of the group must encounter it (OpenCL C 2.0 §6.13.15).
// run: kernel=half_reduce global=64 local=32 options=-cl-std=CL3.0
// arg 0: buffer int 64 init=iota

kernel void half_reduce(global int* data) {
  size_t lid = get_local_id(0);
  int v = data[get_global_id(0)];
  if (lid < 16) v = work_group_reduce_add(v);  // expect: barrier-divergence
  data[get_global_id(0)] = v;
}
