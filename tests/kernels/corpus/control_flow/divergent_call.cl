// A function that loops and returns early, called only by some lanes (never inlined), and
// a second call on the other branch with different arguments.
// run: kernel=divergent_call global=256 local=64
// arg 0: buffer int 256 init=wide
// arg 1: buffer int 256 init=zero
// compare: pocl
__attribute__((noinline)) int digits_until(int x, int stop) {
  int n = 0;
  x &= 0x7fffffff;
  while (x > 0) {
    if (x % 10 == stop) return n * 100 + stop;
    x /= 10;
    ++n;
  }
  return -n;
}

kernel void divergent_call(global const int* in, global int* out) {
  int gid = get_global_id(0);
  int r;
  if (gid % 3 != 0) r = digits_until(in[gid], gid % 10);
  else r = digits_until(in[gid] >> 3, 7) + 1;
  out[gid] = r;
}
