// Each group initialises its own part of a scratch buffer except the last group, which
// forgets; every group then stores its part.
// run: kernel=forgetful global=128 local=32
// arg 0: buffer int 128 init=none
// arg 1: buffer int 128 init=zero

kernel void forgetful(global int* scratch, global int* out) {
  size_t i = get_global_id(0);
  if (get_group_id(0) != 3) scratch[i] = (int)i;
  barrier(CLK_GLOBAL_MEM_FENCE);
  out[i] = scratch[i];  // expect: uninitialised
}
