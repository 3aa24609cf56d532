// work_group_broadcast naming the same local id everywhere, but one past the group's last
// work-item: the id must name a work-item of the group (OpenCL C 2.0 §6.13.15).
// run: kernel=past global=32 local=16 options=-cl-std=CL3.0
// arg 0: buffer float 32 init=random

kernel void past(global float* data) {
  size_t gid = get_global_id(0);
  data[gid] = work_group_broadcast(data[gid], get_local_size(0));  // expect: undefined-behaviour
}
