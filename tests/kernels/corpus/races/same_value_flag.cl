// Every work-item sets the same flag to the same value: a race, but of the benign-looking
// same-value kind that is reported with a lower severity.
// run: kernel=set_flag global=64 local=32
// arg 0: buffer float 64 init=random
// arg 1: buffer int 1 init=zero

kernel void set_flag(global const float* in, global int* found) {
  if (in[get_global_id(0)] >= 0.0f) found[0] = 1;  // expect: race-same-value
}
