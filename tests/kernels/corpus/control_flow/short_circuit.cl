// && and || whose right-hand sides have side effects (a private counter and a global store),
// the conditional operator choosing between calls, and a comma expression in a loop header.
// run: kernel=short_circuit global=256 local=64
// arg 0: buffer int 256 init=wide
// arg 1: buffer int 256 init=zero
// arg 2: buffer int 256 init=zero
// compare: pocl
int bump(int* counter, int v) {
  ++*counter;
  return v;
}

kernel void short_circuit(global const int* in, global int* out, global int* touched) {
  int gid = get_global_id(0);
  int x = in[gid];
  int calls = 0;
  int r = 0;
  if ((gid & 1) && bump(&calls, x & 4)) r += 1;
  if ((gid & 2) || bump(&calls, x & 8)) r += 2;
  if (bump(&calls, gid % 3) == 0 || ((x & 16) && (touched[gid] = 7))) r += 4;
  r += (x & 32) ? bump(&calls, 100) : bump(&calls, 200) + bump(&calls, 1);
  int i, j;
  for (i = 0, j = gid % 7; i < j; ++i, --j) r += i * j;
  out[gid] = r * 16 + calls;
}
