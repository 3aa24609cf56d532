// A private float4 with two components set, stored whole.
// run: kernel=half_vector global=16 local=16
// arg 0: buffer float4 16 init=zero

kernel void half_vector(global float4* out) {
  float4 v;
  v.x = 1.0f;
  v.y = 2.0f;
  out[get_global_id(0)] = v;  // expect: uninitialised
}
