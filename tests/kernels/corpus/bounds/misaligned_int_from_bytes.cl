// An int stored through a char pointer at an odd offset.
// run: kernel=pack global=8 local=8
// arg 0: buffer uchar 64 init=zero

kernel void pack(global uchar* bytes) {
  size_t i = get_global_id(0);
  *(global int*)(bytes + 8 * i + 1) = (int)i;  // expect: misaligned
}
