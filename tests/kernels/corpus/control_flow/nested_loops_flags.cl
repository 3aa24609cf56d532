// Nested loops that both depend on the lane, an exit of both loops through a flag, and a
// loop that runs zero times for some lanes.
// run: kernel=nested_loops_flags global=256 local=64
// arg 0: buffer uint 256 init=wide
// arg 1: buffer uint 256 init=zero
// compare: pocl
kernel void nested_loops_flags(global const uint* in, global uint* out) {
  uint gid = get_global_id(0);
  uint v = in[gid];
  uint acc = 0;
  bool done = false;
  for (uint i = 0; i < (gid % 6) && !done; ++i) {
    for (uint j = i; j < 10; ++j) {
      acc += (v >> j) & 3;
      if (acc > 12 + (gid & 3)) {
        done = true;
        break;
      }
    }
    acc *= 2;
  }
  for (uint k = 0; k < (v & 3); ++k) acc += k;
  out[gid] = acc | (done ? 0x80000000u : 0u);
}
