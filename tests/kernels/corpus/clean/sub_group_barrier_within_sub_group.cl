// Clean: a sub_group_barrier orders the accesses of its own sub-group's work-items (OpenCL C 3.0
// §6.15.19). Each work-item writes its own __local and global elements, and after a
// sub_group_barrier on the memory it wrote reads its neighbour's (local id ^ 1, always of the
// same sub-group of 32); every work-item of a sub-group reads the sub-group's first global
// element, which after a second sub_group_barrier the first work-item overwrites. No finding.
// run: kernel=neighbours global=128 local=64 options=-cl-std=CL3.0
// arg 0: buffer int 128 init=zero
// arg 1: buffer int 128 init=zero

kernel void neighbours(global int* data, global int* out) {
  local int tile[64];
  uint lid = get_local_id(0);
  size_t i = get_global_id(0);
  tile[lid] = (int)i;
  data[i] = 2 * (int)i;
  sub_group_barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
  size_t first = i - get_sub_group_local_id();
  int seen = tile[lid ^ 1] + data[i ^ 1] + data[first];
  sub_group_barrier(CLK_GLOBAL_MEM_FENCE);
  if (get_sub_group_local_id() == 0) data[first] = -1;
  out[i] = seen;
}
