// Groups write blocks of local size + 1 elements: the last group runs past the end.
// run: kernel=blocks global=128 local=32
// arg 0: buffer int 128 init=zero

kernel void blocks(global int* out) {
  out[get_group_id(0) * 33 + get_local_id(0)] = 1;  // expect: out-of-bounds
}
