// work_group_broadcast from local id 10, the same everywhere: inside every whole group of 16,
// but the last group of 100 work-items in groups of 16 has 4 (non-uniform work-groups, OpenCL
// 3.0 §5.10), and id 10 names no work-item of it (OpenCL C 2.0 §6.13.15).
// run: kernel=from_ten global=100 local=16 options=-cl-std=CL3.0
// arg 0: buffer float 100 init=random

kernel void from_ten(global float* data) {
  size_t gid = get_global_id(0);
  data[gid] = work_group_broadcast(data[gid], 10);  // expect: undefined-behaviour
}
