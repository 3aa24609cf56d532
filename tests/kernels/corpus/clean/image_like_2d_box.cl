// A 3x3 box blur with clamped coordinates on a 2D range of 32x8 with groups of 8x4.
// run: kernel=box global=32,8 local=8,4
// arg 0: buffer float 256 init=random
// arg 1: buffer float 256 init=none

kernel void box(global const float* in, global float* out) {
  int x = get_global_id(0), y = get_global_id(1);
  float sum = 0.0f;
  for (int dy = -1; dy <= 1; ++dy)
    for (int dx = -1; dx <= 1; ++dx) {
      int sx = clamp(x + dx, 0, 31), sy = clamp(y + dy, 0, 7);
      sum += in[sy * 32 + sx];
    }
  out[y * 32 + x] = sum / 9.0f;
}
