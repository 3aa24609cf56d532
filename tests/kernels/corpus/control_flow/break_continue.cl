// break and continue in a loop, taken by different lanes at different iterations, and a
// break out of an inner loop that only ends the inner one.
// run: kernel=break_continue global=256 local=64
// arg 0: buffer uint 256 init=wide
// arg 1: buffer uint 256 init=zero
// arg 2: buffer uint 256 init=zero
// compare: pocl
kernel void break_continue(global const uint* in, global uint* out, global uint* count) {
  uint gid = get_global_id(0);
  uint seed = in[gid];
  uint acc = 0, steps = 0;
  for (uint i = 0; i < 64; ++i) {
    seed = seed * 1103515245u + 12345u;
    if ((seed >> 16) % 3 == 0) continue;
    ++steps;
    for (uint j = 0; j < 8; ++j) {
      if (j == (gid & 7)) break;
      acc += j;
    }
    acc += seed >> 20;
    if (acc > 40000u + gid * 100u) break;
  }
  out[gid] = acc;
  count[gid] = steps;
}
