// A loop with a bound that is the same for every lane (a kernel argument) and a branch in it
// on a value uniform across the work-group (the group id), then divergence on the lane.
// run: kernel=uniform_branch_loop global=256 local=64
// arg 0: buffer int 256 init=wide
// arg 1: value int 9
// arg 2: buffer int 256 init=zero
// compare: pocl
kernel void uniform_branch_loop(global const int* in, int rounds, global int* out) {
  int gid = get_global_id(0);
  int g = get_group_id(0);
  int v = in[gid] & 0xfff;
  for (int r = 0; r < rounds; ++r) {
    if (g == 2) v += r;
    else if (g & 1) v ^= r << 2;
    else v -= r;
    if ((gid + r) % 4 == 0) v = (v * 5) & 0xfffff;
  }
  out[gid] = v;
}
