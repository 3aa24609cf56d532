// Two work-items share each float2: the even one stores its .x, the odd one its .y. Each
// stores its own component's bytes only, so nothing races (OpenCL 1.2 §3.3.1 is about the
// same bytes), though Clang loads, inserts and stores the whole vector.
// run: kernel=halves global=64 local=64
// arg 0: buffer float2 32 init=zero
// compare: pocl

kernel void halves(global float2* v) {
  size_t i = get_global_id(0);
  if (i & 1)
    v[i / 2].y = (float)i;
  else
    v[i / 2].x = (float)i;
}
