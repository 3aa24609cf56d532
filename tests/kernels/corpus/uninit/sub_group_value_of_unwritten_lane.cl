// Values that another work-item's unwritten element gives: element 0 of each sub-group's part of
// a __local tile is never written, and the sub-group and work-group functions hand it (or a
// result computed from it) to work-items whose own elements are written, which store it. Each
// store is a value nothing wrote: the result comes from the work-item that gave it (OpenCL C 3.0
// §6.15.19, §6.15.16; the extensions' shuffle and ballot), not from the receiving work-item's
// own argument. Work-item 0 of each sub-group stores nothing.
// run: kernel=through_other_lanes global=64 local=64 options=-cl-std=CL3.0
// arg 0: buffer int 320 init=zero

kernel void through_other_lanes(global int* out) {
  local int tile[64];
  uint lid = get_local_id(0);
  uint sl = get_sub_group_local_id();
  if (sl != 0) tile[lid] = (int)lid + 1;
  barrier(CLK_LOCAL_MEM_FENCE);
  int v = tile[lid];
  int first = sub_group_broadcast(v, 0);
  int below = sub_group_shuffle(v, sl - 1);  // only work-item 1 reads work-item 0's
  int total = sub_group_reduce_add(v);
  uint4 votes = sub_group_ballot(v);
  int group_first = work_group_broadcast(v, 0);
  if (sl != 0) {
    out[lid] = first;  // expect: uninitialised
    out[64 + lid] = below;  // expect: uninitialised
    out[128 + lid] = total;  // expect: uninitialised
    out[192 + lid] = (int)votes.x;  // expect: uninitialised
    out[256 + lid] = group_first;  // expect: uninitialised
  }
}
