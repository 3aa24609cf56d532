// Early returns: from the kernel's top, from inside a loop, and from a branch after a store.
// RUN: global=256 local=64
// ARG: buffer int 256 random
// ARG: buffer int 256 zero
// ARG: buffer int 256 zero
kernel void early_return(global const int* in, global int* out, global int* where) {
  int gid = get_global_id(0);
  if (gid % 5 == 0) {
    where[gid] = 1;
    return;
  }
  int v = in[gid] & 0xffff;
  for (int i = 0; i < 20; ++i) {
    v = v * 3 + i;
    if ((v & 15) == (gid & 15)) {
      out[gid] = v;
      where[gid] = 2 + i;
      return;
    }
    v &= 0xffff;
  }
  out[gid] = -v;
  if (gid & 1) return;
  where[gid] = 100;
}
