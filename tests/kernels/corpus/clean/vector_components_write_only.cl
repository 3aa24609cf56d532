// Stores to some components of vectors in CL_MEM_WRITE_ONLY buffers: `.x = 42`, `.zy = ...`
// and a float3's `.z`. The source reads nothing of the buffers (OpenCL 1.2 §5.2.1 forbids
// reads of them only), though Clang loads, inserts and stores the whole vector; the other
// components keep what the buffer held, as on PoCL.
// run: kernel=components global=32 local=32
// arg 0: buffer int4 32 init=zero write_only
// arg 1: buffer float3 32 init=zero write_only
// compare: pocl

kernel void components(global int4* out, global float3* f) {
  size_t i = get_global_id(0);
  out[i].x = 42;
  out[i].zy = (int2)((int)i, -(int)i);
  f[i].z = (float)i;
}
