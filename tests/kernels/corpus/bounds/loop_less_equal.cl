// A loop bound written with <= instead of <: each row reads one element too many, which for
// the last row lies past the end of the matrix.
// run: kernel=row_sums global=8 local=8
// arg 0: buffer float 64 init=random
// arg 1: buffer float 8 init=zero
// arg 2: value int 8

kernel void row_sums(global const float* m, global float* sums, int n) {
  int row = get_global_id(0);
  float s = 0.0f;
  for (int c = 0; c <= n; ++c) s += m[row * n + c];  // expect: out-of-bounds
  sums[row] = s;
}
