// N-body style accumulation: positions loaded into __local tiles, barrier before and after
// each tile is used.
// run: kernel=forces global=64 local=16
// arg 0: buffer float4 64 init=random
// arg 1: buffer float4 64 init=none

kernel void forces(global const float4* pos, global float4* acc) {
  local float4 tile[16];
  size_t i = get_global_id(0), lid = get_local_id(0);
  float4 me = pos[i];
  float4 a = (float4)(0.0f);
  for (int t = 0; t < 4; ++t) {
    tile[lid] = pos[t * 16 + lid];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int j = 0; j < 16; ++j) {
      float4 d = tile[j] - me;
      d.w = 0.0f;
      float inv = rsqrt(dot(d, d) + 0.01f);
      a += d * (inv * inv * inv);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  acc[i] = a;
}
