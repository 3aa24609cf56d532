// Clean: element 31 of each sub-group's part of a __local tile is never written, and every
// work-item stores what the sub-group and work-group functions give it from written elements
// only: a broadcast of work-item 0, a shuffle up by one (work-item 31 reads 30's; work-item 0's
// result is undefined and keeps its own, written), a shuffle that gives work-item 31 the value of
// 0, an exclusive scan (the elements before each work-item's), a work-group broadcast, and a
// ballot and a non-uniform reduction that work-item 31 does not reach. Work-item 31's own
// unwritten element is an argument of most of these calls, yet no result comes from it (OpenCL C
// 3.0 §6.15.19, §6.15.16): no finding.
// run: kernel=from_written_lanes global=64 local=64 options=-cl-std=CL3.0
// arg 0: buffer int 128 init=zero

kernel void from_written_lanes(global int* out) {
  local int tile[64];
  uint lid = get_local_id(0);
  uint sl = get_sub_group_local_id();
  if (sl != 31) tile[lid] = (int)lid + 1;
  barrier(CLK_LOCAL_MEM_FENCE);
  int v = tile[lid];
  int first = sub_group_broadcast(v, 0);
  int up = sub_group_shuffle_up(v, 1);
  int from_zero = sub_group_shuffle(v, sl % 31);
  int before = sub_group_scan_exclusive_add(v);
  int group_first = work_group_broadcast(v, 0);
  out[lid] = first + up + from_zero + before + group_first;
  if (sl != 31) {
    uint4 votes = sub_group_ballot(v > 3);
    int part = sub_group_non_uniform_reduce_add(v);
    out[64 + lid] = (int)votes.x + part;
  }
}
