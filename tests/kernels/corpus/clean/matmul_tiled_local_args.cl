// Tiled matrix multiply with the tiles given as __local arguments and the size as a value.
// run: kernel=matmul_args global=16,16 local=4,4
// arg 0: buffer float 256 init=random
// arg 1: buffer float 256 init=random
// arg 2: buffer float 256 init=none
// arg 3: local 64
// arg 4: local 64
// arg 5: value int 16

kernel void matmul_args(global const float* a, global const float* b, global float* c,
                        local float* ta, local float* tb, int n) {
  int lx = get_local_id(0), ly = get_local_id(1);
  int col = get_global_id(0), row = get_global_id(1);
  float acc = 0.0f;
  for (int t = 0; t < n / 4; ++t) {
    ta[ly * 4 + lx] = a[row * n + t * 4 + lx];
    tb[ly * 4 + lx] = b[(t * 4 + ly) * n + col];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int k = 0; k < 4; ++k) acc = fma(ta[ly * 4 + k], tb[k * 4 + lx], acc);
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  c[row * n + col] = acc;
}
