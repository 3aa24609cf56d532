// Tiled matrix multiply through __local tiles with a barrier after loading each pair of tiles
// and after using them.
// run: kernel=matmul_tiled global=16,16 local=8,8
// arg 0: buffer float 256 init=random
// arg 1: buffer float 256 init=random
// arg 2: buffer float 256 init=none

#define TILE 8
#define N 16

kernel void matmul_tiled(global const float* a, global const float* b, global float* c) {
  local float ta[TILE][TILE];
  local float tb[TILE][TILE];
  int lx = get_local_id(0), ly = get_local_id(1);
  int col = get_global_id(0), row = get_global_id(1);
  float acc = 0.0f;
  for (int t = 0; t < N / TILE; ++t) {
    ta[ly][lx] = a[row * N + t * TILE + lx];
    tb[ly][lx] = b[(t * TILE + ly) * N + col];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int k = 0; k < TILE; ++k) acc += ta[ly][k] * tb[k][lx];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  c[row * N + col] = acc;
}
