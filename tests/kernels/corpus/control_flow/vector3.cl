// Three-component vectors: int3 buffers (16 bytes each), vload3/vstore3 from packed arrays,
// swizzles, component-wise selects and conversions.
// run: kernel=vector3 global=256 local=64
// arg 0: buffer int3 256 init=wide
// arg 1: buffer float 768 init=wide
// arg 2: buffer int3 256 init=zero
// arg 3: buffer float 768 init=zero
// compare: pocl
kernel void vector3(global const int3* a, global const float* packed, global int3* out,
                    global float* packed_out) {
  size_t gid = get_global_id(0);
  int3 v = a[gid] & (int3)(0xffff);
  int3 w = v.zxy + (int3)((int)gid, 1, 2);
  int3 m = w > v;                       // -1 where greater
  int3 s = select(v, w, m);
  out[gid] = s * 3 - v.yyx + m;
  float3 f = vload3(gid, packed);
  float3 g = f.zyx * 2.0f + convert_float3(s & (int3)(7));
  vstore3(g, gid, packed_out);
}
