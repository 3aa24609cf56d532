// A 2D NDRange of 10 x 7 in work-groups of 4 x 4: the last column of groups is 2 wide, the last
// row 3 high, the corner 2 x 3 (non-uniform work-groups, OpenCL 3.0 §5.10). Each group loads a
// __local tile, waits, and reads its neighbours within the tile by the group's own sizes; then
// a work-group and a sub-group reduction that every work-item of each group reaches. No
// finding: the partial groups' barriers and collectives are reached by all their work-items.
// run: kernel=neighbours global=10,7 local=4,4 options=-cl-std=CL3.0
// arg 0: buffer int 70 init=iota
// arg 1: buffer int 70 init=none
// arg 2: buffer int 70 init=none

kernel void neighbours(global const int* in, global int* out, global int* totals) {
  local int tile[4][4];
  size_t x = get_global_id(0), y = get_global_id(1);
  size_t lx = get_local_id(0), ly = get_local_id(1);
  size_t w = get_local_size(0), h = get_local_size(1);
  tile[ly][lx] = in[y * get_global_size(0) + x];
  barrier(CLK_LOCAL_MEM_FENCE);
  out[y * get_global_size(0) + x] = tile[ly][(lx + 1) % w] + tile[(ly + 1) % h][lx];
  int total = work_group_reduce_add(tile[ly][lx]);
  totals[y * get_global_size(0) + x] = total + (int)sub_group_reduce_add(1u);
}
