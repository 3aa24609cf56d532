// A sub-buffer written one element before its origin, inside the parent's bytes.
// run: kernel=before_sub global=32 local=32
// arg 0: sub-buffer int 32 at=256 of=512 init=zero

kernel void before_sub(global int* part) {
  int i = get_global_id(0);
  part[i - 1] = i;  // expect: out-of-bounds
}
