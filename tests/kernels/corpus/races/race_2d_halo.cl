// A 2D stencil that writes its result into the input's halo in place: a work-item's write of
// its cell races with the neighbours' reads of it.
// run: kernel=in_place global=16,16 local=16,16
// arg 0: buffer float 256 init=iota

kernel void in_place(global float* grid) {
  int x = get_global_id(0), y = get_global_id(1);
  if (x == 0 || y == 0 || x == 15 || y == 15) return;
  float sum = grid[y * 16 + x - 1] + grid[y * 16 + x + 1];  // expect: race-read-write
  grid[y * 16 + x] = 0.5f * sum;  // expect: race-read-write
}
