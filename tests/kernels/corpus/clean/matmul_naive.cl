// Naive matrix multiply, one work-item per output element.
// run: kernel=matmul global=16,16 local=8,8
// arg 0: buffer float 256 init=random
// arg 1: buffer float 256 init=random
// arg 2: buffer float 256 init=none
// arg 3: value int 16

kernel void matmul(global const float* a, global const float* b, global float* c, int n) {
  int col = get_global_id(0), row = get_global_id(1);
  float acc = 0.0f;
  for (int k = 0; k < n; ++k) acc += a[row * n + k] * b[k * n + col];
  c[row * n + col] = acc;
}
