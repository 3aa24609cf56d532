// Five-point stencil from one buffer into another (no in-place update), borders copied.
// run: kernel=jacobi global=16,16 local=8,8
// arg 0: buffer float 256 init=random
// arg 1: buffer float 256 init=none

kernel void jacobi(global const float* in, global float* out) {
  int x = get_global_id(0), y = get_global_id(1);
  int at = y * 16 + x;
  if (x == 0 || y == 0 || x == 15 || y == 15) {
    out[at] = in[at];
    return;
  }
  out[at] = 0.25f * (in[at - 1] + in[at + 1] + in[at - 16] + in[at + 16]);
}
