// Prefix sums of rows: one work-item per row walks its row alone.
// run: kernel=row_scan global=16 local=8
// arg 0: buffer int 256 init=random
// arg 1: buffer int 256 init=none

kernel void row_scan(global const int* in, global int* out) {
  size_t row = get_global_id(0);
  int sum = 0;
  for (int c = 0; c < 16; ++c) {
    sum += in[row * 16 + c];
    out[row * 16 + c] = sum;
  }
}
