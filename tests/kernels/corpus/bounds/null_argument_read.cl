// An optional input passed as NULL and read without checking.
// run: kernel=optional_input global=16 local=16
// arg 0: buffer float 16 init=zero
// arg 1: null

kernel void optional_input(global float* out, global const float* bias) {
  size_t i = get_global_id(0);
  out[i] = 1.0f + bias[i];  // expect: null-access
}
