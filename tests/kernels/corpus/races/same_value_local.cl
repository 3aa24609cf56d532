// All work-items of a group store the same constant to one __local variable.
// run: kernel=same_local global=32 local=32
// arg 0: buffer int 32 init=zero

kernel void same_local(global int* out) {
  local int ready;
  ready = 5;  // expect: race-same-value
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_local_id(0)] = ready;
}
