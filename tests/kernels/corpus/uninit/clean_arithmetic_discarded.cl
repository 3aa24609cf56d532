// Clean: arithmetic on an uninitialised value whose result is dropped.
// run: kernel=discard global=16 local=16
// arg 0: buffer float 16 init=none
// arg 1: buffer float 16 init=zero

kernel void discard(global const float* garbage, global float* out) {
  size_t i = get_global_id(0);
  float unused = garbage[i] * 3.0f + 1.0f;
  out[i] = 1.0f;
}
