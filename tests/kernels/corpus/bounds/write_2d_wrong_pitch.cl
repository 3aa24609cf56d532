// A 2D index computed with the wrong pitch (width + 1): the last rows land past the end.
// run: kernel=pitch global=16,16 local=8,8
// arg 0: buffer int 256 init=zero

kernel void pitch(global int* image) {
  int x = get_global_id(0), y = get_global_id(1);
  image[y * 17 + x] = x + y;  // expect: out-of-bounds
}
