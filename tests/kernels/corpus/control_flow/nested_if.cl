// Nested ifs four deep on bits of the lane and the data, with else-if chains at each level.
// run: kernel=nested_if global=256 local=64
// arg 0: buffer uint 256 init=wide
// arg 1: buffer uint 256 init=zero
// compare: pocl
kernel void nested_if(global const uint* in, global uint* out) {
  uint gid = get_global_id(0);
  uint x = in[gid];
  uint r = 0;
  if (gid & 1) {
    r = 1;
    if (x & 2) {
      r += 2;
      if (gid & 4) {
        r += 4;
        if (x & 8) r += 8;
        else r -= 1;
      } else if (gid & 8) {
        r += 16;
      } else {
        r += 32;
      }
    } else {
      if (gid & 2) r *= 5;
    }
  } else if (gid & 2) {
    if (x & 1) r = 64;
    else if (x & 4) r = 65;
    else r = 66;
  } else {
    r = x % 7;
    if (r > 3) {
      if (gid & 16) r += 100;
    }
  }
  out[gid] = r;
}
