// A pointer chosen in the kernel from a flag: the flag selects the null pointer.
// run: kernel=choose global=16 local=16
// arg 0: buffer int 16 init=zero
// arg 1: value int 0

kernel void choose(global int* buffer, int use_buffer) {
  global int* target = use_buffer ? buffer : (global int*)0;
  target[get_global_id(0)] = 7;  // expect: null-access
}
