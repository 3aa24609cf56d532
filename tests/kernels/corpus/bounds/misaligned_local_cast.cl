// An int2 read from __local memory at a 4-byte offset (int2 needs 8).
// run: kernel=local_int2 global=8 local=8
// arg 0: buffer int2 8 init=zero

kernel void local_int2(global int2* out) {
  local int words[32];
  size_t lid = get_local_id(0);
  words[4 * lid] = 1;
  words[4 * lid + 1] = 2;
  words[4 * lid + 2] = 3;
  words[4 * lid + 3] = 4;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[lid] = *(local int2*)&words[4 * lid + 1];  // expect: misaligned
}
