// A 2D tile in __local memory: each work-item loads one value, a barrier, then every
// work-item sums its row and column of the tile; a second barrier before reusing the tile
// for the transpose.
// run: kernel=local_tile_2d global=32,32 local=8,8
// arg 0: buffer uint 1024 init=wide
// arg 1: buffer uint 1024 init=zero
// arg 2: buffer uint 1024 init=zero
// compare: pocl
kernel void local_tile_2d(global const uint* in, global uint* sums, global uint* transposed) {
  local uint tile[8][8];
  uint lx = get_local_id(0), ly = get_local_id(1);
  uint gx = get_global_id(0), gy = get_global_id(1), w = get_global_size(0);
  tile[ly][lx] = in[gy * w + gx] >> 4;
  barrier(CLK_LOCAL_MEM_FENCE);
  uint s = 0;
  for (uint k = 0; k < 8; ++k) s += tile[ly][k] + tile[k][lx];
  sums[gy * w + gx] = s;
  barrier(CLK_LOCAL_MEM_FENCE);
  tile[lx][ly] = s;
  barrier(CLK_LOCAL_MEM_FENCE);
  uint tx = get_group_id(1) * 8 + lx, ty = get_group_id(0) * 8 + ly;
  transposed[ty * w + tx] = tile[ly][lx];
}
