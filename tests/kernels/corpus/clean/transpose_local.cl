// Matrix transpose through a padded __local tile with the barrier between writing and
// reading the tile.
// run: kernel=transpose global=32,32 local=8,8
// arg 0: buffer float 1024 init=iota
// arg 1: buffer float 1024 init=none

kernel void transpose(global const float* in, global float* out) {
  local float tile[8][9];
  int lx = get_local_id(0), ly = get_local_id(1);
  int gx = get_group_id(0) * 8, gy = get_group_id(1) * 8;
  tile[ly][lx] = in[(gy + ly) * 32 + gx + lx];
  barrier(CLK_LOCAL_MEM_FENCE);
  out[(gx + ly) * 32 + gy + lx] = tile[lx][ly];
}
