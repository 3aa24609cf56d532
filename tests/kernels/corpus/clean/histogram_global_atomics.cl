// Histogram with one atomic increment per input value into global bins: atomics on the same
// bin from many work-items do not race (OpenCL 1.2 §6.12.11).
// run: kernel=histogram global=512 local=64
// arg 0: buffer uint 512 init=random
// arg 1: buffer uint 16 init=zero

kernel void histogram(global const uint* in, global uint* bins) {
  atomic_inc(&bins[in[get_global_id(0)] % 16]);
}
