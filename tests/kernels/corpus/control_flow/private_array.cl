// A private array indexed by lane-dependent and data-dependent indices: written in a loop,
// permuted, then read back out of order.
// run: kernel=private_array global=256 local=64
// arg 0: buffer uint 256 init=wide
// arg 1: buffer uint 256 init=zero
// compare: pocl
kernel void private_array(global const uint* in, global uint* out) {
  uint gid = get_global_id(0);
  uint table[16];
  uint x = in[gid];
  for (int i = 0; i < 16; ++i) {
    x = x * 1664525u + 1013904223u;
    table[i] = x >> 8;
  }
  table[gid % 16] ^= gid;
  for (int i = 0; i < 16; ++i) {
    uint j = table[i] % 16;
    uint t = table[i];
    table[i] = table[j];
    table[j] = t;
  }
  uint acc = 0;
  for (uint i = gid % 5; i < 16; i += 3) acc += table[(i * 7 + gid) % 16] * (i + 1);
  out[gid] = acc;
}
