// goto-like exits: do { ... break; ... } while (0) blocks as forward jumps, a retry loop
// with continue in a do/while, and a real forward goto to a common exit.
// run: kernel=do_while_goto global=256 local=64
// arg 0: buffer uint 256 init=wide
// arg 1: buffer uint 256 init=zero
// compare: pocl
kernel void do_while_goto(global const uint* in, global uint* out) {
  uint gid = get_global_id(0);
  uint x = in[gid];
  uint r = 0;
  do {
    if (x & 1) break;
    r |= 1;
    if (x & 2) break;
    r |= 2;
    do {
      if (gid & 1) break;
      r |= 4;
    } while (0);
    r |= 8;
  } while (0);
  uint tries = 0;
  do {
    ++tries;
    x = x * 747796405u + 2891336453u;
    if ((x >> 28) < 5) continue;
    r += 16;
  } while (tries < (gid & 15) + 1);
  if (r > 100) goto done;
  r += 1000;
done:
  out[gid] = r ^ (tries << 20);
}
