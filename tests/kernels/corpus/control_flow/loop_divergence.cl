// Divergence inside a data-dependent loop: Collatz steps (bounded), with an if/else in the
// body that lanes take differently on each iteration.
// run: kernel=loop_divergence global=256 local=64
// arg 0: buffer uint 256 init=iota
// arg 1: buffer uint 256 init=zero
// arg 2: buffer uint 256 init=zero
// compare: pocl
kernel void loop_divergence(global const uint* start, global uint* steps, global uint* odd) {
  uint gid = get_global_id(0);
  uint n = start[gid] + 1;
  uint s = 0, o = 0;
  while (n != 1 && s < 500) {
    if (n & 1) {
      n = 3 * n + 1;
      ++o;
    } else {
      n >>= 1;
    }
    ++s;
  }
  steps[gid] = s;
  odd[gid] = o;
}
