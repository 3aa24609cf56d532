// A __constant table and a __constant buffer argument read within bounds.
// run: kernel=weights global=64 local=16
// arg 0: buffer float 64 init=random
// arg 1: buffer float 4 init=iota read_only
// arg 2: buffer float 64 init=none

constant float kScale[4] = {0.5f, 1.0f, 2.0f, 4.0f};

kernel void weights(global const float* in, constant float* weight, global float* out) {
  size_t i = get_global_id(0);
  out[i] = in[i] * kScale[i % 4] + weight[i % 4];
}
