// A store through an address written as an integer constant: a valid program, which builds;
// the device judges the store when it runs, finds it outside every object the kernel can
// reach, refuses it and reports it, and the kernel goes on.
// run: kernel=poke global=4 local=4
// arg 0: buffer int 4 init=zero

kernel void poke(global int* out) {
  if (get_global_id(0) == 0) *(global int*)0x7fff00001000 = 7;  // expect: out-of-bounds
  out[get_global_id(0)] = 1;
}
