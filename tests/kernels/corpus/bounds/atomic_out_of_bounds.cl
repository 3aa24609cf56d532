// A histogram whose bin index can equal the number of bins: the atomic increment goes one
// past the end.
// run: kernel=histogram global=256 local=64
// arg 0: buffer uint 256 init=iota
// arg 1: buffer uint 16 init=zero

kernel void histogram(global const uint* in, global uint* bins) {
  uint bin = in[get_global_id(0)] / 15;
  if (bin <= 16) atomic_inc(&bins[bin]);  // expect: out-of-bounds
}
