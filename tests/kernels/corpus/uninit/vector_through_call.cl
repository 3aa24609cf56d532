// A float4 with .w never set is passed by value to a helper that stores each component to its
// own buffer: only the store of .w reads what nothing wrote.
// run: kernel=spread global=16 local=16
// arg 0: buffer float 16 init=zero
// arg 1: buffer float 16 init=zero

void split(float4 v, global float* xs, global float* ws, size_t i) {
  xs[i] = v.x + v.y + v.z;
  ws[i] = v.w;  // expect: uninitialised
}

kernel void spread(global float* xs, global float* ws) {
  size_t i = get_global_id(0);
  float4 v;
  v.xyz = (float3)((float)i, 1.0f, 2.0f);
  split(v, xs, ws, i);
}
