// work_group_broadcast from each group's last work-item, named by get_local_size: in the last
// group of 100 work-items in groups of 16, which has 4 (non-uniform work-groups, OpenCL 3.0
// §5.10), that is local id 3, a work-item of the group. No finding.
// run: kernel=from_last global=100 local=16 options=-cl-std=CL3.0
// arg 0: buffer float 100 init=random

kernel void from_last(global float* data) {
  size_t gid = get_global_id(0);
  data[gid] = work_group_broadcast(data[gid], get_local_size(0) - 1);
}
