// A char broadcast (cl_khr_subgroup_extended_types) inside a branch taken by part of each
// sub-group: the extended types add types to the cl_khr_subgroups functions, which "must be
// encountered by all work items in the sub-group" (OpenCL C 3.0 §6.15.19); only the
// non-uniform functions of the other cl_khr_subgroup_* extensions may be reached by part.
// run: kernel=odd global=64 local=64 options=-cl-std=CL3.0
// arg 0: buffer char 64 init=iota

kernel void odd(global char* data) {
  uint lid = get_sub_group_local_id();
  if (lid % 2 == 1) {
    data[get_global_id(0)] = sub_group_broadcast(data[get_global_id(0)], 1);  // expect: barrier-divergence
  }
}
