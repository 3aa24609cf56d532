// sub_group_broadcast with a sub-group local id that differs between the work-items (OpenCL C
// 3.0 §6.15.19: it "must be the same value for all work-items in the sub-group").
// run: kernel=scatter global=32 local=32 options=-cl-std=CL3.0
// arg 0: buffer int 32 init=iota

kernel void scatter(global int* data) {
  uint me = get_sub_group_local_id();
  data[me] = sub_group_broadcast(data[me], (me + 1) % 32);  // expect: barrier-divergence
}
