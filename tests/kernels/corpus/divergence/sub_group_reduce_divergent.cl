// A sub-group reduction inside a branch taken by part of each sub-group (OpenCL C 3.0
// §6.15.19: sub-group functions "must be encountered by all work-items in a sub-group executing
// the kernel"): the reference device's sub-groups are 32 work-items in linear local id order.
// run: kernel=partial global=64 local=64 options=-cl-std=CL3.0
// arg 0: buffer int 64 init=iota

kernel void partial(global int* data) {
  size_t lid = get_local_id(0);
  if (lid % 32 < 20) {
    data[lid] = sub_group_reduce_add(data[lid]);  // expect: barrier-divergence
  }
}
