// Clean: both sides of a divergent branch do their own work, and the single barrier after the
// branch is reached by everybody.
// run: kernel=join global=32 local=32
// arg 0: buffer int 32 init=iota

kernel void join(global int* data) {
  local int t[32];
  size_t lid = get_local_id(0);
  if (lid % 2) t[lid] = data[lid] * 3;
  else t[lid] = data[lid] + 7;
  barrier(CLK_LOCAL_MEM_FENCE);
  data[lid] = t[31 - lid];
}
