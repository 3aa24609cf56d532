// A read one row past a 2D array nested two structs deep in private memory, in a loop with a
// constant trip count: rows[2] of float rows[2][2] lands on the struct's `scale` member, inside
// the struct but past the array (C99 §6.5.6, on which OpenCL 1.2 §6 builds), both as written
// and once an optimising build has unrolled the loop and split the struct into its members.
// run: kernel=sum_rows global=8 local=8
// arg 0: buffer float 8 init=zero

typedef struct {
  float rows[2][2];
  float scale;
  float bias;
} Matrix;
typedef struct {
  int id;
  Matrix m;
} Item;

kernel void sum_rows(global float* out) {
  Item it;
  it.id = (int)get_global_id(0);
  it.m.scale = 2.0f;
  it.m.bias = 1.0f;
  for (int r = 0; r < 2; ++r)
    for (int c = 0; c < 2; ++c) it.m.rows[r][c] = (float)(r + c + it.id);
  float total = 0.0f;
  for (int r = 0; r <= 2; ++r) total += it.m.rows[r][0];  // expect: out-of-bounds
  out[get_global_id(0)] = total * it.m.scale + it.m.bias;
}
