// Matrix transpose through a __local tile, missing the barrier between filling the tile and
// reading it transposed.
// run: kernel=transpose global=16,16 local=8,8
// arg 0: buffer float 256 init=iota
// arg 1: buffer float 256 init=zero

kernel void transpose(global const float* in, global float* out) {
  local float tile[8][9];
  size_t lx = get_local_id(0), ly = get_local_id(1);
  size_t gx = get_group_id(0) * 8, gy = get_group_id(1) * 8;
  tile[ly][lx] = in[(gy + ly) * 16 + gx + lx];  // expect: race-read-write
  out[(gx + ly) * 16 + gy + lx] = tile[lx][ly];  // expect: race-read-write
}
