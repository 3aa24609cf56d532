// float4 arithmetic, vload4/vstore4 on element-aligned addresses and swizzles.
// run: kernel=float4_math global=64 local=16
// arg 0: buffer float 256 init=random
// arg 1: buffer float4 64 init=none

kernel void float4_math(global const float* in, global float4* out) {
  size_t i = get_global_id(0);
  float4 v = vload4(i, in);
  float4 w = v.wzyx * 2.0f + (float4)(1.0f, 2.0f, 3.0f, 4.0f);
  out[i] = mad(v, w, v.xxyy);
}
