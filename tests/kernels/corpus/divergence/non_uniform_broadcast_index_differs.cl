// sub_group_non_uniform_broadcast may be reached by part of a sub-group, but its index must be
// the same for all active work-items ("Behavior is undefined when the value of index is not
// equivalent for all active work items in the sub-group", cl_khr_subgroup_ballot): here each
// work-item names its neighbour.
// run: kernel=neighbours global=32 local=32 options=-cl-std=CL3.0
// arg 0: buffer int 32 init=iota

kernel void neighbours(global int* data) {
  uint lid = get_sub_group_local_id();
  if (lid < 16) {
    data[lid] = sub_group_non_uniform_broadcast(data[lid], (lid + 1) % 16);  // expect: undefined-behaviour
  }
}
