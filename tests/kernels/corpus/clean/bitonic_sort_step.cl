// One bitonic merge step over a global array: each work-item compares and swaps one pair;
// the pairs of one step are disjoint.
// run: kernel=bitonic_step global=128 local=64
// arg 0: buffer int 256 init=random
// arg 1: value uint 8
// arg 2: value uint 4

kernel void bitonic_step(global int* data, uint stage, uint pass_size) {
  uint i = get_global_id(0);
  uint low = (i / pass_size) * pass_size * 2 + (i % pass_size);
  uint high = low + pass_size;
  bool up = ((low / stage) % 2) == 0;
  int a = data[low], b = data[high];
  if ((a > b) == up) {
    data[low] = b;
    data[high] = a;
  }
}
