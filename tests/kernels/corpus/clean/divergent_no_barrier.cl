// Heavily divergent control flow with no barrier inside it: divergence alone is no finding.
// run: kernel=collatz global=64 local=16
// arg 0: buffer uint 64 init=iota
// arg 1: buffer uint 64 init=none

kernel void collatz(global const uint* in, global uint* steps) {
  uint n = in[get_global_id(0)] + 1;
  uint count = 0;
  while (n != 1) {
    n = (n & 1) ? 3 * n + 1 : n / 2;
    ++count;
  }
  steps[get_global_id(0)] = count;
}
