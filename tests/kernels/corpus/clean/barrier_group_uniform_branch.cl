// A barrier in a branch on the group id: uniform within each group, so not divergent.
// run: kernel=odd_groups global=128 local=32
// arg 0: buffer int 128 init=iota

kernel void odd_groups(global int* data) {
  local int t[32];
  size_t lid = get_local_id(0);
  if (get_group_id(0) % 2 == 1) {
    t[lid] = data[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    data[get_global_id(0)] = t[31 - lid];
  }
}
