// Work-item i writes a whole float4, work-item i-1 reads one of its components in the same
// epoch: the component read overlaps the vector write.
// run: kernel=components global=32 local=32
// arg 0: buffer float4 32 init=zero
// arg 1: buffer float 32 init=zero

kernel void components(global float4* v, global float* out) {
  size_t i = get_global_id(0);
  v[i] = (float4)((float)i, 1.0f, 2.0f, 3.0f);  // expect: race-read-write
  out[i] = v[(i + 1) % 32].x;  // expect: race-read-write
}
