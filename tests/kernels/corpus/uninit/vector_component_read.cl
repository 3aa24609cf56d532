// A private int4 with .xyz set; its .w component alone decides a branch.
// run: kernel=fourth global=16 local=16
// arg 0: buffer int 16 init=zero

kernel void fourth(global int* out) {
  int4 v;
  v.xyz = (int3)(1, 2, 3);
  if (v.w != 0) out[get_global_id(0)] = v.x;  // expect: uninitialised
}
