// sub_group_rotate with a delta that differs between the active work-items, and
// sub_group_clustered_rotate with clusters of 3: cl_khr_subgroup_rotate makes the behaviour
// undefined for both (delta the same for all active work-items, the cluster size a power of two
// no greater than the maximum sub-group size). A rotation with a delta the same for all, in a
// branch taken by half of each sub-group, is no finding: the rotations need not be reached by
// the whole sub-group.
// run: kernel=rotate global=64 local=64 options=-cl-std=CL3.0
// arg 0: buffer int 192 init=iota

kernel void rotate(global int* data) {
  size_t i = get_global_id(0);
  int me = (int)get_sub_group_local_id();
  int x = data[i];
  data[64 + i] = sub_group_rotate(x, me % 2);  // expect: undefined-behaviour
  data[128 + i] = sub_group_clustered_rotate(x, 1, 3);  // expect: undefined-behaviour
  if (me % 2 == 0) data[i] = sub_group_rotate(x, 2);
}
