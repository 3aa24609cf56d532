// Pairs of work-items write one byte each to the same char: races at byte granularity.
// run: kernel=bytes global=64 local=64
// arg 0: buffer uchar 32 init=zero

kernel void bytes(global uchar* out) {
  size_t i = get_global_id(0);
  out[i / 2] = (uchar)(i + 1);  // expect: race-write-write
}
