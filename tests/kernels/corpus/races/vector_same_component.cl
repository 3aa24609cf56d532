// Two work-items store the same component (.x) of one float2, with different values, unordered:
// a write-write race on those bytes (OpenCL 1.2 §3.3.1); the .y bytes are stored by neither.
// run: kernel=same_component global=64 local=64
// arg 0: buffer float2 32 init=zero

kernel void same_component(global float2* v) {
  size_t i = get_global_id(0);
  v[i / 2].x = (float)i;  // expect: race-write-write
}
