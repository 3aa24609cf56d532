// Early returns: from the kernel's top, from inside a loop, and from a branch after a store.
// run: kernel=early_return global=256 local=64
// arg 0: buffer int 256 init=wide
// arg 1: buffer int 256 init=zero
// arg 2: buffer int 256 init=zero
// compare: pocl
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
