// A private accumulator array initialised by a loop that stops one short.
// run: kernel=short_init global=8 local=8
// arg 0: buffer float 64 init=random
// arg 1: buffer float 8 init=zero

kernel void short_init(global const float* in, global float* out) {
  float acc[8];
  for (int k = 0; k < 7; ++k) acc[k] = 0.0f;
  for (int k = 0; k < 8; ++k) acc[k] += in[get_global_id(0) * 8 + k];
  float total = 0.0f;
  for (int k = 0; k < 8; ++k) total += acc[k];
  out[get_global_id(0)] = total;  // expect: uninitialised
}
