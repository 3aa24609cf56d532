// Divergence inside a data-dependent loop: Collatz steps (bounded), with an if/else in the
// body that lanes take differently on each iteration.
// RUN: global=256 local=64
// ARG: buffer uint 256 index
// ARG: buffer uint 256 zero
// ARG: buffer uint 256 zero
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
